import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { newOverride } from './product-data-changelog.js';

const mark = (seconds: number, field = 'Price') => ({ field, about: 'Concorrência', by: 'u1', at: new Timestamp(seconds, 0) });

describe('which product-data writes are overrides', () => {
  it('a write with a new mark is one', () => {
    expect(newOverride({ Price: 1 }, { Price: 2, _override: mark(10) })).toMatchObject({ field: 'Price', by: 'u1' });
    expect(newOverride({ _override: mark(10) }, { _override: mark(11, 'Options.canSell') })?.field).toBe('Options.canSell');
  });

  it('a server write keeping the previous mark, or one without any, is not', () => {
    expect(newOverride({ Price: 1, _override: mark(10) }, { Price: 3, _override: mark(10) })).toBeNull();
    expect(newOverride(undefined, { Price: 3 })).toBeNull();
    expect(newOverride({ _override: mark(10) }, undefined)).toBeNull();
    expect(newOverride(undefined, { _override: { field: 'Price', by: 'u1', at: new Timestamp(1, 0) } })).toBeNull();
  });
});
