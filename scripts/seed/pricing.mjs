// Demo seed (pricing.mjs): sales, promotion, pricing and layout rules.
import { DAY, at, cond, fileObject, ts } from './values.mjs';
import { LAYOUT_RULES, SOUTH_SOUTHEAST } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { Cond, Docs, Product, StoreId } from './types.js' */

/**
 * @param {StoreId} project
 * @param {Product[]} products
 */
export function buildSalesRules(project, products) {
  /** @param {string} cat @param {number} n */
  const code = (cat, n) =>
    products
      .filter((p) => p.category === cat)
      .slice(0, n)
      .map((p) => p.ProductCode);
  const prefix = project === 'main' ? '' : 'COOK';
  return {
    'black-friday-2026': {
      name: 'Black Friday 2026',
      description: 'Descontos progressivos na semana da Black Friday.',
      startAt: at('2026-11-20T03:00:00Z'),
      endAt: at('2026-11-30T02:59:59Z'),
      rules: [
        {
          description: '15% em panelas e frigideiras',
          couponCode: `${prefix}BLACK15`,
          productsRules: [
            {
              sku: [...code('panelas', 6), ...code('frigideiras', 3)],
              priceRule: 'percentageDiscount',
              priceRuleValue: 15,
              priceInstallmentRuleValue: 10,
              ignoreFees: false,
              freeShipping: false,
            },
          ],
        },
        {
          description: 'Frete grátis em churrasqueiras',
          couponCode: `${prefix}CHURRASFRETE`,
          productsRules: [
            { sku: code('churrasqueiras', 6), priceRule: 'markup', priceRuleValue: 1.7, priceInstallmentRuleValue: 1.8, ignoreFees: false, freeShipping: true },
          ],
        },
      ],
      onlyCashPayment: false,
      onlyInstallmentPayment: false,
      hideProductsOnCheckout: false,
      createdAt: at('2026-11-05T14:00:00Z'),
      updatedAt: at('2026-11-19T18:30:00Z'),
    },
    'pix-5-off': {
      name: '5% no Pix',
      description: 'Desconto para pagamento à vista (cartão 1x, Pix e boleto).',
      startAt: at('2026-01-01T03:00:00Z'),
      endAt: null,
      rules: [
        {
          description: 'Toda a loja',
          couponCode: '',
          productsRules: [
            { sku: ['*'], priceRule: 'percentageDiscount', priceRuleValue: 5, priceInstallmentRuleValue: 0, ignoreFees: true, freeShipping: false },
          ],
        },
      ],
      onlyCashPayment: true,
      onlyInstallmentPayment: false,
      hideProductsOnCheckout: false,
      createdAt: at('2026-01-02T12:00:00Z'),
      updatedAt: at('2026-01-02T12:00:00Z'),
    },
    'cupom-faqueiro': {
      name: 'Cupom faqueiro R$ 50',
      description: 'Desconto fixo em faqueiros selecionados.',
      startAt: at('2026-10-01T03:00:00Z'),
      endAt: at('2026-12-31T02:59:59Z'),
      rules: [
        {
          description: 'R$ 50 de desconto',
          couponCode: `${prefix}FAQUEIRO50`,
          productsRules: [
            {
              sku: code('faqueiros', 5),
              priceRule: 'fixedDiscount',
              priceRuleValue: 50,
              priceInstallmentRuleValue: 50,
              ignoreFees: false,
              freeShipping: false,
            },
          ],
        },
        {
          description: 'Preço fixo no faqueiro de entrada',
          couponCode: `${prefix}FAQUEIROFIXO`,
          productsRules: [
            {
              sku: code('faqueiros', 1),
              priceRule: 'fixedPrice',
              priceRuleValue: 199.9,
              priceInstallmentRuleValue: 219.9,
              ignoreFees: false,
              freeShipping: false,
            },
          ],
        },
      ],
      onlyCashPayment: false,
      onlyInstallmentPayment: true,
      hideProductsOnCheckout: true,
      createdAt: at('2026-09-28T12:00:00Z'),
      updatedAt: at('2026-10-02T09:00:00Z'),
    },
  };
}

export function buildPromotionRules() {
  return {
    'frete-gratis-acima-399': {
      title: 'Frete grátis acima de R$ 399',
      description: 'Zera o frete do método mais barato quando o subtotal passa de R$ 399 no Sul e Sudeste.',
      priority: 10,
      function: [
        'function apply({ cart, shipping }) {',
        "  const region = ['SP', 'RJ', 'MG', 'ES', 'PR', 'SC', 'RS'];",
        '  if (cart.subtotal >= 399 && region.includes(shipping.state)) {',
        '    shipping.methods[0].ShippingPrice = 0;',
        '  }',
        '  return { cart, shipping };',
        '}',
      ].join('\n'),
      createdAt: at('2025-03-10T12:00:00Z'),
      updatedAt: at('2026-08-12T12:00:00Z'),
    },
    'leve-3-pague-2-utensilios': {
      title: 'Leve 3, pague 2 em utensílios',
      description: 'O item de menor valor sai de graça a cada três utensílios.',
      priority: 20,
      function: [
        'function apply({ cart }) {',
        "  const items = cart.items.filter((item) => item.category === 'utensilios');",
        '  const free = Math.floor(items.reduce((n, item) => n + item.qty, 0) / 3);',
        '  const cheapest = [...items].sort((a, b) => a.price - b.price)[0];',
        '  if (free > 0 && cheapest) cart.discount += cheapest.price * free;',
        '  return { cart };',
        '}',
      ].join('\n'),
      createdAt: at('2026-02-01T12:00:00Z'),
      updatedAt: at('2026-02-01T12:00:00Z'),
    },
    'brinde-kit-churrasco': {
      title: 'Brinde espeto na compra de churrasqueira',
      description: 'Adiciona um espeto como brinde em pedidos com churrasqueira.',
      priority: 30,
      function:
        "function apply({ cart }) {\n  if (cart.items.some((item) => item.category === 'churrasqueiras')) cart.gifts.push({ sku: 'espeto', qty: 1 });\n  return { cart };\n}",
      createdAt: at('2026-06-01T12:00:00Z'),
      updatedAt: at('2026-06-01T12:00:00Z'),
    },
  };
}

export function buildPricingRules() {
  /** @param {{ minMarkup?: number, minInstallmentsMarkup?: number, priceFlashActive?: boolean, priceRestrictActive?: boolean, minPriceToFreeShipping?: number }} o */
  const opts = (o) => ({
    disablePriceNetErp: false,
    minMarkup: 1.6,
    minInstallmentsMarkup: 1.75,
    minImportedMarkup: 1.8,
    minInstallmentsImportedMarkup: 1.95,
    priceFlashActive: false,
    minFlashMarkup: 1.5,
    minInstallmentsFlashMarkup: 1.6,
    minMarkupToFreeFinancingFee: 2,
    minMarkupToFreeShipping: 2.1,
    minPriceToFreeShipping: 399,
    priceRestrictActive: true,
    priceRestrictFreeFinancingFeeActive: false,
    priceRestrictFreeShippingActive: false,
    priceManual: false,
    ...o,
  });
  return {
    'site-padrao': {
      name: 'Site — regra padrão',
      store: 'site',
      parent: null,
      order: 1,
      isActive: true,
      rules: cond.toDoc(cond.op('>', cond.field('PriceNet'), cond.num(0))),
      options: opts({}),
      createdAt: at('2025-02-10T12:00:00Z'),
      updatedAt: at('2026-07-01T12:00:00Z'),
    },
    'site-tramontina': {
      name: 'Site — Tramontina',
      store: 'site',
      parent: 'site-padrao',
      order: 2,
      isActive: true,
      rules: cond.toDoc(cond.and(cond.op('=', cond.field('brand'), cond.str('Tramontina')), cond.op('IN', cond.field('Company'), cond.list([1, 2, 6])))),
      options: opts({ minMarkup: 1.7, priceFlashActive: true }),
      createdAt: at('2025-02-10T12:00:00Z'),
      updatedAt: at('2026-10-11T12:00:00Z'),
    },
    'marketplace-magalu': {
      name: 'Magalu — eletroportáteis',
      store: 'magalu',
      parent: null,
      order: 3,
      isActive: true,
      rules: cond.toDoc(cond.and(cond.op('=', cond.field('section'), cond.str('eletroportateis')), cond.op('>=', cond.field('Price'), cond.num(150)))),
      options: opts({ minMarkup: 1.9, minInstallmentsMarkup: 2, priceRestrictActive: false }),
      createdAt: at('2025-05-10T12:00:00Z'),
      updatedAt: at('2026-09-20T12:00:00Z'),
    },
    'shopee-utensilios': {
      name: 'Shopee — utensílios',
      store: 'shopee',
      parent: null,
      order: 4,
      isActive: false,
      rules: cond.toDoc(cond.op('=', cond.field('category'), cond.str('utensilios'))),
      options: opts({ minMarkup: 2.2, minPriceToFreeShipping: 79 }),
      createdAt: at('2025-08-10T12:00:00Z'),
      updatedAt: at('2026-04-20T12:00:00Z'),
    },
  };
}

/**
 * @param {StoreId} project
 * @param {Rng} rng
 */
export function buildLayoutRules(project, rng) {
  /** @type {Docs} */
  const docs = {};
  LAYOUT_RULES[project].forEach((rule, i) => {
    /** @type {Cond} */
    let c;
    if (rule.kind === 'popup') c = cond.and(cond.op('=', cond.field('event.name'), cond.str('page_view')), cond.isNull(cond.field('customer.id')));
    else if (rule.kind === 'shipping') c = cond.op('IN', cond.field('shipping.region'), cond.list(rule.states ?? SOUTH_SOUTHEAST));
    else if (rule.kind === 'price')
      c = cond.and(cond.op('>=', cond.field('date.month'), cond.num(11)), cond.op('>=', cond.field('date.day'), cond.num(Number(rule.from.slice(8, 10)))));
    else c = cond.op('=', cond.field('product.section'), cond.str(rule.category));
    /** @param {boolean} visible */
    const flag = (visible) => ({
      visible,
      couponCode: rule.coupon,
      image: visible
        ? fileObject(rng, { project, folder: 'layout-rule', name: `selo-${rule.id}`, title: rule.name, width: 184, height: 66, type: 'image/png' })
        : null,
      description: visible ? `Use o cupom ${rule.coupon || 'da campanha'}` : '',
    });
    docs[rule.id] = {
      name: rule.name,
      parent: null,
      order: i + 1,
      isActive: !rule.inactive,
      rules: cond.toDoc(c),
      options: { oneTime: rule.kind === 'popup' },
      popup: {
        visible: rule.kind === 'popup',
        banner:
          rule.kind === 'popup'
            ? fileObject(rng, { project, folder: 'layout-rule', name: `popup-${rule.id}`, title: rule.name, width: 350, height: 400 })
            : null,
        couponCode: rule.kind === 'popup' ? rule.coupon : '',
        emailTemplateId: rule.kind === 'popup' ? 'boas-vindas' : '',
        fields: { email: rule.kind === 'popup', phoneNumber: rule.kind === 'popup' },
      },
      productPriceFlag: flag(rule.kind === 'price' || rule.kind === 'category'),
      shippingQuoteFlag: flag(rule.kind === 'shipping'),
      createdAt: at('2026-03-01T12:00:00Z'),
      updatedAt: ts(Date.parse('2026-10-01T12:00:00Z') + rng.int(0, 45) * DAY),
    };
  });
  return docs;
}
