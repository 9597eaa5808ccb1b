// Demo seed (products.mjs): products, product-data, categories, stocks, brands, product types and gift campaigns.
import { companyFromProductCode } from '@console/shared';
import { DAY, MINUTE, NOW, at, br, cnpj, fileObject, price90, round2, slugify, ts } from './values.mjs';
import { BRANDS, PROJECTS } from './reference.mjs';
import { CATEGORY_BY_ID, CATEGORY_TREE, DESCRIPTION_BY_CATEGORY, DESCRIPTION_OPENINGS, topCategoryOf } from './catalogue.mjs';
import { STOCKS } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { CatalogueItem, Docs, Product, ProductExtras, StoreId, Timestamp } from './types.js' */

/**
 * @param {StoreId} project
 * @param {CatalogueItem} item
 * @param {Rng} rng
 * @param {CatalogueItem[]} productCodes the store's whole catalogue (upsell partners, kit parts)
 */
export function buildProduct(project, item, rng, productCodes) {
  const stocks = STOCKS[project];
  const markup = project === 'main' ? rng.float(1.75, 2.25) : rng.float(1.7, 2.35);
  const PriceNet = item.cost;
  const PriceNetErp = round2(PriceNet * (1 + item.ipi / 100) * rng.float(0.98, 1.03));
  const PriceMin = price90(PriceNet * 1.6);
  const Price = Math.max(price90(PriceNet * markup), PriceMin);
  const withInstallments = rng.chance(0.7);
  const PriceInstallments = withInstallments ? price90(Price * rng.float(1.04, 1.12)) : null;
  const PriceCompare = price90(Math.max(Price, PriceInstallments ?? 0) * rng.float(1.15, 1.4));
  const PriceMinInstallments = price90(PriceMin * 1.08);

  /** @type {Record<string, { qty: number, ProductCodeErp: string }>} */
  const Stock = {};
  for (const stock of stocks) {
    const supplies = stock.own || (stock.brands ?? []).includes(item.brand);
    if (!supplies) continue;
    const qty = stock.own ? (rng.chance(0.15) ? 0 : rng.int(1, item.family.small ? 240 : 60)) : rng.chance(0.1) ? 0 : rng.int(20, 800);
    Stock[stock.id] = { qty, ProductCodeErp: stock.own ? item.code : `${item.code}-${stock.source.slice(0, 3).toUpperCase()}` };
  }
  const hasSupplier = stocks.some((s) => !s.own && Stock[s.id]);

  const Status = item.active ? 'ativado' : 'desativado';
  const Salable = item.active && rng.chance(0.95) ? 'S' : 'N';
  const options = {
    canSell: Salable === 'S' && rng.chance(0.93),
    canCrossDocking: hasSupplier,
    isFreeShipping: Price >= 399 || rng.chance(0.08),
    isFreePriceFinancingFee: rng.chance(0.3),
    isBrandPriceRestrict: item.brand === 'tramontina' && rng.chance(0.3),
    isBrandMarketplaceRestrict: rng.chance(0.15),
    isBrandEcommerceRestrict: false,
    isManualPricing: rng.chance(0.08),
    isSalePricing: rng.chance(0.15),
    isImportedProduct: ['oster', 'arno'].includes(item.brand) && rng.chance(0.5),
    isBoutiqueProduct: rng.chance(0.04),
    disableAds: rng.chance(0.05),
    canStackOnShipping: Boolean(item.family.small),
    maxInstallments: Price >= 600 ? 12 : Price >= 300 ? 10 : Price >= 100 ? 6 : 3,
    maxStackedQtyOnShipping: item.family.small ? 10 : 1,
  };
  /** @type {typeof options & { canCrossDockingAfter?: Timestamp }} */
  const Options = options;
  // Cross-docking allowed from this date on (the supplier's first shipment of the product).
  if (Options.canCrossDocking) Options.canCrossDockingAfter = ts(item.createdMs + rng.int(1, 30) * DAY);

  const images = [];
  for (let i = 0; i < item.images; i++) {
    images.push(
      fileObject(rng, {
        project,
        folder: 'product',
        name: `${item.code}-${i + 1}`,
        uniqueName: true,
        title: i === 0 ? item.name : `${item.name} — detalhe`,
      }),
    );
  }

  const info = [`Marca: ${BRANDS[item.brand].name}`, `Linha: ${item.line}`, `Material: ${item.material}`];
  if (item.size && typeof item.size !== 'number') info.push(`Medidas: ${item.size}`);
  info.push(`Dimensões do produto (A x L x C): ${br(item.dims.Height)} x ${br(item.dims.Width)} x ${br(item.dims.Length)} cm`);
  info.push(`Peso: ${br(item.dims.NetWeight)} kg`);

  const updatedMs = Math.min(item.createdMs + rng.int(1, 400) * DAY, NOW - rng.int(1, 20) * DAY) + rng.int(0, 86_399) * 1000;
  const base = {
    id: item.code,
    ProductCode: item.code,
    ProductCodeErp: item.code,
    ProductCodeGoogle: `${project}-${item.code}`,
    Company: companyFromProductCode(item.code),
    brand: BRANDS[item.brand].name,
    EAN13: item.ean,
    NCMCode: item.ncm,
    section: topCategoryOf(item.family.category),
    category: item.family.category,
    type: item.family.type,
    group: CATEGORY_BY_ID[item.family.category].title,
    ProductLine: item.line,
    ProductSiteName: item.name,
    ProductSiteSynonyms: item.family.synonyms.join(', '),
    ProductDescription: `<p>${rng.pick(DESCRIPTION_OPENINGS)} o produto ${item.name} ${DESCRIPTION_BY_CATEGORY[item.family.category]}</p>`,
    ProductDescriptionSales: `<p><strong>${item.name}</strong>: qualidade ${BRANDS[item.brand].name} com entrega para todo o Brasil.</p>`,
    ProductInfo: `<p>${info.join('<br>')}</p>`,
    Warranty: item.family.warranty,
    ProductImage: images[0].url,
    images,
    ProductFiles: { Files: images.map((image) => ({ FileType: 'PD', FileExtension: 'SVG', FileCDNURL: image.url })) },
    ...item.dims,
    DimensionsUnit: 'cm',
    WeightUnit: 'kg',
    HeightPacking: round2(item.dims.Height + 3),
    WidthPacking: round2(item.dims.Width + 3),
    LengthPacking: round2(item.dims.Length + 3),
    GrossWeight: round2(item.dims.NetWeight * 1.12 + 0.1),
    Stock,
    Options,
    Salable,
    Status,
    PriceNet,
    PriceNetErp,
    PriceNetIPI: item.ipi,
    PriceCompare,
    Price,
    PriceInstallments,
    PriceMin,
    PriceMinInstallments,
    createdAt: ts(item.createdMs),
    updatedAt: ts(updatedMs),
  };
  /** @type {typeof base & ProductExtras} */
  const doc = base;
  if (item.family.packs) {
    const sizes = rng.chance(0.5) ? [6, 12] : [6];
    doc.PriceNetByQty = Object.fromEntries(sizes.map((qty) => [String(qty), { PriceNet: round2(PriceNet * qty * (qty === 12 ? 0.93 : 0.96)), qty }]));
  }
  if (rng.chance(0.12)) {
    doc.PriceFlash = price90(Price * 0.9);
    doc.PriceFlashInstallments = price90(Price * 0.95);
  }
  if (item.family.category === 'cubas' || item.family.category === 'panelas' || item.family.category === 'churrasqueiras') {
    const partnerCategory = /** @type {const} */ ({ cubas: 'torneiras', panelas: 'utensilios', churrasqueiras: 'acessorios-churrasco' })[item.family.category];
    const partners = productCodes.filter((p) => p.family.category === partnerCategory);
    if (partners.length && rng.chance(0.5)) {
      const partner = rng.pick(partners);
      doc.upsell = [
        {
          sku: partner.code,
          label: { cubas: 'Combine com uma torneira', panelas: 'Leve também', churrasqueiras: 'Complete seu churrasco' }[item.family.category],
          type: item.family.category === 'cubas' ? 'installation' : 'accessory',
        },
      ];
    }
  }
  if (item.name.startsWith('Conjunto de Facas')) {
    const knives = productCodes.filter((p) => p.family.category === 'facas' && p.line === item.line && p.code !== item.code);
    if (knives.length) doc.kit = knives.slice(0, 3).map((k) => ({ sku: k.code, qty: 1 }));
  }
  return doc;
}

/**
 * The warehouse-to-Firestore copy the product panel reads (document 1 §3 'Product data document').
 * @param {Product} product
 * @param {Rng} rng
 */
export function buildProductData(product, rng) {
  /** @type {(keyof Product)[]} */
  const keys = [
    'ProductCode',
    'ProductCodeErp',
    'ProductCodeGoogle',
    'Company',
    'brand',
    'EAN13',
    'NCMCode',
    'ProductLine',
    'ProductImage',
    'ProductSiteName',
    'Height',
    'Width',
    'Length',
    'NetWeight',
    'Stock',
    'Options',
    'Salable',
    'Status',
    'PriceNet',
    'PriceNetErp',
    'PriceNetIPI',
    'PriceNetByQty',
    'PriceCompare',
    'Price',
    'PriceInstallments',
    'PriceMin',
    'PriceMinInstallments',
  ];
  /** @type {Record<string, unknown>} */
  const data = {};
  for (const key of keys) if (product[key] !== undefined) data[key] = structuredClone(product[key]);
  data.updatedAt = ts(NOW - 2 * DAY + rng.int(0, 36 * 60) * MINUTE);
  return data;
}

/**
 * @param {StoreId} project
 * @param {Product[]} products
 * @param {Rng} rng
 */
export function buildCategories(project, products, rng) {
  /** @type {Docs} */
  const docs = {};
  /** @type {Record<string, number>} */
  const orderWithin = {};
  for (const [id, title, parent] of CATEGORY_TREE) {
    const key = parent ?? '';
    orderWithin[key] = (orderWithin[key] ?? 0) + 1;
    const inCategory = products.filter((p) => p.category === id || p.section === id);
    docs[id] = {
      title,
      titleSeo: parent ? `${title} | ${PROJECTS[project].name}` : PROJECTS[project].name,
      slug: id,
      visible: !(project === 'cookstore' && id === 'garrafas-termicas'),
      parent,
      order: orderWithin[key] * 10,
      description: parent ? `Encontre ${title.toLowerCase()} das melhores marcas, com ofertas e entrega para todo o Brasil.` : 'Raiz do catálogo da loja.',
      image: fileObject(rng, { project, folder: 'category', name: id, title, width: 600, height: 600 }),
      filters: JSON.stringify(
        inCategory.length
          ? { brand: [...new Set(inCategory.map((p) => p.brand))].sort(), ProductLine: [...new Set(inCategory.map((p) => p.ProductLine))].sort().slice(0, 8) }
          : {},
      ),
      hideTitle: false,
      hideProducts: !parent || id === 'departamentos',
      skuOrderBy: inCategory
        .filter((p) => p.Salable === 'S')
        .slice(0, 4)
        .map((p) => p.ProductCode),
      header: parent ? `<p><strong>${title}</strong> com até 10x sem juros e frete grátis acima de R$ 399.</p>` : '',
      createdAt: at('2025-01-05T10:00:00Z'),
      updatedAt: ts(Date.parse('2026-06-01T10:00:00Z') + rng.int(0, 150) * DAY),
    };
  }
  return docs;
}

/**
 * @param {StoreId} project
 * @param {Rng} rng
 */
export function buildStocks(project, rng) {
  /** @type {Docs} */
  const docs = {};
  for (const s of STOCKS[project]) {
    docs[s.id] = {
      name: s.name,
      source: s.source,
      externalId: s.externalId,
      type: s.type,
      stockRedirect: null,
      isPromotionalOnly: false,
      priority: s.priority,
      useCustomerLocationOnPriority: s.own === true,
      taxvat: cnpj(rng),
      address: s.address,
      shippingBillingDays: s.days[0],
      shippingCrossDockingDays: s.days[1],
      shippingManufactureDays: s.days[2],
      shippingProductionDays: s.days[3],
      createdAt: at('2025-01-08T09:00:00Z'),
      updatedAt: ts(Date.parse('2026-08-01T09:00:00Z') + rng.int(0, 90) * DAY),
    };
  }
  return docs;
}

/**
 * The brand documents and the brand-product documents (one per brand and company), by path.
 * @param {StoreId} project
 * @param {Product[]} products
 */
export function buildBrands(project, products) {
  /** @type {Docs} */
  const docs = {};
  /** @type {Record<string, { brand: string, Company: Product['Company'], skus: string[] }>} */
  const brandProducts = {};
  for (const p of products) {
    docs[`brand/${p.brand}`] = { id: p.brand, createdAt: at('2025-01-06T10:00:00Z'), updatedAt: at('2026-07-15T10:00:00Z') };
    const key = `${slugify(p.brand)}-${p.Company}`;
    (brandProducts[key] ??= { brand: p.brand, Company: p.Company, skus: [] }).skus.push(p.ProductCode);
  }
  for (const [key, bp] of Object.entries(brandProducts)) {
    const brandName = bp.brand;
    docs[`brand-product/${key}`] = {
      brand: bp.brand,
      Company: bp.Company,
      name: `${brandName} — empresa ${bp.Company}`,
      skus: bp.skus.sort(),
      requiredOptions: {
        canSell: true,
        canCrossDocking: bp.brand === 'Tramontina' || bp.brand === 'Franke',
        isFreeShipping: false,
        isFreePriceFinancingFee: false,
        isBrandPriceRestrict: bp.brand === 'Tramontina',
        isImportedProduct: bp.brand === 'Oster',
        isBoutiqueProduct: false,
        isBrandMarketplaceRestrict: bp.brand === 'Franke',
        isBrandEcommerceRestrict: false,
        isManualPricing: false,
        isSalePricing: false,
        disableAds: false,
      },
      createdAt: at('2025-01-06T10:00:00Z'),
      updatedAt: at('2026-07-15T10:00:00Z'),
    };
  }
  return docs;
}

export function buildProductTypes() {
  /** @param {string[]} options */
  const material = (options) => ({ name: 'material', description: 'Material', type: 'checkbox', isArray: true, range: false, options });
  const list = {
    panela: [
      'Panelas e frigideiras',
      [
        material(['Aço Inox', 'Alumínio Antiaderente', 'Cerâmica']),
        { name: 'diametro', description: 'Diâmetro (cm)', type: 'number', isArray: false, range: true, options: [] },
        { name: 'inducao', description: 'Compatível com indução', type: 'checkbox', isArray: false, range: false, options: ['Sim', 'Não'] },
      ],
    ],
    faca: [
      'Facas',
      [
        material(['Aço Inox', 'Aço Carbono']),
        { name: 'tamanho', description: 'Tamanho da lâmina (pol.)', type: 'number', isArray: false, range: true, options: [] },
      ],
    ],
    talheres: ['Faqueiros e talheres', [{ name: 'pecas', description: 'Número de peças', type: 'number', isArray: false, range: true, options: [] }]],
    utensilio: ['Utensílios', [material(['Nylon', 'Silicone', 'Aço Inox', 'Madeira', 'Polipropileno'])]],
    churrasqueira: [
      'Churrasco',
      [{ name: 'combustivel', description: 'Combustível', type: 'checkbox', isArray: false, range: false, options: ['Carvão', 'Gás', 'Elétrica'] }],
    ],
    cuba: [
      'Cubas',
      [
        {
          name: 'instalacao',
          description: 'Tipo de instalação',
          type: 'checkbox',
          isArray: false,
          range: false,
          options: ['Embutir', 'Sobrepor', 'Undermount'],
        },
        { name: 'medidas', description: 'Medidas', type: 'text', isArray: false, range: false, options: [] },
      ],
    ],
    torneira: [
      'Torneiras',
      [{ name: 'acabamento', description: 'Acabamento', type: 'checkbox', isArray: false, range: false, options: ['Cromado', 'Inox Escovado', 'Preto Fosco'] }],
    ],
    eletroportatil: [
      'Eletroportáteis',
      [
        { name: 'voltagem', description: 'Voltagem', type: 'checkbox', isArray: false, range: false, options: ['127 V', '220 V', 'Bivolt'] },
        { name: 'potencia', description: 'Potência (W)', type: 'number', isArray: false, range: true, options: [] },
      ],
    ],
    lixeira: ['Lixeiras', [{ name: 'capacidade', description: 'Capacidade (L)', type: 'number', isArray: false, range: true, options: [] }]],
  };
  return Object.fromEntries(
    Object.entries(list).map(([id, [name, filters]]) => [
      id,
      { id, name, filters, createdAt: at('2025-01-07T12:00:00Z'), updatedAt: at('2026-05-07T12:00:00Z') },
    ]),
  );
}

/** @param {Product[]} products */
export function buildGiftCampaigns(products) {
  const withPrice = products.filter((p) => p.Price > 300);
  const cheap = products.filter((p) => p.Price > 0 && p.Price < 80);
  return {
    'natal-2026': {
      name: 'Natal 2026 — brindes',
      description: 'Compras acima de R$ 300 das linhas selecionadas levam um acessório.',
      rules: [
        { description: 'Panelas e conjuntos', products: withPrice.slice(0, 4).map((p) => p.ProductCode), gifts: [`${cheap[0].ProductCode},1`] },
        {
          description: 'Linha premium',
          products: withPrice.slice(4, 6).map((p) => p.ProductCode),
          gifts: [`${cheap[1].ProductCode},1`, `${cheap[2].ProductCode},2`],
        },
      ],
      createdAt: at('2026-11-01T12:00:00Z'),
      updatedAt: at('2026-11-15T12:00:00Z'),
    },
  };
}
