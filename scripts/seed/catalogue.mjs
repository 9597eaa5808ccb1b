// Demo seed (catalogue.mjs): the product catalogue and category tree shared by main and cookstore.
import { Rng } from './random.mjs';
import { DAY, br, ean13, round2 } from './values.mjs';
import { BRANDS } from './reference.mjs';
/** @import { CatalogueItem, ProductFamily } from './types.js' */

/** @type {[id: string, title: string, parent: string | null][]} */
export const CATEGORY_TREE = [
  ['departamentos', 'Departamentos', null],
  ['cozinha', 'Cozinha', 'departamentos'],
  ['panelas', 'Panelas', 'cozinha'],
  ['frigideiras', 'Frigideiras e Woks', 'cozinha'],
  ['facas', 'Facas', 'cozinha'],
  ['faqueiros', 'Faqueiros e Talheres', 'cozinha'],
  ['utensilios', 'Utensílios', 'cozinha'],
  ['tabuas', 'Tábuas de Corte', 'cozinha'],
  ['potes', 'Potes e Mantimentos', 'cozinha'],
  ['churrasco', 'Churrasco', 'departamentos'],
  ['churrasqueiras', 'Churrasqueiras', 'churrasco'],
  ['acessorios-churrasco', 'Acessórios para Churrasco', 'churrasco'],
  ['facas-churrasco', 'Facas para Churrasco', 'churrasco'],
  ['eletroportateis', 'Eletroportáteis', 'departamentos'],
  ['liquidificadores', 'Liquidificadores', 'eletroportateis'],
  ['batedeiras', 'Batedeiras', 'eletroportateis'],
  ['air-fryers', 'Fritadeiras Air Fryer', 'eletroportateis'],
  ['cafeteiras', 'Cafeteiras', 'eletroportateis'],
  ['cubas-e-torneiras', 'Cubas e Torneiras', 'departamentos'],
  ['cubas', 'Cubas', 'cubas-e-torneiras'],
  ['torneiras', 'Torneiras', 'cubas-e-torneiras'],
  ['casa', 'Casa e Organização', 'departamentos'],
  ['lixeiras', 'Lixeiras', 'casa'],
  ['organizadores', 'Organizadores', 'casa'],
  ['garrafas-termicas', 'Garrafas Térmicas', 'casa'],
];
export const CATEGORY_BY_ID = Object.fromEntries(CATEGORY_TREE.map(([id, title, parent]) => [id, { id, title, parent }]));
/** @param {string} id */
export const topCategoryOf = (id) => {
  let c = CATEGORY_BY_ID[id];
  while (c.parent && c.parent !== 'departamentos') c = CATEGORY_BY_ID[c.parent];
  return c.id;
};

const NCM = {
  inox: '7323.93.00',
  aluminio: '7615.10.00',
  faca: '8211.92.10',
  talheres: '8215.20.00',
  utensilio: '8215.99.10',
  plastico: '3924.10.00',
  madeira: '4419.90.00',
  churrasqueira: '7321.11.00',
  churrasqueiraEletrica: '8516.60.00',
  cuba: '7324.10.00',
  torneira: '8481.80.19',
  liquidificador: '8509.40.10',
  batedeira: '8509.40.50',
  airfryer: '8516.60.00',
  cafeteira: '8516.71.00',
  termica: '9617.00.10',
};

const WARRANTY = {
  short: 'Garantia de 1 ano contra defeitos de fabricação.',
  eletro: 'Garantia de 1 ano do fabricante, mediante apresentação da nota fiscal.',
  inox: 'Garantia de 5 anos contra defeitos de fabricação.',
  cuba: 'Garantia de 15 anos contra defeitos de fabricação do aço inox.',
  torneira: 'Garantia de 5 anos para o corpo e 1 ano para o cartucho cerâmico.',
};

/**
 * A family of products: lines (brand, line, material, ncm, cost factor) crossed with kinds
 * (name template over a list of sizes, cost at a reference size, dimensions). `prefixes` are the
 * product-code prefixes (document 1 §9) the family's codes start with.
 * @type {ProductFamily[]}
 */
const FAMILIES = [
  {
    category: 'panelas',
    type: 'panela',
    count: 36,
    prefixes: ['20', '27', '62', '65'],
    warranty: WARRANTY.inox,
    synonyms: ['panela', 'caçarola', 'cozinha', 'inox'],
    lines: [
      ['tramontina', 'Solar', 'Aço Inox', NCM.inox, 1.4],
      ['tramontina', 'Allegra', 'Aço Inox', NCM.inox, 1.2],
      ['tramontina', 'Trento', 'Aço Inox', NCM.inox, 1.1],
      ['tramontina', 'Professional', 'Aço Inox', NCM.inox, 1.6],
      ['tramontina', 'Paris', 'Alumínio Antiaderente', NCM.aluminio, 0.7],
      ['tramontina', 'Lyon', 'Alumínio Antiaderente', NCM.aluminio, 0.8],
      ['brinox', 'Ceramic Life', 'Alumínio com Revestimento Cerâmico', NCM.aluminio, 0.75],
      ['rochedo', 'Smart', 'Alumínio Antiaderente', NCM.aluminio, 0.6],
    ],
    kinds: [
      { t: (s) => `Caçarola {b} {l} em {m} ${s} cm`, sizes: [16, 20, 24], ref: 20, cost: 95, dims: [12, 28, 22, 1.1] },
      { t: (s) => `Panela {b} {l} em {m} ${s} cm`, sizes: [18, 22], ref: 20, cost: 88, dims: [13, 30, 22, 1.0] },
      { t: (s) => `Jogo de Panelas {b} {l} em {m} ${s} Peças`, sizes: [5, 7], ref: 5, cost: 390, dims: [26, 50, 34, 5.8] },
      { t: (s) => `Panela de Pressão {b} {l} em {m} ${br(s)} L`, sizes: [4.5, 6], ref: 4.5, cost: 210, dims: [22, 40, 24, 2.4] },
      { t: (s) => `Caldeirão {b} {l} em {m} ${s} cm`, sizes: [24, 30], ref: 24, cost: 150, dims: [20, 34, 28, 1.9] },
      { t: () => `Fervedor {b} {l} em {m} 14 cm`, sizes: [14], ref: 14, cost: 60, dims: [10, 28, 16, 0.6] },
    ],
  },
  {
    category: 'frigideiras',
    type: 'panela',
    count: 18,
    prefixes: ['28', '60'],
    warranty: WARRANTY.short,
    synonyms: ['frigideira', 'wok', 'antiaderente', 'bistequeira'],
    lines: [
      ['tramontina', 'Paris', 'Alumínio Antiaderente', NCM.aluminio, 0.8],
      ['tramontina', 'Solar', 'Aço Inox', NCM.inox, 1.4],
      ['tramontina', 'Loreto', 'Alumínio Antiaderente', NCM.aluminio, 0.9],
      ['brinox', 'Ceramic Life', 'Alumínio com Revestimento Cerâmico', NCM.aluminio, 0.85],
      ['rochedo', 'Smart', 'Alumínio Antiaderente', NCM.aluminio, 0.6],
    ],
    kinds: [
      { t: (s) => `Frigideira {b} {l} em {m} ${s} cm`, sizes: [20, 24, 28], ref: 24, cost: 70, dims: [7, 46, 26, 0.9] },
      { t: (s) => `Wok {b} {l} em {m} ${s} cm`, sizes: [28, 32], ref: 28, cost: 120, dims: [11, 52, 30, 1.4] },
      { t: () => `Bistequeira Quadrada {b} {l} em {m} 24 cm`, sizes: [24], ref: 24, cost: 95, dims: [6, 45, 26, 1.6] },
    ],
  },
  {
    category: 'facas',
    type: 'faca',
    count: 24,
    prefixes: ['10', '22', '23', '24'],
    warranty: WARRANTY.inox,
    synonyms: ['faca', 'cutelaria', 'faca de cozinha', 'lâmina inox'],
    lines: [
      ['tramontina', 'Century', 'Lâmina em Aço Inox', NCM.faca, 2.2],
      ['tramontina', 'Polywood', 'Lâmina em Aço Inox', NCM.faca, 0.6],
      ['tramontina', 'Plenus', 'Lâmina em Aço Inox', NCM.faca, 0.45],
      ['tramontina', 'Professional Master', 'Lâmina em Aço Inox', NCM.faca, 1.3],
      ['mundial', 'Pro', 'Lâmina em Aço Inox', NCM.faca, 1.1],
      ['brinox', 'Chef', 'Lâmina em Aço Inox', NCM.faca, 0.8],
    ],
    kinds: [
      { t: (s) => `Faca do Chef {b} {l} ${s}"`, sizes: [8, 10], ref: 8, cost: 75, dims: [3, 38, 6, 0.25] },
      { t: () => `Faca para Pão {b} {l} 8"`, sizes: [8], ref: 8, cost: 55, dims: [3, 36, 6, 0.2] },
      { t: () => `Faca Santoku {b} {l} 7"`, sizes: [7], ref: 7, cost: 70, dims: [3, 34, 6, 0.22] },
      { t: () => `Faca para Legumes {b} {l} 4"`, sizes: [4], ref: 4, cost: 25, dims: [2, 24, 5, 0.08] },
      { t: (s) => `Conjunto de Facas {b} {l} ${s} Peças com Cepo`, sizes: [6, 8], ref: 6, cost: 260, dims: [36, 24, 14, 2.1] },
    ],
  },
  {
    category: 'faqueiros',
    type: 'talheres',
    count: 14,
    prefixes: ['11', '64', '66'],
    warranty: WARRANTY.inox,
    packs: true,
    synonyms: ['faqueiro', 'talheres', 'jogo de talheres', 'garfo', 'colher'],
    lines: [
      ['tramontina', 'Laguna', 'Aço Inox', NCM.talheres, 0.8],
      ['tramontina', 'Malibu', 'Aço Inox', NCM.talheres, 0.7],
      ['tramontina', 'Zurique', 'Aço Inox', NCM.talheres, 1.1],
      ['tramontina', 'Cosmos', 'Aço Inox', NCM.talheres, 1.0],
      ['brinox', 'Aspen', 'Aço Inox', NCM.talheres, 0.9],
    ],
    kinds: [
      { t: (s) => `Faqueiro {b} {l} em {m} ${s} Peças`, sizes: [24, 42, 72], ref: 24, cost: 120, dims: [8, 40, 30, 1.5] },
      { t: () => `Jogo de Garfos de Mesa {b} {l} em {m} 6 Peças`, sizes: [6], ref: 6, cost: 35, dims: [3, 22, 12, 0.3] },
      { t: () => `Jogo de Colheres de Sobremesa {b} {l} em {m} 6 Peças`, sizes: [6], ref: 6, cost: 30, dims: [3, 20, 12, 0.25] },
    ],
  },
  {
    category: 'utensilios',
    type: 'utensilio',
    count: 24,
    prefixes: ['25', '26', '40', '41'],
    warranty: WARRANTY.short,
    packs: true,
    small: true,
    synonyms: ['utensílio', 'utensílios de cozinha', 'acessório de cozinha'],
    lines: [
      ['tramontina', 'Utilitá', 'Nylon', NCM.utensilio, 0.5],
      ['tramontina', 'Ability', 'Silicone', NCM.utensilio, 0.7],
      ['tramontina', 'Cucina', 'Aço Inox', NCM.utensilio, 1.0],
      ['brinox', 'Top Pratic', 'Aço Inox', NCM.utensilio, 0.8],
      ['mor', 'Cozinha Fácil', 'Polipropileno', NCM.plastico, 0.4],
    ],
    kinds: [
      { t: () => `Espátula {b} {l} em {m}`, sizes: [0], ref: 0, cost: 18, dims: [2, 32, 7, 0.08] },
      { t: () => `Concha {b} {l} em {m}`, sizes: [0], ref: 0, cost: 20, dims: [4, 33, 9, 0.12] },
      { t: () => `Pegador de Massas {b} {l} em {m}`, sizes: [0], ref: 0, cost: 17, dims: [3, 31, 7, 0.09] },
      { t: () => `Escumadeira {b} {l} em {m}`, sizes: [0], ref: 0, cost: 19, dims: [3, 35, 11, 0.12] },
      { t: () => `Colher de Arroz {b} {l} em {m}`, sizes: [0], ref: 0, cost: 14, dims: [3, 28, 7, 0.07] },
      { t: () => `Batedor de Ovos {b} {l} em {m}`, sizes: [0], ref: 0, cost: 22, dims: [6, 30, 6, 0.1] },
      { t: () => `Ralador 4 Faces {b} {l}`, sizes: [0], ref: 0, cost: 32, dims: [24, 11, 9, 0.3] },
    ],
  },
  {
    category: 'tabuas',
    type: 'utensilio',
    count: 12,
    prefixes: ['12', '13', '14'],
    warranty: WARRANTY.short,
    synonyms: ['tábua', 'tábua de corte', 'tábua de carne', 'tábua de churrasco'],
    lines: [
      ['tramontina', 'Provence', 'Madeira Teca', NCM.madeira, 1.3],
      ['tramontina', 'Churrasco', 'Madeira Muiracatiara', NCM.madeira, 1.1],
      ['tramontina', 'Ultracorte', 'Polipropileno', NCM.plastico, 0.6],
      ['brinox', 'Bambu', 'Bambu', NCM.madeira, 0.7],
    ],
    kinds: [
      { t: (s) => `Tábua de Corte {b} {l} em {m} ${s}`, sizes: ['34x23 cm', '40x27 cm', '49x32 cm'], ref: null, cost: 65, dims: [2, 40, 27, 1.2] },
      { t: () => `Tábua para Churrasco {b} {l} em {m} com Canaleta 48x30 cm`, sizes: [0], ref: 0, cost: 110, dims: [3, 48, 30, 2.4] },
    ],
  },
  {
    category: 'potes',
    type: 'utensilio',
    count: 8,
    prefixes: ['43', '68'],
    warranty: WARRANTY.short,
    small: true,
    packs: true,
    synonyms: ['pote', 'pote hermético', 'mantimentos', 'porta-mantimentos'],
    lines: [
      ['tramontina', 'Purezza', 'Vidro Borossilicato', NCM.plastico, 1.0],
      ['brinox', 'Keep', 'Aço Inox', NCM.inox, 1.1],
      ['mor', 'Organiza', 'Polipropileno', NCM.plastico, 0.5],
    ],
    kinds: [
      { t: (s) => `Pote Hermético {b} {l} em {m} ${br(s)} L`, sizes: [0.8, 1.5, 2.5], ref: 1.5, cost: 30, dims: [15, 14, 14, 0.5] },
      { t: () => `Conjunto de Potes Herméticos {b} {l} em {m} 5 Peças`, sizes: [5], ref: 5, cost: 95, dims: [22, 30, 22, 1.8] },
    ],
  },
  {
    category: 'churrasqueiras',
    type: 'churrasqueira',
    count: 12,
    prefixes: ['33', '77', '78'],
    warranty: WARRANTY.short,
    synonyms: ['churrasqueira', 'grill', 'assador', 'churrasco'],
    lines: [
      ['tramontina', 'Infinity', 'Aço Inox', NCM.churrasqueira, 1.3],
      ['tramontina', 'TCP', 'Aço Carbono', NCM.churrasqueira, 0.9],
      ['fischer', 'Grill', 'Aço Inox', NCM.churrasqueiraEletrica, 1.0],
      ['mor', 'Portátil', 'Aço Carbono', NCM.churrasqueira, 0.5],
    ],
    kinds: [
      { t: (s) => `Churrasqueira a Carvão {b} {l} em {m} ${s} cm`, sizes: [42, 55, 67], ref: 55, cost: 520, dims: [90, 70, 55, 18] },
      { t: () => `Churrasqueira a Gás {b} {l} em {m} 3 Queimadores`, sizes: [3], ref: 3, cost: 1650, dims: [110, 120, 60, 38] },
      { t: (s) => `Churrasqueira Elétrica {b} {l} ${s} W 220 V`, sizes: [1800, 2000], ref: 1800, cost: 310, dims: [20, 60, 40, 6.5] },
    ],
  },
  {
    category: 'acessorios-churrasco',
    type: 'churrasqueira',
    count: 14,
    prefixes: ['56', '57', '79'],
    warranty: WARRANTY.short,
    small: true,
    synonyms: ['acessórios de churrasco', 'espeto', 'grelha', 'kit churrasco'],
    lines: [
      ['tramontina', 'Churrasco', 'Aço Inox', NCM.inox, 1.0],
      ['tramontina', 'Barbecue', 'Aço Inox', NCM.inox, 1.1],
      ['mor', 'Churrasco', 'Aço Cromado', NCM.inox, 0.5],
      ['brinox', 'Grill', 'Aço Inox', NCM.inox, 0.8],
    ],
    kinds: [
      { t: (s) => `Kit Churrasco {b} {l} em {m} ${s} Peças`, sizes: [3, 5, 12], ref: 5, cost: 110, dims: [6, 48, 22, 1.1] },
      { t: (s) => `Espeto Duplo {b} {l} em {m} ${s} cm`, sizes: [65, 75], ref: 65, cost: 28, dims: [2, 75, 4, 0.25] },
      { t: () => `Grelha para Churrasco {b} {l} em {m} 60x40 cm`, sizes: [60], ref: 60, cost: 95, dims: [3, 62, 42, 2.2] },
      { t: () => `Garfo Trinchante {b} {l} em {m}`, sizes: [0], ref: 0, cost: 32, dims: [2, 36, 4, 0.15] },
    ],
  },
  {
    category: 'facas-churrasco',
    type: 'faca',
    count: 8,
    prefixes: ['21', '29'],
    warranty: WARRANTY.inox,
    synonyms: ['faca de churrasco', 'faca para carne', 'talheres para churrasco'],
    lines: [
      ['tramontina', 'Jumbo', 'Lâmina em Aço Inox', NCM.faca, 0.7],
      ['tramontina', 'Polywood', 'Lâmina em Aço Inox', NCM.faca, 0.6],
      ['tramontina', 'Churrasco Gaúcho', 'Lâmina em Aço Inox', NCM.faca, 1.2],
      ['mundial', 'Gourmet', 'Lâmina em Aço Inox', NCM.faca, 1.0],
    ],
    kinds: [
      { t: (s) => `Faca para Churrasco {b} {l} ${s}"`, sizes: [8, 10, 12], ref: 8, cost: 45, dims: [3, 40, 6, 0.25] },
      { t: (s) => `Conjunto de Talheres para Churrasco {b} {l} ${s} Peças`, sizes: [12, 24], ref: 12, cost: 85, dims: [6, 30, 22, 1.3] },
    ],
  },
  {
    category: 'cubas',
    type: 'cuba',
    count: 16,
    prefixes: ['93', '94', '95', '61'],
    warranty: WARRANTY.cuba,
    synonyms: ['cuba', 'pia', 'cuba inox', 'cuba gourmet', 'cuba de cozinha'],
    lines: [
      ['tramontina', 'Design Collection', 'Aço Inox', NCM.cuba, 1.4],
      ['tramontina', 'Lavínia', 'Aço Inox', NCM.cuba, 0.8],
      ['franke', 'Bell', 'Aço Inox', NCM.cuba, 1.3],
      ['franke', 'Mythos', 'Aço Inox', NCM.cuba, 1.6],
      ['debacco', 'Prime', 'Aço Inox', NCM.cuba, 1.0],
    ],
    kinds: [
      { t: (s) => `Cuba de Embutir {b} {l} em {m} ${s}`, sizes: ['40x34 cm', '47x30 cm', '56x34 cm'], ref: null, cost: 420, dims: [22, 50, 40, 6.5] },
      { t: () => `Cuba Dupla de Embutir {b} {l} em {m} 83x40 cm`, sizes: [83], ref: 83, cost: 890, dims: [24, 86, 45, 12.5] },
      { t: () => `Cuba de Sobrepor {b} {l} em {m} 50x40 cm`, sizes: [50], ref: 50, cost: 380, dims: [20, 54, 44, 6.1] },
    ],
  },
  {
    category: 'torneiras',
    type: 'torneira',
    count: 14,
    prefixes: ['91', '92', '96'],
    warranty: WARRANTY.torneira,
    synonyms: ['torneira', 'misturador', 'torneira gourmet', 'torneira de cozinha'],
    lines: [
      ['franke', 'Elos', 'Metal Cromado', NCM.torneira, 1.3],
      ['franke', 'Sirius', 'Aço Inox Escovado', NCM.torneira, 1.6],
      ['tramontina', 'Ventura', 'Aço Inox', NCM.torneira, 1.0],
      ['tramontina', 'Mia', 'Aço Inox', NCM.torneira, 0.9],
      ['debacco', 'Luna', 'Metal Preto Fosco', NCM.torneira, 1.1],
    ],
    kinds: [
      { t: () => `Torneira Gourmet Monocomando {b} {l} em {m}`, sizes: [0], ref: 0, cost: 520, dims: [50, 30, 12, 2.6] },
      { t: () => `Torneira de Mesa para Cozinha {b} {l} em {m} Bica Alta`, sizes: [0], ref: 0, cost: 260, dims: [38, 26, 10, 1.4] },
      { t: () => `Torneira de Parede para Cozinha {b} {l} em {m}`, sizes: [0], ref: 0, cost: 190, dims: [12, 30, 10, 0.9] },
    ],
  },
  {
    category: 'liquidificadores',
    type: 'eletroportatil',
    count: 8,
    prefixes: ['80', '42'],
    warranty: WARRANTY.eletro,
    eletro: true,
    synonyms: ['liquidificador', 'blender', 'eletroportátil'],
    lines: [
      ['electrolux', 'Experience', 'Copo de Tritan', NCM.liquidificador, 1.1],
      ['oster', 'Xpert', 'Copo de Vidro', NCM.liquidificador, 1.2],
      ['mondial', 'Turbo', 'Copo de Acrílico', NCM.liquidificador, 0.6],
      ['arno', 'Power Max', 'Copo de Vidro', NCM.liquidificador, 0.9],
    ],
    kinds: [{ t: (s) => `Liquidificador {b} {l} ${s} W {m} 220 V`, sizes: [900, 1200, 1400], ref: 1200, cost: 180, dims: [42, 24, 22, 3.6] }],
  },
  {
    category: 'batedeiras',
    type: 'eletroportatil',
    count: 6,
    prefixes: ['81', '44'],
    warranty: WARRANTY.eletro,
    eletro: true,
    synonyms: ['batedeira', 'batedeira planetária', 'confeitaria'],
    lines: [
      ['electrolux', 'Expressionist', 'Tigela Inox', NCM.batedeira, 1.2],
      ['oster', 'Chef Pro', 'Tigela Inox', NCM.batedeira, 1.1],
      ['mondial', 'Prática', 'Tigela Plástica', NCM.batedeira, 0.5],
      ['arno', 'Deluxe', 'Tigela Inox', NCM.batedeira, 0.9],
    ],
    kinds: [{ t: (s) => `Batedeira Planetária {b} {l} ${s} W {m} 220 V`, sizes: [500, 700, 1000], ref: 700, cost: 380, dims: [36, 40, 24, 5.2] }],
  },
  {
    category: 'air-fryers',
    type: 'eletroportatil',
    count: 8,
    prefixes: ['82', '58'],
    warranty: WARRANTY.eletro,
    eletro: true,
    synonyms: ['air fryer', 'fritadeira sem óleo', 'fritadeira elétrica'],
    lines: [
      ['electrolux', 'Efficient', 'Preta', NCM.airfryer, 1.1],
      ['oster', 'Digital', 'Inox', NCM.airfryer, 1.2],
      ['mondial', 'Family', 'Preta', NCM.airfryer, 0.6],
      ['arno', 'Easy Fry', 'Grafite', NCM.airfryer, 0.9],
      ['tramontina', 'by Breville', 'Inox', NCM.airfryer, 1.5],
    ],
    kinds: [{ t: (s) => `Fritadeira Air Fryer {b} {l} ${br(s)} L {m} 220 V`, sizes: [3.2, 4, 5.5], ref: 4, cost: 260, dims: [34, 30, 36, 4.8] }],
  },
  {
    category: 'cafeteiras',
    type: 'eletroportatil',
    count: 8,
    prefixes: ['71', '45'],
    warranty: WARRANTY.eletro,
    eletro: true,
    synonyms: ['cafeteira', 'máquina de café', 'café'],
    lines: [
      ['electrolux', 'Chef', 'Inox', NCM.cafeteira, 1.0],
      ['oster', 'Inox Compacta', 'Inox', NCM.cafeteira, 0.9],
      ['mondial', 'Dolce Arome', 'Preta', NCM.cafeteira, 0.5],
      ['tramontina', 'by Breville', 'Inox Escovado', NCM.cafeteira, 3.2],
    ],
    kinds: [
      { t: (s) => `Cafeteira Elétrica {b} {l} ${s} Xícaras {m} 220 V`, sizes: [15, 30], ref: 30, cost: 120, dims: [36, 24, 22, 1.9] },
      { t: () => `Cafeteira Espresso {b} {l} 15 Bar {m} 220 V`, sizes: [15], ref: 15, cost: 420, dims: [34, 30, 28, 4.6] },
    ],
  },
  {
    category: 'lixeiras',
    type: 'lixeira',
    count: 12,
    prefixes: ['63', '67', '69'],
    warranty: WARRANTY.short,
    synonyms: ['lixeira', 'cesto de lixo', 'lixeira inox', 'lixeira com pedal'],
    lines: [
      ['tramontina', 'Inox com Pedal', 'Aço Inox', NCM.inox, 1.0],
      ['brinox', 'Decorline', 'Aço Inox', NCM.inox, 0.9],
      ['brastemp', 'Clean', 'Aço Inox Escovado', NCM.inox, 1.2],
      ['mor', 'Basculante', 'Polipropileno', NCM.plastico, 0.4],
    ],
    kinds: [
      { t: (s) => `Lixeira {b} {l} em {m} ${s} L`, sizes: [5, 12, 30, 50], ref: 12, cost: 120, dims: [40, 28, 28, 2.4] },
      { t: () => `Lixeira de Embutir {b} {l} em {m} 2 Cestos 16 L`, sizes: [16], ref: 16, cost: 340, dims: [38, 44, 50, 5.1] },
    ],
  },
  {
    category: 'organizadores',
    type: 'utensilio',
    count: 8,
    prefixes: ['46', '69'],
    warranty: WARRANTY.short,
    synonyms: ['organizador', 'escorredor', 'porta-temperos', 'organização'],
    lines: [
      ['tramontina', 'Freezinox', 'Aço Inox', NCM.inox, 1.1],
      ['brinox', 'Top Pratic', 'Aço Inox', NCM.inox, 0.9],
      ['mor', 'Organiza', 'Polipropileno', NCM.plastico, 0.4],
    ],
    kinds: [
      { t: () => `Escorredor de Louças {b} {l} em {m} 16 Pratos`, sizes: [16], ref: 16, cost: 120, dims: [28, 48, 32, 2.3] },
      { t: () => `Porta-Temperos Giratório {b} {l} em {m} 12 Potes`, sizes: [12], ref: 12, cost: 95, dims: [30, 20, 20, 1.6] },
      { t: () => `Suporte para Papel Toalha {b} {l} em {m}`, sizes: [0], ref: 0, cost: 40, dims: [34, 16, 16, 0.6] },
    ],
  },
  {
    category: 'garrafas-termicas',
    type: 'utensilio',
    count: 8,
    prefixes: ['43', '45'],
    warranty: WARRANTY.short,
    synonyms: ['garrafa térmica', 'térmica', 'chimarrão', 'café'],
    lines: [
      ['tramontina', 'Exata', 'Aço Inox', NCM.termica, 1.1],
      ['mor', 'Termolar', 'Polipropileno', NCM.termica, 0.5],
      ['brinox', 'Thermo', 'Aço Inox', NCM.termica, 0.9],
    ],
    kinds: [
      { t: (s) => `Garrafa Térmica {b} {l} em {m} ${br(s)} L`, sizes: [0.5, 1, 1.8], ref: 1, cost: 75, dims: [32, 11, 11, 0.7] },
      { t: () => `Garrafa Térmica para Chimarrão {b} {l} em {m} 1 L com Bico Dosador`, sizes: [1], ref: 1, cost: 90, dims: [33, 11, 11, 0.8] },
    ],
  },
];

export const DESCRIPTION_OPENINGS = [
  'Desenvolvido para o dia a dia de quem gosta de cozinhar,',
  'Com acabamento impecável e alta durabilidade,',
  'Pensado para cozinhas modernas e práticas,',
  'Ideal para quem busca qualidade profissional em casa,',
];

export const DESCRIPTION_BY_CATEGORY = {
  panelas: 'distribui o calor de forma uniforme, conserva a temperatura dos alimentos e pode ser usado em fogões a gás, elétricos e vitrocerâmicos.',
  frigideiras: 'tem revestimento que evita que os alimentos grudem, facilita a limpeza e permite preparos com pouco óleo.',
  facas: 'tem lâmina afiada e resistente à corrosão e cabo ergonômico que garante firmeza e segurança no corte.',
  faqueiros: 'tem design atemporal, acabamento polido e pode ser lavado na máquina de lavar louças.',
  utensilios: 'não risca panelas antiaderentes, suporta altas temperaturas e é fácil de limpar.',
  tabuas: 'tem superfície resistente a cortes, não absorve odores e é ideal para preparar carnes, legumes e frios.',
  potes: 'conserva os alimentos frescos por mais tempo, com tampa de vedação hermética e livre de BPA.',
  churrasqueiras: 'garante um churrasco perfeito, com grelha regulável em altura e estrutura resistente ao calor.',
  'acessorios-churrasco': 'completa o churrasco com peças resistentes, fáceis de limpar e de guardar.',
  'facas-churrasco': 'tem lâmina com serrilha que corta carnes com precisão e cabo resistente à lava-louças.',
  cubas: 'tem cantos arredondados que facilitam a limpeza, isolamento acústico e válvula inclusa.',
  torneiras: 'tem cartucho cerâmico de 1/4 de volta, arejador articulado e instalação simples em bancadas.',
  liquidificadores: 'tritura gelo e alimentos mais duros com facilidade, com várias velocidades e função pulsar.',
  batedeiras: 'tem movimento planetário que mistura toda a massa por igual, ideal para bolos, pães e merengues.',
  'air-fryers': 'prepara alimentos crocantes sem óleo, com timer, controle de temperatura e cesto antiaderente.',
  cafeteiras: 'prepara café encorpado e aromático, com sistema corta-pingos e placa de aquecimento.',
  lixeiras: 'tem balde interno removível, fechamento suave e acabamento que facilita a limpeza.',
  organizadores: 'deixa a cozinha organizada e otimiza o espaço da bancada ou dos armários.',
  'garrafas-termicas': 'mantém bebidas quentes ou frias por horas, com ampola de vidro e tampa rosqueável.',
};

/** Builds the shared catalogue: one entry per product, with a stable code and manufacturer cost. */
function buildCatalogue() {
  const rng = new Rng('catalogue');
  const codes = new Set();
  /** @type {CatalogueItem[]} */
  const catalogue = [];
  for (const family of FAMILIES) {
    const candidates = [];
    for (const line of family.lines) {
      for (const kind of family.kinds) {
        for (const size of kind.sizes) candidates.push({ line, kind, size });
      }
    }
    const chosen = rng.sample(candidates, Math.min(family.count, candidates.length));
    chosen.forEach(({ line, kind, size }, index) => {
      const [brand, lineName, material, ncm, costFactor] = line;
      const name = kind.t(size).replace('{b}', BRANDS[brand].name).replace('{l}', lineName).replace('{m}', material).replace(/\s+/g, ' ').trim();
      const prefix = family.prefixes[index % family.prefixes.length];
      let code;
      do {
        const length = rng.weighted([
          [7, 2],
          [8, 6],
          [9, 2],
        ]);
        code = prefix + rng.digits(length - 2);
      } while (codes.has(code));
      codes.add(code);
      const scale = kind.ref && typeof size === 'number' ? Math.sqrt(size / kind.ref) : 1;
      const cost = round2(kind.cost * costFactor * scale * rng.float(0.9, 1.1));
      const [h, w, l, kg] = kind.dims.map((x) => x * scale * rng.float(0.95, 1.05));
      catalogue.push({
        code,
        name,
        brand,
        line: lineName,
        material,
        ncm,
        size,
        family,
        cost,
        dims: { Height: round2(h), Width: round2(w), Length: round2(l), NetWeight: round2(kg) },
        ean: ean13(BRANDS[brand].ean + rng.digits(5)),
        createdMs: Date.parse('2025-01-10T12:00:00Z') + rng.int(0, 600) * DAY + rng.int(0, 86_399) * 1000,
        ipi: family.eletro ? rng.pick([9.75, 15]) : rng.pick([0, 3.25, 6.5, 9.75]),
        images: rng.int(1, 2),
        active: rng.chance(0.93),
      });
    });
  }
  return catalogue;
}

const CATALOGUE = buildCatalogue();

// Which catalogue entries each store sells: most of them, each store missing a different few.
export const STORE_CATALOGUE = {
  main: CATALOGUE.filter((_, i) => i % 13 !== 5),
  cookstore: CATALOGUE.filter((_, i) => i % 11 !== 3),
};
