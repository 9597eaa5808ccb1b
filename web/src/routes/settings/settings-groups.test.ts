import { describe, expect, it } from 'vitest';
import { ALL_SETTINGS_IDS, settingsForProject } from '@console/shared';
import { groupSettingsByPurpose, SETTINGS_PURPOSES } from './settings-groups';

describe('settings by purpose', () => {
  it('puts every settings screen of every project in exactly one purpose', () => {
    const listed = SETTINGS_PURPOSES.flatMap((p) => p.ids);
    expect([...listed].sort()).toEqual([...ALL_SETTINGS_IDS]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('groups the stores’ 29 screens under Loja, Pagamento, Frete, Marketing and Integrações', () => {
    const groups = groupSettingsByPurpose(settingsForProject('main'));
    expect(groups.map((g) => g.purpose.title)).toEqual(['Loja', 'Pagamento', 'Frete', 'Marketing', 'Integrações']);
    expect(groups.flatMap((g) => g.settings)).toHaveLength(29);
    expect(groups.find((g) => g.purpose.key === 'payment')?.settings.map((s) => s.title)).toContain('Mercado Pago');
  });

  it('leaves out a purpose the user may open nothing of', () => {
    const store = settingsForProject('main').filter((s) => s.id === 'store');
    expect(groupSettingsByPurpose(store).map((g) => g.purpose.title)).toEqual(['Loja']);
  });
});
