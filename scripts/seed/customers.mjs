// Demo seed (customers.mjs): customers, their credits, segments, ratings, popup leads and orders.
import { DAY, HOUR, MINUTE, NOW, at, cond, cpf, round2, slugify, ts } from './values.mjs';
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './reference.mjs';
import { LAYOUT_RULES } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { Customer, Docs, Product, StoreId, Timestamp } from './types.js' */

/**
 * @param {StoreId} project
 * @param {Rng} rng
 * @param {number} count
 */
export function buildCustomers(project, rng, count) {
  const customers = [];
  const used = new Set();
  while (customers.length < count) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = `${rng.pick(LAST_NAMES)}${rng.chance(0.4) ? ` ${rng.pick(LAST_NAMES)}` : ''}`;
    const key = `${firstName} ${lastName}`;
    if (used.has(key)) continue;
    used.add(key);
    const city = rng.weighted(CITIES.map((c) => /** @type {const} */ ([c, c.weight])));
    const local = slugify(`${firstName}.${lastName.split(' ').pop()}`).replace(/-/g, '.') + (rng.chance(0.4) ? rng.int(1, 99) : '');
    const id = rng.autoId();
    const ddd = /** @type {Record<string, string>} */ ({
      SP: '11',
      RJ: '21',
      MG: '31',
      PR: '41',
      SC: '48',
      RS: city.city === 'Caxias do Sul' ? '54' : '51',
      BA: '71',
      PE: '81',
      CE: '85',
      DF: '61',
      GO: '62',
    })[city.state];
    customers.push({
      id,
      email: `${local}@${rng.pick(EMAIL_DOMAINS)}`,
      firstName,
      lastName,
      taxvat: cpf(rng),
      phoneNumber: `+55${ddd}9${rng.digits(8)}`,
      city,
      zipcode: city.zip[rng.int(0, city.zip.length - 1)] + rng.digits(6),
      createdAt: ts(Date.parse('2024-03-01T12:00:00Z') + rng.int(0, 960) * DAY + rng.int(0, 86_399) * 1000),
    });
  }
  return customers;
}

/** The customer's document. @param {Customer} c */
export const customerDoc = (c) => ({
  id: c.id,
  email: c.email,
  firstName: c.firstName,
  lastName: c.lastName,
  taxvat: c.taxvat,
  phoneNumber: c.phoneNumber,
  createdAt: c.createdAt,
  updatedAt: c.createdAt,
});

/**
 * @param {Customer[]} customers
 * @param {Rng} rng
 */
export function buildCustomerCredits(customers, rng) {
  /** @type {Docs} */
  const docs = {};
  /** @type {[origin: string, description: string, sign: number][]} */
  const origins = [
    ['order-cashback-in', 'Cashback de 5% do pedido', 1],
    ['order-rma-in', 'Crédito de devolução do pedido', 1],
    ['order-out', 'Crédito usado no pedido', -1],
    ['transfer-out', 'Transferência de crédito', -1],
  ];
  for (let i = 0; i < 10; i++) {
    const customer = customers[i * 2 + 1];
    const [origin, description, sign] = origins[i % origins.length];
    const createdMs = NOW - rng.int(5, 200) * DAY;
    const orderId = String(rng.int(100_000, 199_999));
    docs[rng.autoId()] = {
      customerId: customer.id,
      referenceType: 'order',
      referenceId: orderId,
      origin,
      description: `${description} ${orderId}`,
      total: round2(sign * rng.float(15, 180)),
      createdAt: ts(createdMs),
      status: rng.weighted([
        ['active', 6],
        ['pending', 2],
        ['cancelled', 1],
      ]),
      Options: { startAt: ts(createdMs), endAt: ts(createdMs + 180 * DAY), canTransfer: origin === 'order-rma-in' },
    };
  }
  return docs;
}

/** @param {Customer[]} customers */
export function buildCustomerSegments(customers) {
  /** @param {string} category */
  const purchased = (category) =>
    cond.toDoc(cond.and(cond.op('=', cond.field('event.name'), cond.str('purchase')), cond.op('=', cond.field('product.category'), cond.str(category))));
  return {
    'compradores-churrasco': {
      name: 'Compradores de churrasco',
      parent: null,
      emails: [],
      rules: [{ rulesIn: [purchased('churrasqueiras')], rulesInOnly: [], rulesNotIn: [purchased('acessorios-churrasco')] }],
      createdAt: at('2026-04-01T12:00:00Z'),
      updatedAt: at('2026-10-01T12:00:00Z'),
    },
    'carrinho-abandonado': {
      name: 'Carrinho abandonado (7 dias)',
      parent: null,
      emails: [],
      rules: [
        {
          rulesIn: [
            cond.toDoc(cond.and(cond.op('=', cond.field('event.name'), cond.str('add_to_cart')), cond.op('>=', cond.field('date.daysAgo'), cond.num(-7)))),
          ],
          rulesInOnly: [],
          rulesNotIn: [cond.toDoc(cond.op('=', cond.field('event.name'), cond.str('purchase')))],
        },
      ],
      createdAt: at('2026-05-01T12:00:00Z'),
      updatedAt: at('2026-11-01T12:00:00Z'),
    },
    'clientes-vip': {
      name: 'Clientes VIP (lista manual)',
      parent: null,
      emails: customers.slice(0, 6).map((c) => c.email),
      rules: [],
      createdAt: at('2026-02-01T12:00:00Z'),
      updatedAt: at('2026-09-01T12:00:00Z'),
    },
    'vip-sul': {
      name: 'VIP — região Sul',
      parent: 'clientes-vip',
      emails: [],
      rules: [{ rulesIn: [cond.toDoc(cond.op('IN', cond.field('customer.state'), cond.list(['PR', 'SC', 'RS'])))], rulesInOnly: [], rulesNotIn: [] }],
      createdAt: at('2026-02-01T12:00:00Z'),
      updatedAt: at('2026-09-01T12:00:00Z'),
    },
  };
}

/**
 * @param {StoreId} project
 * @param {Customer[]} customers
 * @param {Product[]} products
 * @param {Rng} rng
 */
export function buildRatings(project, customers, products, rng) {
  /** @type {[score: number, comment: string][]} */
  const comments = [
    [5, 'Produto excelente, chegou antes do prazo e muito bem embalado.'],
    [5, 'Qualidade Tramontina de sempre. Recomendo a loja!'],
    [4, 'Muito bom, só achei a caixa um pouco amassada.'],
    [5, 'Atendimento pelo WhatsApp rápido e atencioso.'],
    [3, 'O produto é bom, mas a entrega atrasou dois dias.'],
    [4, 'Bom custo-benefício, compraria novamente.'],
    [5, 'Panela linda, cozinha por igual. Amei!'],
    [2, 'Veio a cor errada, mas a troca foi resolvida.'],
    [5, 'Air fryer ótima, fácil de limpar.'],
    [4, 'Entrega rápida para o interior do RS.'],
  ];
  const channels = ['site', 'site', 'site', 'mercadolivre', 'shopee', 'amazon', 'googlebusiness', 'internet-tramontinastore', 'internet-amazon'];
  /** @type {Docs} */
  const docs = {};
  comments.forEach(([score, comment], i) => {
    const customer = customers[i + 3];
    const product = rng.pick(products);
    const ratedMs = NOW - rng.int(2, 120) * DAY;
    docs[rng.autoId()] = {
      channel: channels[i % channels.length],
      customer: { name: `${customer.firstName} ${customer.lastName.split(' ')[0][0]}.`, image: null },
      ratedAt: ts(ratedMs),
      score,
      comment,
      orderId: String(rng.int(100_000, 199_999)),
      products: [{ sku: product.ProductCode }],
      images: [],
      createdAt: ts(ratedMs + HOUR),
    };
  });
  return docs;
}

/**
 * @param {StoreId} project
 * @param {Customer[]} customers
 * @param {Rng} rng
 * @param {number} count
 */
export function buildPopupLeads(project, customers, rng, count) {
  /** @type {Docs} */
  const docs = {};
  const paths = ['/', '/c/panelas', '/c/churrasco', '/c/air-fryers', '/busca'];
  for (let i = 0; i < count; i++) {
    const known = rng.chance(0.5);
    const customer = known ? customers[(i * 3) % customers.length] : null;
    const first = rng.pick(FIRST_NAMES);
    const pathname = rng.pick(paths);
    const phoneNumber = customer ? customer.phoneNumber : rng.chance(0.6) ? `+55${rng.pick(['11', '21', '51', '54', '41'])}9${rng.digits(8)}` : null;
    /** @type {{ email: string, location: { pathname: string, params: string }, label: string, createdAt: Timestamp, customer?: string, phoneNumber?: string }} */
    const lead = {
      email: customer ? customer.email : `${slugify(first)}.${rng.int(10, 9999)}@${rng.pick(EMAIL_DOMAINS)}`,
      location: {
        pathname,
        params: pathname === '/busca' ? `q=${rng.pick(['panela', 'air+fryer', 'faca'])}` : rng.chance(0.3) ? 'utm_source=instagram&utm_medium=bio' : '',
      },
      label: LAYOUT_RULES[project][0].name,
      createdAt: ts(NOW - rng.int(10, 20 * 24 * 60) * MINUTE),
    };
    // Anonymous visitors have no customer id, and the phone is optional on the popup.
    if (customer) lead.customer = customer.id;
    if (phoneNumber) lead.phoneNumber = phoneNumber;
    docs[rng.autoId()] = lead;
  }
  return docs;
}

/**
 * Orders: the seeds define none, so a minimal entity of our own (web/src/customers/README.md, 'Customer orders'):
 * project/{p}/order/{id} = {id, customerId, customerEmail, status, total (BRL), items [{sku, name,
 * qty, price}], createdAt}. Two thirds of the customers have 1–4 orders over the last year.
 */
const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];
/**
 * @param {StoreId} project
 * @param {Customer[]} customers
 * @param {Product[]} products
 * @param {Rng} rng
 */
export function buildOrders(project, customers, products, rng) {
  /** @type {Docs} */
  const docs = {};
  const sellable = products.filter((p) => p.Price > 0);
  customers.forEach((customer, i) => {
    if (i % 3 === 2) return;
    const count = rng.int(1, 4);
    for (let n = 0; n < count; n += 1) {
      const id = `${project === 'main' ? 'LP' : 'CS'}${String(100000 + i * 10 + n)}`;
      const items = rng.sample(sellable, rng.int(1, 3)).map((p) => ({ sku: p.ProductCode, name: p.ProductSiteName, qty: rng.int(1, 2), price: p.Price }));
      const createdAt = NOW - rng.int(1, 360) * DAY - rng.int(0, 1439) * MINUTE;
      docs[id] = {
        id,
        customerId: customer.id,
        customerEmail: customer.email,
        status: n === 0 && createdAt > NOW - 5 * DAY ? 'pending' : rng.pick(ORDER_STATUSES),
        total: Math.round(items.reduce((sum, item) => sum + item.qty * item.price, 0) * 100) / 100,
        items,
        createdAt: ts(createdAt),
      };
    }
  });
  return docs;
}
