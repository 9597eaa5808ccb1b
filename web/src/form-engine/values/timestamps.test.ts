import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { fromDateInputValue, fromDatetimeInputValue, toDateInputValue, toDatetimeInputValue } from './timestamps';

describe('date inputs over Firestore timestamps', () => {
  it('round-trips a date through a Timestamp at local midnight', () => {
    const stored = fromDateInputValue('2024-02-29');
    expect(stored).toBeInstanceOf(Timestamp);
    expect(toDateInputValue(stored)).toBe('2024-02-29');
    expect(stored!.toDate().getHours()).toBe(0);
  });

  it('round-trips a date-time to the minute', () => {
    const stored = fromDatetimeInputValue('2024-12-31T23:45');
    expect(toDatetimeInputValue(stored)).toBe('2024-12-31T23:45');
  });

  it('reads the other stored shapes and clears to null', () => {
    expect(toDateInputValue({ seconds: new Date(2023, 0, 5).getTime() / 1000, nanoseconds: 0 })).toBe('2023-01-05');
    expect(toDateInputValue(new Date(2023, 6, 1))).toBe('2023-07-01');
    expect(toDateInputValue(null)).toBe('');
    expect(fromDateInputValue('')).toBeNull();
  });
});
