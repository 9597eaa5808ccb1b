// Demo seed (cdlbox.mjs): cdlbox (set C).
import { Rng } from './random.mjs';
import { DAY, NOW, at, cnpj, fileObject, round2, slugify, ts } from './values.mjs';
/** @import { Docs } from './types.js' */

/** The cdlbox project's documents, by path. */
export function buildCdlbox() {
  const rng = new Rng('cdlbox');
  const project = 'cdlbox';
  /** @type {Docs} */
  const docs = {};
  /** @param {string} path @param {object} data */
  const put = (path, data) => (docs[`project/${project}/${path}`] = data);

  const boxes = [
    'Churrasco Gaúcho',
    'Café Especial',
    'Massas Artesanais',
    'Vinhos e Queijos',
    'Confeitaria',
    'Cozinha Italiana',
    'Temperos do Mundo',
    'Chocolate Bean to Bar',
    'Cervejas Artesanais',
    'Chás e Infusões',
    'Brunch de Domingo',
    'Comida Japonesa',
  ];
  /** @type {[plan: string, months: number, priceFactor: number][]} */
  const plans = [
    ['Avulsa', 1, 1],
    ['Trimestral', 3, 0.93],
    ['Semestral', 6, 0.88],
  ];
  /** @type {[name: string, date: string, price: number][]} */
  const workshops = [
    ['Workshop de Afiação de Facas', '2026-12-05T13:00:00Z', 189.9],
    ['Aula de Pães de Fermentação Natural', '2026-12-12T13:00:00Z', 249.9],
    ['Oficina de Churrasco: Cortes e Pontos', '2026-12-13T15:00:00Z', 299.9],
    ['Degustação de Cafés Especiais', '2026-11-29T17:00:00Z', 119.9],
    ['Curso de Massas Frescas', '2027-01-16T13:00:00Z', 229.9],
    ['Jantar Harmonizado de Fim de Ano', '2026-12-18T22:00:00Z', 389.9],
  ];
  const freebies = ['E-book Receitas de Natal', 'Guia de Cortes de Carne (PDF)', 'Planilha de Cardápio Semanal'];

  /** @type {{ name: string, price: number, event: string | null, free: boolean, maxInstallments: number }[]} */
  const products = [];
  /** @type {string[]} */
  const boxIds = [];
  let n = 1001;
  for (const box of boxes) {
    for (const [plan, months, factor] of rng.sample(plans, box.length % 2 === 0 ? 2 : 3).sort((a, b) => a[1] - b[1])) {
      if (products.length >= 31) break;
      const base = rng.int(89, 219) + 0.9;
      products.push({
        name: `Box ${box} — Assinatura ${plan}`,
        price: round2(Math.floor(base * months * factor) + 0.9),
        event: null,
        free: false,
        maxInstallments: months === 1 ? 3 : months === 3 ? 6 : 12,
      });
    }
  }
  for (const [name, date, price] of workshops) products.push({ name, price, event: date, free: false, maxInstallments: 3 });
  for (const name of freebies) products.push({ name, price: 0, event: null, free: true, maxInstallments: 1 });

  for (const p of products) {
    const id = `CDL${n++}`;
    const slug = slugify(p.name);
    if (p.name.startsWith('Box ')) boxIds.push(id);
    const qty = p.free ? 9999 : p.event ? rng.int(0, 30) : rng.chance(0.12) ? 0 : rng.int(5, 120);
    const canSell = qty > 0 && rng.chance(0.92);
    put(`product/${id}`, {
      id,
      ProductSiteName: p.name,
      Slug: slug,
      images: [{ image: fileObject(rng, { project, folder: 'product', name: slug, title: p.name, width: 1200, height: 1200 }) }],
      content: p.event
        ? `<p><strong>${p.name}</strong>: vagas limitadas. Evento presencial em Porto Alegre, com todos os materiais inclusos.</p>`
        : p.free
          ? `<p>Material gratuito para assinantes e visitantes: <strong>${p.name}</strong>.</p>`
          : `<p>${p.name}: uma seleção de produtos escolhidos a dedo, entregue na sua casa.</p><ul><li>Frete grátis para o Sul e Sudeste</li><li>Cancele quando quiser</li></ul>`,
      Price: p.price,
      Options: {
        displayPriority: p.event ? rng.int(60, 90) : p.free ? 10 : rng.int(20, 80),
        isFree: p.free,
        canSell,
        isEvent: Boolean(p.event),
        eventDate: p.event ? at(p.event) : null,
        maxInstallments: p.maxInstallments,
      },
      Stock: { cdlbox: { qty } },
      isActiveAbout: canSell ? 'Ativo' : qty === 0 ? 'Inativo: sem estoque' : 'Inativo: venda desativada',
      createdAt: ts(Date.parse('2025-09-01T12:00:00Z') + rng.int(0, 400) * DAY),
      updatedAt: ts(NOW - rng.int(1, 30) * DAY),
    });
  }

  /** @type {[id: string, title: string, group: string, content: string][]} */
  const pages = [
    ['sobre-a-cdl-box', 'Sobre a CDL Box', 'institucional', '<p>A CDL Box entrega experiências gastronômicas em caixas temáticas e eventos presenciais.</p>'],
    [
      'como-funciona',
      'Como funciona a assinatura',
      'ajuda',
      '<ol><li>Escolha a box e o plano.</li><li>Receba todo mês em casa.</li><li>Cancele quando quiser.</li></ol>',
    ],
    [
      'politica-de-cancelamento',
      'Política de cancelamento',
      'ajuda',
      '<p>Assinaturas podem ser canceladas a qualquer momento; ingressos de eventos até 7 dias antes da data.</p>',
    ],
    ['fale-conosco', 'Fale conosco', 'ajuda', '<p>E-mail: <a href="mailto:ola@cdlbox.demo.test">ola@cdlbox.demo.test</a></p>'],
  ];
  pages.forEach(([id, title, group, content], i) =>
    put(`page/${id}`, {
      title,
      slug: id,
      group,
      description: `${title} — CDL Box`,
      content,
      visible: true,
      order: i + 1,
      createdAt: at('2025-09-01T12:00:00Z'),
      updatedAt: at('2026-08-01T12:00:00Z'),
    }),
  );

  put('stock/cdlbox', {
    name: 'CDL Box — Porto Alegre',
    source: 'bling',
    externalId: '16022004100',
    type: 'b2c',
    stockRedirect: null,
    isPromotionalOnly: false,
    priority: 'high',
    useCustomerLocationOnPriority: false,
    taxvat: cnpj(rng),
    address: {
      zipcode: '90035190',
      street01: 'Rua Ramiro Barcelos',
      street02: 'Floresta',
      number: '1200',
      complement: 'Sala 3',
      city: 'Porto Alegre',
      state: 'RS',
    },
    shippingBillingDays: 1,
    shippingCrossDockingDays: 0,
    shippingManufactureDays: 2,
    shippingProductionDays: 1,
    createdAt: at('2025-09-01T12:00:00Z'),
    updatedAt: at('2026-08-01T12:00:00Z'),
  });

  put('sales-rule/assinante-10-off', {
    name: 'Assinantes: 10% na box avulsa',
    description: 'Desconto para quem já tem assinatura ativa.',
    startAt: at('2026-11-01T03:00:00Z'),
    endAt: at('2026-12-31T02:59:59Z'),
    rules: [
      {
        description: '10% nas boxes',
        couponCode: 'ASSINANTE10',
        productsRules: [
          {
            sku: boxIds.slice(0, 8),
            priceRule: 'percentageDiscount',
            priceRuleValue: 10,
            priceInstallmentRuleValue: 10,
            ignoreFees: false,
            freeShipping: true,
          },
        ],
      },
    ],
    onlyCashPayment: false,
    onlyInstallmentPayment: false,
    hideProductsOnCheckout: false,
    createdAt: at('2026-10-25T12:00:00Z'),
    updatedAt: at('2026-10-25T12:00:00Z'),
  });
  put('promotion-rule/frete-gratis-box', {
    title: 'Frete grátis em boxes',
    description: 'Boxes de assinatura não pagam frete.',
    priority: 10,
    function:
      "function apply({ cart, shipping }) {\n  if (cart.items.every((item) => item.name.startsWith('Box '))) shipping.methods.forEach((m) => (m.ShippingPrice = 0));\n  return { cart, shipping };\n}",
    createdAt: at('2026-01-10T12:00:00Z'),
    updatedAt: at('2026-01-10T12:00:00Z'),
  });
  return docs;
}
