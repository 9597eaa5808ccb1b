import { describe, expect, it } from 'vitest';
import { asDate, heldPrice, newestFirst, staleSentence } from './review';

describe('held prices and stale overrides as the lists show them', () => {
  it("says a stale override in the operator's words, with the override's day", () => {
    const at = new Date(2026, 10, 28, 15, 0);
    expect(staleSentence(189.9, 199.9, at, (v) => `R$ ${String(v).replace('.', ',')}`)).toBe(
      'O ERP mudou de R$ 189,9 para R$ 199,9 depois da sua alteração de 28/11',
    );
    expect(staleSentence('A', 'B', null, String)).toBe('O ERP mudou de A para B depois da sua alteração');
    // A Timestamp is a class instance, not a plain object.
    class Stamp {
      toDate() {
        return at;
      }
    }
    expect(asDate(new Stamp())).toBe(at);
  });

  it('reads a hold, naming its author, and lists the newest first', () => {
    const older = heldPrice('h1', {
      ProductCode: '1',
      field: 'Price',
      from: 10,
      to: 5,
      createdBy: { id: 'u1', email: 'a@b.test' },
      createdAt: { toDate: () => new Date(1) },
    });
    const newer = heldPrice('h2', { ProductCode: '2', field: 'Price', to: 'x', createdAt: { toDate: () => new Date(2) } });
    expect(older).toMatchObject({ code: '1', from: 10, to: 5, who: 'a@b.test' });
    expect(newer).toMatchObject({ from: null, to: null, who: '—' });
    expect(newestFirst([older, newer]).map((h) => h.id)).toEqual(['h2', 'h1']);
  });
});
