import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight.js';

describe('createSingleFlight', () => {
  it('runs one call for every caller of a key while it is under way', async () => {
    const flight = createSingleFlight<number>();
    let calls = 0;
    let release: (value: number) => void = () => {};
    const call = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([flight('p/1', call), flight('p/1', call)]);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('keeps keys apart and starts afresh once a call settled, failures included', async () => {
    const flight = createSingleFlight<string>();
    let calls = 0;
    const answer = (value: string) => () => {
      calls++;
      return Promise.resolve(value);
    };
    expect(await Promise.all([flight('a', answer('a')), flight('b', answer('b'))])).toEqual(['a', 'b']);
    expect(await flight('a', answer('again'))).toBe('again');
    await expect(flight('c', () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    expect(await flight('c', answer('c'))).toBe('c');
    expect(calls).toBe(4);
  });
});
