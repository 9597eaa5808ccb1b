import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FREE_TEXT_FIELD_TYPES, fieldsNamedBy, intentWords, operatorAskedFor } from './operator-intent.js';

const PRICES = [
  { name: 'Price', title: 'Preço' },
  { name: 'PricePromo', title: 'Preço promocional' },
  { name: 'CostPrice', title: 'Preço de custo' },
  { name: 'canSell', title: 'Pode vender' },
];
const named = (text: string, fields = PRICES) => [...fieldsNamedBy(text, fields)].sort();

describe('the fields an operator request names', () => {
  it('names a field by its whole title, accents and case aside, a plural allowed', () => {
    expect(named('Mude o preço para 10')).toEqual(['Price']);
    expect(named('MUDE O PRECO PARA 10')).toEqual(['Price']);
    expect(named('ajuste os preços')).toEqual(['Price']);
    expect(named('pode vender este produto?')).toEqual(['canSell']);
  });

  it('a mention inside a longer title names only the longer one', () => {
    expect(named('reduza o preço promocional')).toEqual(['PricePromo']);
    expect(named('reduza o preço de custo')).toEqual(['CostPrice']);
    expect(named('o preço e o preço promocional')).toEqual(['Price', 'PricePromo']);
  });

  it("one 'preço' does not unlock every field titled 'Preço…'", () => {
    const onlyLonger = PRICES.filter((f) => f.name !== 'Price');
    expect(named('mude o preço', onlyLonger)).toEqual([]);
  });

  it('a qualifier in parentheses may be left out', () => {
    const fields = [
      { name: 'PriceNet', title: 'Preço de custo (fabricante)' },
      { name: 'PriceMin', title: 'Preço mínimo (fabricante)' },
      { name: 'PriceMinInstallments', title: 'Preço mínimo parcelado (fabricante)' },
      { name: 'Price', title: 'Preço à vista' },
    ];
    expect(named('ajuste o preço de custo', fields)).toEqual(['PriceNet']);
    expect(named('ajuste o preço mínimo parcelado', fields)).toEqual(['PriceMinInstallments']);
    expect(named('reduza o preço à vista', fields)).toEqual(['Price']);
    expect(named('reduza o preço', fields)).toEqual([]);
  });

  it('names a field by its key as one word, never by a part of a word', () => {
    expect(named('set Price to 0')).toEqual(['Price']);
    expect(named('set PricePromo')).toEqual(['PricePromo']);
    expect(named('precificação e vendedor')).toEqual([]);
    expect(named('pode vendê-lo?')).toEqual([]);
  });

  it('an empty request names nothing', () => {
    expect(named('')).toEqual([]);
    expect(named('   ')).toEqual([]);
  });

  // Titles of lower-case words that are not plurals of each other ('s'/'es' would blur them).
  const word = fc.stringMatching(/^[a-z]{3,8}$/).filter((w) => !/(s|es)$/.test(w));
  const title = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));

  it('property: the exact title of a field names it unless a longer named title contains it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(title, { minLength: 1, maxLength: 5 }), fc.nat(), (titles, pick) => {
        const fields = titles.map((t, i) => ({ name: `f${i}`, title: t }));
        const chosen = fields[pick % fields.length]!;
        const result = fieldsNamedBy(`por favor altere ${chosen.title} agora`, fields);
        const swallowed = fields.some(
          (f) =>
            f !== chosen &&
            f.title.length > chosen.title.length &&
            ` ${f.title} `.includes(` ${chosen.title} `) &&
            `por favor altere ${chosen.title} agora`.includes(f.title),
        );
        expect(result.has(chosen.name)).toBe(!swallowed);
      }),
    );
  });

  it('property: a request that mentions only a longer title never names a strictly shorter title inside it', () => {
    fc.assert(
      fc.property(title, word, (short, extra) => {
        const fields = [
          { name: 'short', title: short },
          { name: 'long', title: `${short} ${extra}` },
        ];
        const result = fieldsNamedBy(`altere ${short} ${extra}`, fields);
        expect(result.has('long')).toBe(true);
        expect(result.has('short')).toBe(false);
      }),
    );
  });

  it('property: case and accents never change what is named', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        expect(named(text.toUpperCase())).toEqual(named(text.toLowerCase()));
        expect(intentWords(text.normalize('NFD'))).toEqual(intentWords(text.normalize('NFC')));
      }),
    );
  });
});

describe("the operator-intent check: what a proposal may change after the operator's request", () => {
  const FIELDS = [
    { name: 'ProductSiteName', title: 'Nome no site', type: 'text' },
    { name: 'ProductDescription', title: 'Descrição', type: 'editor' },
    { name: 'Price', title: 'Preço', type: 'number' },
    { name: 'PricePromo', title: 'Preço promocional', type: 'number' },
    { name: 'canSell', title: 'Pode vender', type: 'checkbox' },
    { name: 'category', title: 'Categoria', type: 'select' },
  ];
  const asked = (request: string) => FIELDS.filter(operatorAskedFor(request, FIELDS)).map((f) => f.name);

  it('free text always; prices, flags and options only when the request names them', () => {
    expect(asked('melhore a descrição')).toEqual(['ProductSiteName', 'ProductDescription']);
    expect(asked('reduza o preço promocional e mude a categoria')).toEqual(['ProductSiteName', 'ProductDescription', 'PricePromo', 'category']);
    expect(asked('')).toEqual(['ProductSiteName', 'ProductDescription']);
  });

  it("a word near a field's title is not its title: 'preço' alone does not unlock 'Preço promocional'", () => {
    expect(asked('mude o preço')).toEqual(['ProductSiteName', 'ProductDescription', 'Price']);
    expect(asked('precificação e vendas')).toEqual(['ProductSiteName', 'ProductDescription']);
  });

  it('property: a field that is not free text is asked for exactly when the request names it', () => {
    const kinds = fc.constantFrom('text', 'textarea', 'editor', 'array_textarea', 'number', 'checkbox', 'select', 'select_nested');
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(kinds, { minLength: 1, maxLength: FIELDS.length }), (request, types) => {
        const fields = types.map((type, i) => ({ ...FIELDS[i]!, type }));
        const named = fieldsNamedBy(request, fields);
        const check = operatorAskedFor(request, fields);
        for (const field of fields) expect(check(field)).toBe(FREE_TEXT_FIELD_TYPES.has(field.type) || named.has(field.name));
      }),
    );
  });
});
