import { describe, expect, it } from 'vitest';
import { searchPrefixes } from './record-search';

describe('searchPrefixes', () => {
  it('looks a name up as typed and with a capital first letter', () => {
    expect(searchPrefixes('faca do')).toEqual(['faca do', 'Faca do']);
    expect(searchPrefixes(' Faca ')).toEqual(['Faca']);
    expect(searchPrefixes('ótimo')).toEqual(['ótimo', 'Ótimo']);
  });

  it('looks nothing up under two characters', () => {
    expect(searchPrefixes('f')).toEqual([]);
    expect(searchPrefixes('   ')).toEqual([]);
  });
});
