import { describe, expect, it } from 'vitest';
import { parsePreferences, serializePreferences, togglePinned, toggleVisible, type ColumnPreferences } from './column-preferences';

const keys = ['createdAt', 'customer', 'action', 'device', 'ip'];
const defaults: ColumnPreferences = { visible: ['createdAt', 'customer', 'action'], pinned: ['createdAt'] };

describe('column preferences', () => {
  it('reads back what was stored', () => {
    const chosen = togglePinned(toggleVisible(defaults, 'ip', keys), 'customer', keys);
    expect(chosen).toEqual({ visible: ['createdAt', 'customer', 'action', 'ip'], pinned: ['createdAt', 'customer'] });
    expect(parsePreferences(serializePreferences(chosen, keys), keys, defaults)).toEqual(chosen);
  });

  it('falls back to the defaults for nothing, broken JSON or another shape', () => {
    expect(parsePreferences(null, keys, defaults)).toBeNull();
    expect(parsePreferences('{', keys, defaults)).toBeNull();
    expect(parsePreferences('{"version":2,"visible":[],"pinned":[]}', keys, defaults)).toBeNull();
  });

  it('drops columns the table no longer has and shows a new column as its defaults say', () => {
    const stored = serializePreferences({ visible: ['createdAt', 'gone'], pinned: ['gone'] }, ['createdAt', 'customer', 'action', 'gone']);
    const withNew = [...keys, 'store'];
    expect(parsePreferences(stored, withNew, { visible: ['createdAt', 'store'], pinned: [] })).toEqual({ visible: ['createdAt', 'store'], pinned: [] });
  });

  it('unpins a column it hides and shows a column it pins', () => {
    expect(toggleVisible(defaults, 'createdAt', keys)).toEqual({ visible: ['customer', 'action'], pinned: [] });
    expect(togglePinned(defaults, 'device', keys)).toEqual({ visible: ['createdAt', 'customer', 'action', 'device'], pinned: ['createdAt', 'device'] });
  });
});
