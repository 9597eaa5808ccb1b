import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { channelsOfStore } from './channels.js';
import { productFacts } from './facts.js';
import { gtinProblem, isCestFormat, isOriginCode, ncmDigits } from './fiscal.js';
import { evaluateReadiness, productReadinessSchema, rulesVersion, topReasons } from './evaluate.js';
import { readinessOverrides, readinessRules } from './rules.js';
import { productImage, readyProduct } from '../../../test-support/readiness-products.js';

// A stand-in for the pinned table (functions/src/readiness/ncm-table.ts): 8215.20.00 ('Outros sortidos')
// and 8509.40.10 ('Liquidificadores') are in the Siscomex table in force (13/05/2025); 8215.20.99 is not.
const KNOWN_NCM = new Set(['82152000', '85094010']);
const isKnownNcm = (code: string) => KNOWN_NCM.has(code);
const rules = readinessRules();

const image = productImage;
/** Meets every channel's rules: 3 images (Shopee, MadeiraMadeira), a 162-character description. */
const completeProduct = () => readyProduct(3);

const evaluate = (product: Record<string, unknown>) => evaluateReadiness(productFacts(product), rules, isKnownNcm);
const failedRules = (product: Record<string, unknown>, channel: keyof typeof rules) => evaluate(product).channels[channel]!.failures.map((f) => f.rule);

describe('readiness rules', () => {
  it('passes a complete product on every channel with a score of 100', () => {
    const result = evaluate(completeProduct());
    expect(result.notReady).toEqual([]);
    for (const channel of Object.values(result.channels)) expect(channel).toEqual({ score: 100, failures: [] });
    expect(productReadinessSchema.parse(result)).toEqual(result);
  });

  it("holds titles to each channel's published limit (Magalu 150, Amazon 200)", () => {
    const at = (length: number) => ({ ...completeProduct(), ProductSiteName: 'x'.repeat(length) });
    expect(failedRules(at(150), 'magalu')).toEqual([]);
    expect(failedRules(at(151), 'magalu')).toEqual(['title']);
    expect(failedRules(at(200), 'amazon')).toEqual([]);
    expect(failedRules(at(201), 'amazon')).toEqual(['title']);
    expect(evaluate(at(151)).channels.magalu!.failures[0]).toEqual({
      rule: 'title',
      field: 'ProductSiteName',
      label: 'Nome no site',
      reason: 'O nome passa de 150 caracteres',
    });
  });

  it('counts images and description characters as the buyer sees them', () => {
    const twoImages = { ...completeProduct(), images: [image(1), image(2)] };
    expect(failedRules(twoImages, 'magalu')).toEqual([]);
    expect(failedRules(twoImages, 'shopee')).toEqual(['images']);
    // 99 letters in markup: Shopee and MadeiraMadeira ask 100 (our conservative choice), the site 50.
    const shortText = { ...completeProduct(), ProductDescription: `<p><strong>${'a'.repeat(99)}</strong></p>` };
    expect(failedRules(shortText, 'shopee')).toEqual(['description']);
    expect(failedRules(shortText, 'site')).toEqual([]);
    // The manufacturer's image files count when the catalogue has none.
    const filesOnly = {
      ...completeProduct(),
      images: [],
      ProductFiles: { Files: [{ FileType: 'PD', FileExtension: 'JPG', FileCDNURL: 'https://cdn/x.jpg' }] },
    };
    expect(failedRules(filesOnly, 'site')).toEqual([]);
    expect(failedRules(filesOnly, 'magalu')).toEqual(['images']);
  });

  it('asks for brand, category, price and stock with the field to fix', () => {
    const bare = { ...completeProduct(), brand: ' ', category: null, Price: 0, Stock: { loja: { qty: 0 } } };
    const failures = evaluate(bare).channels.site!.failures;
    expect(failures.map((f) => [f.field, f.reason])).toEqual([
      ['brand', 'Informe a marca'],
      ['category', 'Informe a categoria'],
      ['Price', 'Informe o preço à vista (maior que zero)'],
      ['Stock', 'Sem estoque em nenhum depósito'],
    ]);
  });

  it('wants dimensions and weights present and plausible, in the unit stored', () => {
    expect(failedRules({ ...completeProduct(), GrossWeight: null }, 'site')).toEqual(['grossWeight']);
    // Millimetres are converted: 80 mm is 8 cm.
    expect(
      failedRules(
        { ...completeProduct(), DimensionsUnit: 'mm', HeightPacking: 80, WidthPacking: 330, LengthPacking: 250, Height: 50, Width: 300, Length: 220 },
        'amazon',
      ),
    ).toEqual([]);
    // Millimetres typed into a centimetre field: 3300 cm is not a package.
    const typo = evaluate({ ...completeProduct(), WidthPacking: 3300 });
    expect(typo.channels.site!.failures).toEqual([
      { rule: 'packWidth', field: 'WidthPacking', label: 'Largura da embalagem', reason: 'Largura da embalagem fora do plausível (0,5–300 cm)' },
    ]);
    // The product's own measures only matter to the marketplaces.
    expect(failedRules({ ...completeProduct(), Height: null }, 'site')).toEqual([]);
    expect(failedRules({ ...completeProduct(), Height: null }, 'magalu')).toEqual(['height']);
  });

  it('blocks on fiscal data: GTIN (marketplaces require it), NCM in the table, CEST and origin where set', () => {
    const noGtin = { ...completeProduct(), EAN13: '' };
    expect(failedRules(noGtin, 'site')).toEqual([]);
    expect(failedRules(noGtin, 'magalu')).toEqual(['gtin']);
    const reasonsOf = (product: Record<string, unknown>) => evaluate(product).channels.site!.failures.map((f) => f.reason);
    expect(reasonsOf({ ...completeProduct(), EAN13: '4006381333932' })).toEqual(['O dígito verificador do GTIN/EAN não confere']);
    expect(reasonsOf({ ...completeProduct(), EAN13: '400638133393' })).toEqual(['O dígito verificador do GTIN/EAN não confere']);
    expect(reasonsOf({ ...completeProduct(), EAN13: '40063813339' })).toEqual(['O GTIN/EAN deve ter 8, 12, 13 ou 14 dígitos']);
    expect(reasonsOf({ ...completeProduct(), NCMCode: '8215.20.99' })).toEqual(['NCM fora da tabela NCM vigente da Receita Federal']);
    expect(reasonsOf({ ...completeProduct(), NCMCode: '8215.20' })).toEqual(['O NCM deve ter 8 dígitos (ex.: 8215.20.00)']);
    expect(reasonsOf({ ...completeProduct(), NCMCode: null })).toEqual(['Informe o NCM']);
    expect(reasonsOf({ ...completeProduct(), CESTCode: '21.064.00', Origin: '0' })).toEqual([]);
    expect(reasonsOf({ ...completeProduct(), CESTCode: '2106400' })).toEqual([]);
    expect(reasonsOf({ ...completeProduct(), CESTCode: '21.064.0' })).toEqual(['O CEST deve ter 7 dígitos (NN.NNN.NN)']);
    expect(reasonsOf({ ...completeProduct(), Origin: '9' })).toEqual(['A origem da mercadoria deve ser um código de 0 a 8']);
    expect(reasonsOf({ ...completeProduct(), Origin: 8 })).toEqual([]);
  });

  it("takes a store's own numbers over the defaults, and says the rules changed", () => {
    const stricter = readinessRules({ site: { minImages: 4 } });
    expect(rulesVersion(stricter)).not.toBe(rulesVersion(rules));
    expect(rulesVersion(readinessRules())).toBe(rulesVersion(rules));
    const result = evaluateReadiness(productFacts(completeProduct()), stricter, isKnownNcm);
    expect(result.channels.site!.failures.map((f) => f.reason)).toEqual(['Adicione ao menos 4 imagens']);
    expect(result.notReady).toEqual(['site']);
  });

  it('sells on the site and on the marketplaces an active pricing rule names', () => {
    expect(channelsOfStore([])).toEqual(['site']);
    expect(
      channelsOfStore([{ store: 'shopee', isActive: false }, { store: 'magalu', isActive: true }, { store: 'site' }, { store: 'ebay', isActive: true }]),
    ).toEqual(['site', 'magalu']);
  });

  it('ranks the reasons that block the most products', () => {
    const results = [completeProduct(), { ...completeProduct(), images: [] }, { ...completeProduct(), images: [], brand: '' }].map(
      (p) => evaluate(p).channels.magalu!,
    );
    expect(topReasons(results)).toEqual([
      { reason: 'Adicione ao menos 2 imagens', field: 'images', products: 2 },
      { reason: 'Informe a marca', field: 'brand', products: 1 },
    ]);
  });
});

describe('fiscal checks', () => {
  const gtinBody = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length - 1, maxLength: length - 1 });
  /** GS1's mod-10 check digit, written out here only to generate cases. */
  const checkDigit = (body: string) => {
    const sum = [...body].reverse().reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
    return String((10 - (sum % 10)) % 10);
  };

  it('accepts every GTIN-8/12/13/14 with its check digit, and refuses it with any other digit', () => {
    fc.assert(
      fc.property(fc.constantFrom(8, 12, 13, 14).chain(gtinBody), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const digit = checkDigit(body);
        expect(gtinProblem(body + digit)).toBeNull();
        expect(gtinProblem(body + String((Number(digit) + shift) % 10))).toBe('checkDigit');
      }),
    );
    // GS1 and the EAN-8/UPC-A examples of the standard.
    for (const good of ['96385074', '036000291452', '4006381333931', '7891000315507', '10012345678902']) expect(gtinProblem(good)).toBeNull();
    for (const bad of ['9638507', '123456789', '7891000315507 ', 'ABCDEFGHIJKLM', '']) expect(gtinProblem(bad)).toBe('format');
  });

  it('reads NCM, CEST and origin in their written forms only', () => {
    expect(ncmDigits('8215.20.00')).toBe('82152000');
    expect(ncmDigits('82152000')).toBe('82152000');
    for (const bad of ['8215.2000.', '821520', '8215-20-00', '82152000 1']) expect(ncmDigits(bad)).toBeNull();
    expect(isCestFormat('01.001.00') && isCestFormat('0100100')).toBe(true);
    expect(isCestFormat('010010') || isCestFormat('01.001.000') || isCestFormat('01-001-00')).toBe(false);
    expect([...'012345678'].every(isOriginCode)).toBe(true);
    expect(['9', '10', '-1', ''].some(isOriginCode)).toBe(false);
  });

  it('evaluates any document without throwing, scores within 0–100, and lists a channel as not ready exactly when it fails a rule', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('ProductSiteName', 'images', 'Price', 'Stock', 'EAN13', 'NCMCode', 'Height', 'DimensionsUnit', 'Origin'), fc.anything()),
        (doc) => {
          const result = evaluate({ ...completeProduct(), ...doc });
          for (const [channel, value] of Object.entries(result.channels)) {
            expect(value.score).toBeGreaterThanOrEqual(0);
            expect(value.score).toBeLessThanOrEqual(100);
            expect(result.notReady.includes(channel as never)).toBe(value.failures.length > 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a store's readiness settings", () => {
  it('replaces the defaults with the numbers set and keeps them where a value is empty or out of range', () => {
    const overrides = readinessOverrides({
      magalu: { minImages: 4, minDescriptionLength: null, maxTitleLength: -3, gtinRequired: false },
      shopee: 'nada',
      site: { minImages: '2' },
    });
    expect(overrides).toEqual({ magalu: { minImages: 4, gtinRequired: false }, site: {} });
    const magalu = readinessRules(overrides).magalu;
    expect(magalu.find((r) => r.id === 'images')!.check).toEqual({ kind: 'atLeast', fact: 'imageCount', min: 4 });
    expect(magalu.find((r) => r.id === 'title')!.check).toMatchObject({ max: 150 });
  });
});
