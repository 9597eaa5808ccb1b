/**
 * Products for the readiness tests (unit, emulator, browser): one that meets every channel's rules
 * of shared/src/readiness/rules.ts but the image counts the caller chooses.
 */

export const productImage = (n: number) => ({ url: `https://cdn.example.com/p-${n}.jpg`, name: `p-${n}.jpg` });

/**
 * Title, a 162-character description, brand, category, price, stock, plausible measures, GS1's own
 * example GTIN-13 (4006381333931) and NCM 8215.20.00 ('Outros sortidos', in the Siscomex table in
 * force on 13/05/2025). With 3 images it is ready everywhere; with 1, for the site and Amazon only.
 */
export function readyProduct(images = 3): Record<string, unknown> {
  return {
    ProductSiteName: 'Faqueiro Tramontina Laguna 24 Peças',
    ProductDescription: `<p>${'Faqueiro em aço inox com acabamento polido, lâminas afiadas e cabos resistentes. '.repeat(2)}</p>`,
    images: Array.from({ length: images }, (_, i) => productImage(i + 1)),
    brand: 'Tramontina',
    category: 'talheres',
    Price: 189.9,
    Stock: { loja: { qty: 3 }, fornecedor: { qty: 0 } },
    Height: 5,
    Width: 30,
    Length: 22,
    NetWeight: 1.2,
    HeightPacking: 8,
    WidthPacking: 33,
    LengthPacking: 25,
    GrossWeight: 1.4,
    EAN13: '4006381333931',
    NCMCode: '8215.20.00',
  };
}
