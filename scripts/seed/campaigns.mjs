// Demo seed (campaigns.mjs): E-mail and WhatsApp templates and campaigns, conversations and e-mail preferences.
import { DAY, MINUTE, NOW, at, ts } from './values.mjs';
import { PROJECTS } from './reference.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { Customer, Docs, Product, StoreId } from './types.js' */

/** @param {StoreId} project */
export function buildEmailTemplates(project) {
  const name = PROJECTS[project].name;
  /** @param {string} inner */
  const wrap = (inner) => `<p>Olá, {{firstName}}!</p>${inner}<p>Equipe ${name}</p>`;
  return {
    'boas-vindas': {
      title: 'Boas-vindas com cupom',
      subject: `Bem-vindo(a) à ${name}: seu cupom chegou`,
      body: wrap('<p>Use o cupom <strong>{{couponCode}}</strong> e ganhe 10% de desconto na primeira compra.</p>'),
      createdAt: at('2026-01-10T12:00:00Z'),
      updatedAt: at('2026-06-10T12:00:00Z'),
    },
    'carrinho-abandonado': {
      title: 'Carrinho abandonado',
      subject: 'Você esqueceu alguns itens no carrinho',
      body: wrap('<p>Seus produtos ainda estão reservados. <a href="https://{{domain}}/carrinho">Finalize sua compra</a>.</p>'),
      createdAt: at('2026-03-10T12:00:00Z'),
      updatedAt: at('2026-09-10T12:00:00Z'),
    },
    'black-friday': {
      title: 'Black Friday — ofertas',
      subject: 'Black Friday: até 40% off em panelas e eletroportáteis',
      body: wrap('<p>As ofertas mais esperadas do ano começaram.</p><ul><li>Panelas inox</li><li>Air fryers</li><li>Churrasqueiras</li></ul>'),
      createdAt: at('2026-11-01T12:00:00Z'),
      updatedAt: at('2026-11-18T12:00:00Z'),
    },
  };
}

/**
 * The e-mail and WhatsApp campaigns, by collection.
 * @param {StoreId} project
 * @param {Product[]} products
 */
export function buildCampaigns(project, products) {
  /** @param {string} cat @param {number} n */
  const skus = (cat, n) =>
    products
      .filter((p) => p.category === cat && p.Salable === 'S')
      .slice(0, n)
      .map((p) => ({ sku: p.ProductCode }));
  return {
    'campaign-email': {
      'black-friday-2026': {
        name: 'Black Friday 2026 — base completa',
        emailTemplateId: 'black-friday',
        customerSegmentId: 'clientes-vip',
        batchs: [...skus('panelas', 3), ...skus('air-fryers', 3)],
        createdAt: at('2026-11-10T12:00:00Z'),
        updatedAt: at('2026-11-19T12:00:00Z'),
      },
      'recuperacao-carrinho-novembro': {
        name: 'Recuperação de carrinho — novembro',
        emailTemplateId: 'carrinho-abandonado',
        customerSegmentId: 'carrinho-abandonado',
        batchs: [],
        createdAt: at('2026-11-02T12:00:00Z'),
        updatedAt: at('2026-11-02T12:00:00Z'),
      },
    },
    'campaign-whatsapp': {
      'churrasco-dezembro': {
        name: 'Churrasco de fim de ano',
        whatsappTemplateId: 'oferta_churrasco',
        whatsappTemplateParams: '{"1": "{{firstName}}", "2": "CHURRAS15"}',
        customerSegmentId: 'compradores-churrasco',
        batchs: skus('churrasqueiras', 2),
        createdAt: at('2026-11-15T12:00:00Z'),
        updatedAt: at('2026-11-15T12:00:00Z'),
      },
    },
  };
}

/** The template is stored as JSON text (the editor is a textarea). */
/** @param {unknown} value */
const json = (value) => JSON.stringify(value, null, 2);

/** @param {StoreId} project */
export function buildWhatsappTemplates(project) {
  const wabaId = project === 'main' ? '100000000000001' : '100000000000002';
  const name = PROJECTS[project].name;
  return {
    oferta_churrasco: {
      id: 'oferta_churrasco',
      wabaId,
      template: json({
        name: 'oferta_churrasco',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Ofertas de churrasco 🔥' },
          {
            type: 'BODY',
            text: `Olá, {{1}}! Na ${name} as churrasqueiras estão com desconto. Use o cupom {{2}}.`,
            example: { body_text: [['Maria', 'CHURRAS15']] },
          },
          { type: 'FOOTER', text: 'Responda SAIR para não receber mais mensagens.' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'QUICK_REPLY', text: 'Quero ver' },
              { type: 'QUICK_REPLY', text: 'Não tenho interesse' },
            ],
          },
        ],
      }),
      createdAt: at('2026-10-20T12:00:00Z'),
      updatedAt: at('2026-10-20T12:00:00Z'),
    },
    pedido_enviado: {
      id: 'pedido_enviado',
      wabaId,
      template: json({
        name: 'pedido_enviado',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Seu pedido foi enviado' },
          {
            type: 'BODY',
            text: 'Olá, {{1}}! O pedido {{2}} saiu para entrega. Rastreie em {{3}}.',
            example: { body_text: [['João', '154321', 'https://rastreio.demo.test/AB123']] },
          },
          { type: 'FOOTER', text: name },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Falar com atendente' }] },
        ],
      }),
      createdAt: at('2026-04-20T12:00:00Z'),
      updatedAt: at('2026-04-20T12:00:00Z'),
    },
  };
}

/**
 * @param {Customer[]} customers
 * @param {Rng} rng
 * @param {Rng} messageRng the messages' times and ids
 */
export function buildConversations(customers, rng, messageRng) {
  /** @type {Docs} */
  const docs = {};
  customers.slice(0, 5).forEach((customer, i) => {
    // The conversation's id and day from `rng` as before messages were seeded (tests open the first one).
    const id = rng.autoId();
    const start = NOW - rng.int(1, 20) * DAY + messageRng.int(9 * 60, 18 * 60) * MINUTE;
    const thread = CONVERSATION_THREADS[i % CONVERSATION_THREADS.length];
    let lastAt = start;
    thread.forEach(([direction, text], n) => {
      lastAt = start + n * messageRng.int(2, 40) * MINUTE;
      docs[`${id}/message/${messageRng.autoId()}`] = {
        channel: 'whatsapp',
        direction,
        kind: 'text',
        text: direction === 'outbound' ? text.replace('{{firstName}}', customer.firstName) : text,
        campaignId: null,
        customerId: customer.id,
        createdAt: ts(lastAt),
      };
    });
    // As the WhatsApp webhook keeps them (functions/src/whatsapp/inbound.ts): the list shows the last message.
    docs[id] = {
      customerId: customer.id,
      channel: 'whatsapp',
      createdAt: ts(start),
      lastMessageAt: ts(lastAt),
      lastMessageText: thread[thread.length - 1][1].replace('{{firstName}}', customer.firstName),
    };
  });
  return docs;
}

/**
 * Short WhatsApp exchanges between customers and the store, one per seeded conversation.
 * @type {['inbound' | 'outbound', string][][]}
 */
const CONVERSATION_THREADS = [
  [
    ['inbound', 'Boa tarde! O jogo de panelas Tramontina Lyon serve em fogão de indução?'],
    ['outbound', 'Olá, {{firstName}}! Serve sim, o fundo triplo é próprio para indução.'],
    ['inbound', 'Perfeito, vou fechar o pedido hoje.'],
  ],
  [
    ['inbound', 'Meu pedido ainda não chegou, o rastreio parou em Curitiba.'],
    ['outbound', 'Oi, {{firstName}}, verificamos com a transportadora: a entrega sai amanhã.'],
  ],
  [
    ['inbound', 'Vocês têm a cuba Franke Elos em preto?'],
    ['outbound', '{{firstName}}, temos sim! Chega em 5 dias úteis para o seu CEP.'],
    ['inbound', 'Qual o prazo para São Paulo capital?'],
  ],
  [
    ['outbound', 'Olá, {{firstName}}! Seu cupom de 10% vale até domingo.'],
    ['inbound', 'Quero ver'],
  ],
  [
    ['inbound', 'Consigo trocar a faca do kit por outra de 8 polegadas?'],
    ['outbound', 'Consegue sim, {{firstName}}. Enviamos o código de postagem por e-mail.'],
    ['inbound', 'Recebi, obrigado!'],
  ],
];

/** One unsubscribed customer and one competitor address, so segment reports show who is left out and why. */
/** @param {Customer[]} customers */
export function buildEmailPreferences(customers) {
  const unsubscribed = customers[1].email;
  return {
    [unsubscribed]: {
      id: unsubscribed,
      email: unsubscribed,
      unsubscribed: true,
      competitor: false,
      unsubscribedAt: at('2026-10-15T14:00:00Z'),
      createdAt: at('2026-10-15T14:00:00Z'),
    },
    'compras@lojarival.com.br': {
      id: 'compras@lojarival.com.br',
      email: 'compras@lojarival.com.br',
      unsubscribed: false,
      competitor: true,
      unsubscribedAt: null,
      createdAt: at('2026-08-01T12:00:00Z'),
    },
  };
}
