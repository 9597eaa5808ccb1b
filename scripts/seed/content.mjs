// Demo seed (content.mjs): content blocks, pages, posts, links, search redirects and tasks.
import { DAY, NOW, at, fileObject, ts } from './values.mjs';
import { seedFileUrl } from './storage.mjs';
import { PROJECTS } from './reference.mjs';
import { STORE_INFO } from './stores.mjs';
import { toFlatLayout } from '@console/shared';
/** @import { Rng } from './random.mjs' */
/** @import { ContentBlock, Docs, Product, StoreId } from './types.js' */

/**
 * @param {StoreId} project
 * @param {Rng} rng
 * @param {ContentBlock[]} blocks
 */
function layoutTree(project, rng, blocks) {
  // Stored flat (shared/src/layout/flat.ts): nodes by id with parent and order, any depth.
  return toFlatLayout(nestedLayout(project, rng, blocks));
}

/**
 * @param {StoreId} project
 * @param {Rng} rng
 * @param {ContentBlock[]} blocks
 */
function nestedLayout(project, rng, blocks) {
  return {
    id: 'root',
    type: 'ContainerComponent',
    className: 'flex flex-col gap-6',
    href: '',
    children: blocks.map((block, i) => {
      const id = `node-${rng.hex(8)}`;
      if (block.text) return { id, type: 'TextComponent', className: block.className ?? 'text-base', text: block.text };
      if (block.image)
        return {
          id,
          type: 'ImageComponent',
          className: 'w-full rounded-lg',
          file: fileObject(rng, { project, folder: 'content', name: block.image, title: block.image, width: 1920, height: 600 }),
        };
      if (block.products) return { id, type: 'ProductsComponent', className: 'grid grid-cols-4 gap-4', productIds: block.products.join(',') };
      if (block.contentId) return { id, type: 'ContentComponent', className: '', contentId: block.contentId };
      return { id: `node-${i}`, type: 'EmbedComponent', className: '', html: block.html };
    }),
  };
}

/**
 * @param {StoreId} project
 * @param {Product[]} products
 * @param {Rng} rng
 */
export function buildContent(project, products, rng) {
  const name = PROJECTS[project].name;
  /** @param {string} category @param {number} n */
  const pick = (category, n) =>
    products
      .filter((p) => p.category === category && p.Salable === 'S')
      .slice(0, n)
      .map((p) => p.ProductCode);
  /** @type {[id: string, title: string, parent: string | null, order: number, blocks: ContentBlock[]][]} */
  const list = [
    [
      'home',
      'Página inicial',
      null,
      1,
      [
        { image: 'banner-home-black-friday' },
        { text: `<p><strong>Bem-vindo à ${name}</strong>: tudo para sua cozinha com entrega rápida.</p>`, className: 'text-2xl' },
        { products: [...pick('panelas', 4), ...pick('air-fryers', 4)] },
        { contentId: 'vantagens' },
      ],
    ],
    [
      'vantagens',
      'Faixa de vantagens',
      'home',
      1,
      [{ text: '<ul><li>Frete grátis acima de R$ 399</li><li>Até 10x sem juros</li><li>5% de desconto no Pix</li></ul>' }],
    ],
    ['institucional', 'Institucional', null, 2, [{ text: `<p>A ${name} reúne as melhores marcas de utilidades domésticas do Brasil.</p>` }]],
    [
      'rodape',
      'Rodapé',
      'institucional',
      1,
      [
        {
          text: `<p>${STORE_INFO[project].companyName} — CNPJ informado na nota fiscal. Atendimento de segunda a sexta, das 8h às 18h.</p>`,
          className: 'text-sm',
        },
      ],
    ],
    [
      'landing-churrasco',
      'Landing Churrasco',
      null,
      3,
      [
        { image: 'banner-churrasco' },
        { text: '<p>Tudo para o seu churrasco: churrasqueiras, facas e acessórios.</p>' },
        { products: [...pick('churrasqueiras', 4), ...pick('facas-churrasco', 4)] },
      ],
    ],
  ];
  /** @type {Docs} */
  const docs = {};
  for (const [id, title, parent, order, blocks] of list) {
    docs[id] = {
      title,
      slug: id,
      parent,
      order,
      video: null,
      content: layoutTree(project, rng, blocks),
      createdAt: at('2025-02-01T13:00:00Z'),
      updatedAt: ts(Date.parse('2026-09-01T13:00:00Z') + rng.int(0, 80) * DAY),
    };
  }
  return docs;
}

/**
 * @param {StoreId} project
 * @param {Rng} rng
 */
export function buildPages(project, rng) {
  const name = PROJECTS[project].name;
  const info = STORE_INFO[project];
  const list = [
    [
      'sobre-nos',
      'Sobre nós',
      'institucional',
      `<p>A <strong>${name}</strong> nasceu em ${info.foundationYear} com a missão de levar utilidades domésticas de qualidade a todo o Brasil.</p><p>Trabalhamos com marcas como Tramontina, Franke, Brinox e Electrolux.</p>`,
    ],
    [
      'politica-de-troca',
      'Política de troca e devolução',
      'ajuda',
      '<p>Você pode solicitar a troca ou devolução em até <strong>7 dias corridos</strong> após o recebimento, conforme o Código de Defesa do Consumidor.</p><ul><li>O produto deve estar sem sinais de uso.</li><li>Envie a solicitação pela área Meus Pedidos.</li></ul>',
    ],
    [
      'politica-de-privacidade',
      'Política de privacidade',
      'institucional',
      '<p>Tratamos seus dados pessoais de acordo com a LGPD (Lei nº 13.709/2018). Usamos seus dados apenas para processar pedidos e, com seu consentimento, enviar ofertas.</p>',
    ],
    ['formas-de-pagamento', 'Formas de pagamento', 'ajuda', '<p>Aceitamos cartão de crédito em até 12x, Pix com 5% de desconto e boleto bancário.</p>'],
    [
      'prazos-de-entrega',
      'Prazos de entrega',
      'ajuda',
      '<p>O prazo de entrega é calculado no carrinho a partir do CEP e começa a contar após a confirmação do pagamento.</p>',
    ],
    [
      'fale-conosco',
      'Fale conosco',
      'ajuda',
      `<p>E-mail: <a href="mailto:${info.email}">${info.email}</a><br>Telefone: ${info.phone}<br>WhatsApp: ${info.whatsapp}</p>`,
    ],
    ['termos-de-uso', 'Termos de uso', 'institucional', '<p>Ao usar este site você concorda com os termos e condições aqui descritos.</p>'],
  ];
  /** @type {Docs} */
  const docs = {};
  list.forEach(([id, title, group, content], i) => {
    docs[id] = {
      title,
      slug: id,
      group,
      description: `${title} — ${name}`,
      content,
      visible: id !== 'termos-de-uso' || project === 'main',
      order: i + 1,
      createdAt: at('2025-01-20T15:00:00Z'),
      updatedAt: ts(Date.parse('2026-03-01T15:00:00Z') + rng.int(0, 200) * DAY),
    };
  });
  return docs;
}

/**
 * @param {StoreId} project
 * @param {Product[]} products
 * @param {Rng} rng
 */
export function buildPosts(project, products, rng) {
  // content is edited with the layout editor; contentHtml is its rendered HTML.
  /** @param {string} category @param {number} n */
  const skus = (category, n) =>
    products
      .filter((p) => p.category === category)
      .slice(0, n)
      .map((p) => ({ sku: p.ProductCode }));
  const list = [
    [
      'como-escolher-panela-de-inox',
      'Como escolher a panela de inox ideal',
      'Cozinha',
      'panelas',
      'published',
      '<p>Fundo triplo, espessura e tipo de alça: veja o que observar antes de comprar sua panela de inox.</p><ul><li>Prefira fundo triplo para distribuir o calor.</li><li>Verifique a compatibilidade com fogão de indução.</li></ul>',
    ],
    [
      'guia-facas-para-churrasco',
      'Guia de facas para churrasco',
      'Churrasco',
      'facas-churrasco',
      'published',
      '<p>Faca de 8", 10" ou 12"? Saiba qual escolher para cada corte de carne.</p>',
    ],
    [
      'instalacao-cuba-gourmet',
      'Passo a passo: instalação de cuba gourmet',
      'Cubas e Torneiras',
      'cubas',
      'published',
      '<p>Do gabarito na bancada à válvula: tudo o que você precisa para instalar sua cuba.</p>',
    ],
    [
      'receitas-air-fryer',
      '10 receitas rápidas na air fryer',
      'Receitas',
      'air-fryers',
      'draft',
      '<p>Batata rústica, frango crocante e até bolo: receitas testadas pela nossa equipe.</p>',
    ],
  ];
  /** @type {Docs} */
  const docs = {};
  for (const [slug, title, theme, category, status, html] of list) {
    docs[slug] = {
      title,
      theme,
      themeProducts: skus(category, 3),
      slug,
      description: html.replace(/<[^>]+>/g, '').slice(0, 140),
      status,
      content: layoutTree(project, rng, [{ text: html }]),
      contentHtml: html,
      createdAt: ts(Date.parse('2026-05-01T12:00:00Z') + rng.int(0, 150) * DAY),
      updatedAt: ts(Date.parse('2026-10-01T12:00:00Z') + rng.int(0, 40) * DAY),
    };
  }
  return docs;
}

/** @param {StoreId} project */
export function buildTasks(project) {
  const list = [
    [
      'Cadastrar fotos das cubas Franke',
      'todo',
      '<p>Falta a segunda foto (detalhe da válvula) em 6 cubas.</p>',
      [{ name: 'lista-cubas.csv', url: seedFileUrl(`project/${project}/task/lista-cubas.csv`) }],
    ],
    ['Revisar preços da Black Friday', 'inprogress', '<p>Conferir a margem mínima nos eletroportáteis antes de 20/11.</p>', []],
    ['Enviar e-mail de carrinho abandonado', 'done', '<p>Campanha enviada em 02/11 para o segmento de carrinho abandonado.</p>', []],
    ['Atualizar política de troca', 'todo', '<p>Incluir o prazo de 30 dias para defeitos de fabricação.</p>', []],
    [
      'Sincronizar estoque Tramontina',
      'done',
      '<p>Rodar a sincronização TStock após a virada do mês.</p>',
      [{ name: 'estoque-tramontina.xls', url: seedFileUrl(`project/${project}/task/estoque-tramontina.xls`) }],
    ],
  ];
  /** @type {Docs} */
  const docs = {};
  list.forEach(([title, status, body, files], i) => {
    docs[`tarefa-${i + 1}`] = { title, status, body, files, createdAt: ts(NOW - (30 - i * 5) * DAY), updatedAt: ts(NOW - (10 - i * 2) * DAY) };
  });
  return docs;
}

/** @param {StoreId} project */
export function buildLinks(project) {
  const d = PROJECTS[project].domain;
  const list = {
    'black-friday': `https://${d}/c/departamentos?promo=black-friday`,
    whatsapp: `https://wa.me/${STORE_INFO[project].whatsapp}`,
    churrasco: `https://${d}/c/churrasco`,
    'instagram-bio': `https://${d}/?utm_source=instagram&utm_medium=bio`,
  };
  return Object.fromEntries(
    Object.entries(list).map(([id, url]) => [id, { id, url, createdAt: at('2026-06-01T12:00:00Z'), updatedAt: at('2026-06-01T12:00:00Z') }]),
  );
}

export function buildSearchRedirects() {
  /** @type {Record<string, [byQuery: string, alternatives: string[]]>} */
  const list = {
    'panela-de-pressao': ['panela de pressão', ['panela pressao', 'panela de presao', 'pressão']],
    'air-fryer': ['air fryer', ['airfryer', 'fritadeira sem oleo', 'fritadeira eletrica']],
    faqueiro: ['faqueiro', ['jogo de talheres', 'talher', 'faqueiro inox']],
    'cuba-gourmet': ['cuba gourmet', ['cuba inox', 'pia gourmet', 'cuba de cozinha']],
  };
  return Object.fromEntries(
    Object.entries(list).map(([id, [byQuery, alts]]) => [
      id,
      {
        byQuery,
        queryAlternatives: alts.map((query) => ({ query })),
        createdAt: at('2026-04-01T12:00:00Z'),
        updatedAt: at('2026-04-01T12:00:00Z'),
      },
    ]),
  );
}
