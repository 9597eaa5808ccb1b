#!/usr/bin/env node
/**
 * Demo seed data for the emulators: `node scripts/generate-seed.mjs` rewrites
 *   emulator-data/seed/firestore.json  { "<document path>": { ...data } }, keys sorted;
 *                                      timestamps as { "__timestamp": "<ISO>" }
 *   emulator-data/seed/users.json      [{ uid, email, password, displayName, claims: { role, projects } }]
 *
 * Plain Node, no dependencies. Every random choice comes from a seeded PRNG, one stream per
 * section (so editing one section does not reshuffle the others): the output is byte-identical
 * on every run. "Now" for the demo is fixed at 2026-11-22T00:00:00Z.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'emulator-data', 'seed');

const NOW = Date.parse('2026-11-22T00:00:00.000Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

function hashString(text) {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Rng {
  constructor(stream) {
    this.state = hashString(`demo-seed-v1:${stream}`);
  }
  /** mulberry32 */
  next() {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), 1 | t);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min, max) {
    return min + this.next() * (max - min);
  }
  chance(p) {
    return this.next() < p;
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  /** pairs: [[value, weight], ...] */
  weighted(pairs) {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    return pairs[pairs.length - 1][0];
  }
  shuffle(list) {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
  sample(list, n) {
    return this.shuffle(list).slice(0, n);
  }
  digits(n) {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  /** A Firestore-style auto id (20 alphanumerics). */
  autoId() {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < 20; i++) s += chars[Math.floor(this.next() * chars.length)];
    return s;
  }
  hex(n) {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(0, 15)];
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const ts = (ms) => ({ __timestamp: new Date(Math.round(ms)).toISOString() });
const at = (iso) => ts(Date.parse(iso));
const round2 = (x) => Math.round(x * 100) / 100;
/** Store-style price: ends in ,90. */
const price90 = (x) => Math.max(0.9, Math.floor(x) + 0.9);
const br = (n) => String(n).replace('.', ',');

function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function ean13(first12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

function cpf(rng) {
  const d = rng.digits(9).split('').map(Number);
  if (d.every((x) => x === d[0])) d[8] = (d[8] + 1) % 10;
  const check = (list) => {
    let sum = 0;
    for (let i = 0; i < list.length; i++) sum += list[i] * (list.length + 1 - i);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(check(d));
  d.push(check(d));
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

function cnpj(rng) {
  const d = (rng.digits(8) + '0001').split('').map(Number);
  const check = (list, weights) => {
    const sum = list.reduce((acc, x, i) => acc + x * weights[i], 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  d.push(check(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  d.push(check(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  const s = d.join('');
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

/** Company by product-code prefix (document 1 §9; same table as shared/src/products/company.ts). */
function companyFromProductCode(code) {
  const ranges = [
    [10, 14, 1], [20, 29, 2], [33, 33, 3], [40, 46, 4], [56, 58, 5], [60, 69, 6], [77, 79, 7],
    [80, 82, 28], [71, 71, 70], [91, 91, 91], [92, 92, 92], [96, 96, 92], [0, 0, 93], [93, 95, 93],
  ];
  const two = code.slice(0, 2);
  if (/^\d\d$/.test(two)) {
    const n = Number(two);
    for (const [from, to, company] of ranges) if (n >= from && n <= to) return company;
  }
  return { 8: 28, 0: 93 }[code[0]] ?? null;
}

/** A stored file object (document 1 §3 'File object'), pointing at a fake CDN. */
function fileObject(rng, { project, folder, name, title, width = 1000, height = 1000, type = 'image/jpeg', uniqueName = false }) {
  const id = rng.autoId();
  const ext = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/svg+xml': 'svg' }[type] ?? 'jpg';
  const filename = `${name}.${ext}`;
  // Names already unique (product images are named by product code) need no id in the path.
  const filePath = `project/${project}/${folder}/${uniqueName ? '' : `${id}-`}${filename}`;
  const file = {
    id,
    url: `https://cdn.demo.test/${filePath}`,
    filename,
    title,
    type,
    size: rng.int(40_000, 420_000),
    isPublic: true,
    filePath,
  };
  if (type.startsWith('image/')) Object.assign(file, { width, height });
  return file;
}

/**
 * Condition object (document 1 §3): { map: tree, sql }. Tree nodes are { type, value } leaves
 * (field, string, numeric, list) and { type, params } operators (AND, =, >=, IN, IS NULL, ...).
 */
const cond = {
  field: (name) => ({ node: { type: 'field', value: name }, sql: name }),
  str: (value) => ({ node: { type: 'string', value }, sql: `'${value.replace(/'/g, "''")}'` }),
  num: (value) => ({ node: { type: 'numeric', value }, sql: String(value) }),
  list: (values) => ({
    node: { type: 'list', value: values },
    sql: `(${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(', ')})`,
  }),
  op(type, a, b) {
    return { node: { type, params: [a.node, b.node] }, sql: `${a.sql} ${type} ${b.sql}` };
  },
  isNull: (a) => ({ node: { type: 'IS NULL', params: [a.node] }, sql: `${a.sql} IS NULL` }),
  join(type, ...parts) {
    if (parts.length === 1) return parts[0];
    return { node: { type, params: parts.map((p) => p.node) }, sql: parts.map((p) => (p.node.type === 'AND' || p.node.type === 'OR' ? `(${p.sql})` : p.sql)).join(` ${type} `) };
  },
  and: (...parts) => cond.join('AND', ...parts),
  toDoc: (c) => ({ map: c.node, sql: c.sql }),
};

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

const PROJECTS = {
  main: {
    name: 'Loja Principal',
    domains: ['lojaprincipal.demo.test', 'www.lojaprincipal.demo.test'],
    domain: 'www.lojaprincipal.demo.test',
  },
  cookstore: {
    name: 'Cook Store',
    domains: ['cookstore.demo.test', 'www.cookstore.demo.test'],
    domain: 'www.cookstore.demo.test',
  },
  cdlbox: {
    name: 'CDL Box',
    domains: ['cdlbox.demo.test', 'www.cdlbox.demo.test'],
    domain: 'www.cdlbox.demo.test',
  },
};

const USERS = [
  {
    uid: 'demo-admin',
    email: 'admin@demo.test',
    password: 'demo-admin-123',
    displayName: 'Ana Carolina Souza',
    claims: { role: 'admin', projects: ['main', 'cookstore', 'cdlbox'] },
  },
  {
    uid: 'demo-staff',
    email: 'staff@demo.test',
    password: 'demo-staff-123',
    displayName: 'Bruno Henrique Lima',
    claims: { role: 'staff', projects: ['main', 'cookstore'] },
  },
  {
    uid: 'demo-cdlbox',
    email: 'cdlbox@demo.test',
    password: 'demo-cdlbox-123',
    displayName: 'Carla Mendes Rocha',
    claims: { role: 'staff', projects: ['cdlbox'] },
  },
];

/** name, EAN-13 company prefix (fake, Brazilian 789/790 range). */
/** Catalogue key -> brand document id (the brand collection holds only an id, shown as is) and EAN prefix. */
const BRANDS = {
  tramontina: { name: 'Tramontina', ean: '7891112' },
  brinox: { name: 'Brinox', ean: '7896457' },
  rochedo: { name: 'Rochedo', ean: '7891323' },
  mundial: { name: 'Mundial', ean: '7891095' },
  franke: { name: 'Franke', ean: '7898247' },
  debacco: { name: 'Debacco', ean: '7898952' },
  electrolux: { name: 'Electrolux', ean: '7896584' },
  oster: { name: 'Oster', ean: '7891129' },
  mondial: { name: 'Mondial', ean: '7899882' },
  arno: { name: 'Arno', ean: '7891182' },
  fischer: { name: 'Fischer', ean: '7898045' },
  mor: { name: 'Mor', ean: '7896020' },
  brastemp: { name: 'Brastemp', ean: '7896347' },
};

const CITIES = [
  { city: 'São Paulo', state: 'SP', zip: ['01', '02', '03', '04', '05'], weight: 8, ip: '177.' },
  { city: 'Campinas', state: 'SP', zip: ['13'], weight: 2, ip: '189.' },
  { city: 'Santos', state: 'SP', zip: ['11'], weight: 1, ip: '187.' },
  { city: 'Ribeirão Preto', state: 'SP', zip: ['14'], weight: 1, ip: '189.' },
  { city: 'Rio de Janeiro', state: 'RJ', zip: ['20', '21', '22'], weight: 4, ip: '179.' },
  { city: 'Belo Horizonte', state: 'MG', zip: ['30', '31'], weight: 3, ip: '191.' },
  { city: 'Curitiba', state: 'PR', zip: ['80', '81'], weight: 2, ip: '200.' },
  { city: 'Florianópolis', state: 'SC', zip: ['88'], weight: 1, ip: '201.' },
  { city: 'Porto Alegre', state: 'RS', zip: ['90', '91'], weight: 3, ip: '186.' },
  { city: 'Caxias do Sul', state: 'RS', zip: ['95'], weight: 2, ip: '186.' },
  { city: 'Salvador', state: 'BA', zip: ['40', '41'], weight: 2, ip: '177.' },
  { city: 'Recife', state: 'PE', zip: ['50', '51'], weight: 1, ip: '179.' },
  { city: 'Fortaleza', state: 'CE', zip: ['60'], weight: 1, ip: '191.' },
  { city: 'Brasília', state: 'DF', zip: ['70', '71'], weight: 2, ip: '200.' },
  { city: 'Goiânia', state: 'GO', zip: ['74'], weight: 1, ip: '187.' },
];

const FIRST_NAMES = [
  'Ana', 'Beatriz', 'Camila', 'Daniela', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Juliana', 'Larissa',
  'Mariana', 'Natália', 'Patrícia', 'Renata', 'Sofia', 'Tatiane', 'Vanessa', 'André', 'Bruno', 'Carlos',
  'Diego', 'Eduardo', 'Felipe', 'Gustavo', 'Henrique', 'Igor', 'João', 'Lucas', 'Marcelo', 'Rafael',
  'Ricardo', 'Rodrigo', 'Thiago', 'Vinícius', 'Luíza', 'Otávio', 'Paulo', 'Sérgio', 'Cláudia', 'Márcia',
];
const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Zanella', 'Bortolini', 'Pasqualotto',
];
const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br', 'bol.com.br'];

// ---------------------------------------------------------------------------------------------
// Categories (shared tree for main and cookstore)
// ---------------------------------------------------------------------------------------------

const CATEGORY_TREE = [
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
const CATEGORY_BY_ID = Object.fromEntries(CATEGORY_TREE.map(([id, title, parent]) => [id, { id, title, parent }]));
const topCategoryOf = (id) => {
  let c = CATEGORY_BY_ID[id];
  while (c.parent && c.parent !== 'departamentos') c = CATEGORY_BY_ID[c.parent];
  return c.id;
};

// ---------------------------------------------------------------------------------------------
// Product catalogue (shared by main and cookstore)
// ---------------------------------------------------------------------------------------------

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
 */
const FAMILIES = [
  {
    category: 'panelas', type: 'panela', count: 36, prefixes: ['20', '27', '62', '65'], warranty: WARRANTY.inox,
    synonyms: ['panela', 'caçarola', 'cozinha', 'inox'],
    lines: [
      ['tramontina', 'Solar', 'Aço Inox', NCM.inox, 1.4], ['tramontina', 'Allegra', 'Aço Inox', NCM.inox, 1.2],
      ['tramontina', 'Trento', 'Aço Inox', NCM.inox, 1.1], ['tramontina', 'Professional', 'Aço Inox', NCM.inox, 1.6],
      ['tramontina', 'Paris', 'Alumínio Antiaderente', NCM.aluminio, 0.7], ['tramontina', 'Lyon', 'Alumínio Antiaderente', NCM.aluminio, 0.8],
      ['brinox', 'Ceramic Life', 'Alumínio com Revestimento Cerâmico', NCM.aluminio, 0.75], ['rochedo', 'Smart', 'Alumínio Antiaderente', NCM.aluminio, 0.6],
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
    category: 'frigideiras', type: 'panela', count: 18, prefixes: ['28', '60'], warranty: WARRANTY.short,
    synonyms: ['frigideira', 'wok', 'antiaderente', 'bistequeira'],
    lines: [
      ['tramontina', 'Paris', 'Alumínio Antiaderente', NCM.aluminio, 0.8], ['tramontina', 'Solar', 'Aço Inox', NCM.inox, 1.4],
      ['tramontina', 'Loreto', 'Alumínio Antiaderente', NCM.aluminio, 0.9], ['brinox', 'Ceramic Life', 'Alumínio com Revestimento Cerâmico', NCM.aluminio, 0.85],
      ['rochedo', 'Smart', 'Alumínio Antiaderente', NCM.aluminio, 0.6],
    ],
    kinds: [
      { t: (s) => `Frigideira {b} {l} em {m} ${s} cm`, sizes: [20, 24, 28], ref: 24, cost: 70, dims: [7, 46, 26, 0.9] },
      { t: (s) => `Wok {b} {l} em {m} ${s} cm`, sizes: [28, 32], ref: 28, cost: 120, dims: [11, 52, 30, 1.4] },
      { t: () => `Bistequeira Quadrada {b} {l} em {m} 24 cm`, sizes: [24], ref: 24, cost: 95, dims: [6, 45, 26, 1.6] },
    ],
  },
  {
    category: 'facas', type: 'faca', count: 24, prefixes: ['10', '22', '23', '24'], warranty: WARRANTY.inox,
    synonyms: ['faca', 'cutelaria', 'faca de cozinha', 'lâmina inox'],
    lines: [
      ['tramontina', 'Century', 'Lâmina em Aço Inox', NCM.faca, 2.2], ['tramontina', 'Polywood', 'Lâmina em Aço Inox', NCM.faca, 0.6],
      ['tramontina', 'Plenus', 'Lâmina em Aço Inox', NCM.faca, 0.45], ['tramontina', 'Professional Master', 'Lâmina em Aço Inox', NCM.faca, 1.3],
      ['mundial', 'Pro', 'Lâmina em Aço Inox', NCM.faca, 1.1], ['brinox', 'Chef', 'Lâmina em Aço Inox', NCM.faca, 0.8],
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
    category: 'faqueiros', type: 'talheres', count: 14, prefixes: ['11', '64', '66'], warranty: WARRANTY.inox, packs: true,
    synonyms: ['faqueiro', 'talheres', 'jogo de talheres', 'garfo', 'colher'],
    lines: [
      ['tramontina', 'Laguna', 'Aço Inox', NCM.talheres, 0.8], ['tramontina', 'Malibu', 'Aço Inox', NCM.talheres, 0.7],
      ['tramontina', 'Zurique', 'Aço Inox', NCM.talheres, 1.1], ['tramontina', 'Cosmos', 'Aço Inox', NCM.talheres, 1.0],
      ['brinox', 'Aspen', 'Aço Inox', NCM.talheres, 0.9],
    ],
    kinds: [
      { t: (s) => `Faqueiro {b} {l} em {m} ${s} Peças`, sizes: [24, 42, 72], ref: 24, cost: 120, dims: [8, 40, 30, 1.5] },
      { t: () => `Jogo de Garfos de Mesa {b} {l} em {m} 6 Peças`, sizes: [6], ref: 6, cost: 35, dims: [3, 22, 12, 0.3] },
      { t: () => `Jogo de Colheres de Sobremesa {b} {l} em {m} 6 Peças`, sizes: [6], ref: 6, cost: 30, dims: [3, 20, 12, 0.25] },
    ],
  },
  {
    category: 'utensilios', type: 'utensilio', count: 24, prefixes: ['25', '26', '40', '41'], warranty: WARRANTY.short, packs: true, small: true,
    synonyms: ['utensílio', 'utensílios de cozinha', 'acessório de cozinha'],
    lines: [
      ['tramontina', 'Utilitá', 'Nylon', NCM.utensilio, 0.5], ['tramontina', 'Ability', 'Silicone', NCM.utensilio, 0.7],
      ['tramontina', 'Cucina', 'Aço Inox', NCM.utensilio, 1.0], ['brinox', 'Top Pratic', 'Aço Inox', NCM.utensilio, 0.8],
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
    category: 'tabuas', type: 'utensilio', count: 12, prefixes: ['12', '13', '14'], warranty: WARRANTY.short,
    synonyms: ['tábua', 'tábua de corte', 'tábua de carne', 'tábua de churrasco'],
    lines: [
      ['tramontina', 'Provence', 'Madeira Teca', NCM.madeira, 1.3], ['tramontina', 'Churrasco', 'Madeira Muiracatiara', NCM.madeira, 1.1],
      ['tramontina', 'Ultracorte', 'Polipropileno', NCM.plastico, 0.6], ['brinox', 'Bambu', 'Bambu', NCM.madeira, 0.7],
    ],
    kinds: [
      { t: (s) => `Tábua de Corte {b} {l} em {m} ${s}`, sizes: ['34x23 cm', '40x27 cm', '49x32 cm'], ref: null, cost: 65, dims: [2, 40, 27, 1.2] },
      { t: () => `Tábua para Churrasco {b} {l} em {m} com Canaleta 48x30 cm`, sizes: [0], ref: 0, cost: 110, dims: [3, 48, 30, 2.4] },
    ],
  },
  {
    category: 'potes', type: 'utensilio', count: 8, prefixes: ['43', '68'], warranty: WARRANTY.short, small: true, packs: true,
    synonyms: ['pote', 'pote hermético', 'mantimentos', 'porta-mantimentos'],
    lines: [
      ['tramontina', 'Purezza', 'Vidro Borossilicato', NCM.plastico, 1.0], ['brinox', 'Keep', 'Aço Inox', NCM.inox, 1.1],
      ['mor', 'Organiza', 'Polipropileno', NCM.plastico, 0.5],
    ],
    kinds: [
      { t: (s) => `Pote Hermético {b} {l} em {m} ${br(s)} L`, sizes: [0.8, 1.5, 2.5], ref: 1.5, cost: 30, dims: [15, 14, 14, 0.5] },
      { t: () => `Conjunto de Potes Herméticos {b} {l} em {m} 5 Peças`, sizes: [5], ref: 5, cost: 95, dims: [22, 30, 22, 1.8] },
    ],
  },
  {
    category: 'churrasqueiras', type: 'churrasqueira', count: 12, prefixes: ['33', '77', '78'], warranty: WARRANTY.short,
    synonyms: ['churrasqueira', 'grill', 'assador', 'churrasco'],
    lines: [
      ['tramontina', 'Infinity', 'Aço Inox', NCM.churrasqueira, 1.3], ['tramontina', 'TCP', 'Aço Carbono', NCM.churrasqueira, 0.9],
      ['fischer', 'Grill', 'Aço Inox', NCM.churrasqueiraEletrica, 1.0], ['mor', 'Portátil', 'Aço Carbono', NCM.churrasqueira, 0.5],
    ],
    kinds: [
      { t: (s) => `Churrasqueira a Carvão {b} {l} em {m} ${s} cm`, sizes: [42, 55, 67], ref: 55, cost: 520, dims: [90, 70, 55, 18] },
      { t: () => `Churrasqueira a Gás {b} {l} em {m} 3 Queimadores`, sizes: [3], ref: 3, cost: 1650, dims: [110, 120, 60, 38] },
      { t: (s) => `Churrasqueira Elétrica {b} {l} ${s} W 220 V`, sizes: [1800, 2000], ref: 1800, cost: 310, dims: [20, 60, 40, 6.5] },
    ],
  },
  {
    category: 'acessorios-churrasco', type: 'churrasqueira', count: 14, prefixes: ['56', '57', '79'], warranty: WARRANTY.short, small: true,
    synonyms: ['acessórios de churrasco', 'espeto', 'grelha', 'kit churrasco'],
    lines: [
      ['tramontina', 'Churrasco', 'Aço Inox', NCM.inox, 1.0], ['tramontina', 'Barbecue', 'Aço Inox', NCM.inox, 1.1],
      ['mor', 'Churrasco', 'Aço Cromado', NCM.inox, 0.5], ['brinox', 'Grill', 'Aço Inox', NCM.inox, 0.8],
    ],
    kinds: [
      { t: (s) => `Kit Churrasco {b} {l} em {m} ${s} Peças`, sizes: [3, 5, 12], ref: 5, cost: 110, dims: [6, 48, 22, 1.1] },
      { t: (s) => `Espeto Duplo {b} {l} em {m} ${s} cm`, sizes: [65, 75], ref: 65, cost: 28, dims: [2, 75, 4, 0.25] },
      { t: () => `Grelha para Churrasco {b} {l} em {m} 60x40 cm`, sizes: [60], ref: 60, cost: 95, dims: [3, 62, 42, 2.2] },
      { t: () => `Garfo Trinchante {b} {l} em {m}`, sizes: [0], ref: 0, cost: 32, dims: [2, 36, 4, 0.15] },
    ],
  },
  {
    category: 'facas-churrasco', type: 'faca', count: 8, prefixes: ['21', '29'], warranty: WARRANTY.inox,
    synonyms: ['faca de churrasco', 'faca para carne', 'talheres para churrasco'],
    lines: [
      ['tramontina', 'Jumbo', 'Lâmina em Aço Inox', NCM.faca, 0.7], ['tramontina', 'Polywood', 'Lâmina em Aço Inox', NCM.faca, 0.6],
      ['tramontina', 'Churrasco Gaúcho', 'Lâmina em Aço Inox', NCM.faca, 1.2], ['mundial', 'Gourmet', 'Lâmina em Aço Inox', NCM.faca, 1.0],
    ],
    kinds: [
      { t: (s) => `Faca para Churrasco {b} {l} ${s}"`, sizes: [8, 10, 12], ref: 8, cost: 45, dims: [3, 40, 6, 0.25] },
      { t: (s) => `Conjunto de Talheres para Churrasco {b} {l} ${s} Peças`, sizes: [12, 24], ref: 12, cost: 85, dims: [6, 30, 22, 1.3] },
    ],
  },
  {
    category: 'cubas', type: 'cuba', count: 16, prefixes: ['93', '94', '95', '61'], warranty: WARRANTY.cuba,
    synonyms: ['cuba', 'pia', 'cuba inox', 'cuba gourmet', 'cuba de cozinha'],
    lines: [
      ['tramontina', 'Design Collection', 'Aço Inox', NCM.cuba, 1.4], ['tramontina', 'Lavínia', 'Aço Inox', NCM.cuba, 0.8],
      ['franke', 'Bell', 'Aço Inox', NCM.cuba, 1.3], ['franke', 'Mythos', 'Aço Inox', NCM.cuba, 1.6],
      ['debacco', 'Prime', 'Aço Inox', NCM.cuba, 1.0],
    ],
    kinds: [
      { t: (s) => `Cuba de Embutir {b} {l} em {m} ${s}`, sizes: ['40x34 cm', '47x30 cm', '56x34 cm'], ref: null, cost: 420, dims: [22, 50, 40, 6.5] },
      { t: () => `Cuba Dupla de Embutir {b} {l} em {m} 83x40 cm`, sizes: [83], ref: 83, cost: 890, dims: [24, 86, 45, 12.5] },
      { t: () => `Cuba de Sobrepor {b} {l} em {m} 50x40 cm`, sizes: [50], ref: 50, cost: 380, dims: [20, 54, 44, 6.1] },
    ],
  },
  {
    category: 'torneiras', type: 'torneira', count: 14, prefixes: ['91', '92', '96'], warranty: WARRANTY.torneira,
    synonyms: ['torneira', 'misturador', 'torneira gourmet', 'torneira de cozinha'],
    lines: [
      ['franke', 'Elos', 'Metal Cromado', NCM.torneira, 1.3], ['franke', 'Sirius', 'Aço Inox Escovado', NCM.torneira, 1.6],
      ['tramontina', 'Ventura', 'Aço Inox', NCM.torneira, 1.0], ['tramontina', 'Mia', 'Aço Inox', NCM.torneira, 0.9],
      ['debacco', 'Luna', 'Metal Preto Fosco', NCM.torneira, 1.1],
    ],
    kinds: [
      { t: () => `Torneira Gourmet Monocomando {b} {l} em {m}`, sizes: [0], ref: 0, cost: 520, dims: [50, 30, 12, 2.6] },
      { t: () => `Torneira de Mesa para Cozinha {b} {l} em {m} Bica Alta`, sizes: [0], ref: 0, cost: 260, dims: [38, 26, 10, 1.4] },
      { t: () => `Torneira de Parede para Cozinha {b} {l} em {m}`, sizes: [0], ref: 0, cost: 190, dims: [12, 30, 10, 0.9] },
    ],
  },
  {
    category: 'liquidificadores', type: 'eletroportatil', count: 8, prefixes: ['80', '42'], warranty: WARRANTY.eletro, eletro: true,
    synonyms: ['liquidificador', 'blender', 'eletroportátil'],
    lines: [
      ['electrolux', 'Experience', 'Copo de Tritan', NCM.liquidificador, 1.1], ['oster', 'Xpert', 'Copo de Vidro', NCM.liquidificador, 1.2],
      ['mondial', 'Turbo', 'Copo de Acrílico', NCM.liquidificador, 0.6], ['arno', 'Power Max', 'Copo de Vidro', NCM.liquidificador, 0.9],
    ],
    kinds: [
      { t: (s) => `Liquidificador {b} {l} ${s} W {m} 220 V`, sizes: [900, 1200, 1400], ref: 1200, cost: 180, dims: [42, 24, 22, 3.6] },
    ],
  },
  {
    category: 'batedeiras', type: 'eletroportatil', count: 6, prefixes: ['81', '44'], warranty: WARRANTY.eletro, eletro: true,
    synonyms: ['batedeira', 'batedeira planetária', 'confeitaria'],
    lines: [
      ['electrolux', 'Expressionist', 'Tigela Inox', NCM.batedeira, 1.2], ['oster', 'Chef Pro', 'Tigela Inox', NCM.batedeira, 1.1],
      ['mondial', 'Prática', 'Tigela Plástica', NCM.batedeira, 0.5], ['arno', 'Deluxe', 'Tigela Inox', NCM.batedeira, 0.9],
    ],
    kinds: [
      { t: (s) => `Batedeira Planetária {b} {l} ${s} W {m} 220 V`, sizes: [500, 700, 1000], ref: 700, cost: 380, dims: [36, 40, 24, 5.2] },
    ],
  },
  {
    category: 'air-fryers', type: 'eletroportatil', count: 8, prefixes: ['82', '58'], warranty: WARRANTY.eletro, eletro: true,
    synonyms: ['air fryer', 'fritadeira sem óleo', 'fritadeira elétrica'],
    lines: [
      ['electrolux', 'Efficient', 'Preta', NCM.airfryer, 1.1], ['oster', 'Digital', 'Inox', NCM.airfryer, 1.2],
      ['mondial', 'Family', 'Preta', NCM.airfryer, 0.6], ['arno', 'Easy Fry', 'Grafite', NCM.airfryer, 0.9],
      ['tramontina', 'by Breville', 'Inox', NCM.airfryer, 1.5],
    ],
    kinds: [
      { t: (s) => `Fritadeira Air Fryer {b} {l} ${br(s)} L {m} 220 V`, sizes: [3.2, 4, 5.5], ref: 4, cost: 260, dims: [34, 30, 36, 4.8] },
    ],
  },
  {
    category: 'cafeteiras', type: 'eletroportatil', count: 8, prefixes: ['71', '45'], warranty: WARRANTY.eletro, eletro: true,
    synonyms: ['cafeteira', 'máquina de café', 'café'],
    lines: [
      ['electrolux', 'Chef', 'Inox', NCM.cafeteira, 1.0], ['oster', 'Inox Compacta', 'Inox', NCM.cafeteira, 0.9],
      ['mondial', 'Dolce Arome', 'Preta', NCM.cafeteira, 0.5], ['tramontina', 'by Breville', 'Inox Escovado', NCM.cafeteira, 3.2],
    ],
    kinds: [
      { t: (s) => `Cafeteira Elétrica {b} {l} ${s} Xícaras {m} 220 V`, sizes: [15, 30], ref: 30, cost: 120, dims: [36, 24, 22, 1.9] },
      { t: () => `Cafeteira Espresso {b} {l} 15 Bar {m} 220 V`, sizes: [15], ref: 15, cost: 420, dims: [34, 30, 28, 4.6] },
    ],
  },
  {
    category: 'lixeiras', type: 'lixeira', count: 12, prefixes: ['63', '67', '69'], warranty: WARRANTY.short,
    synonyms: ['lixeira', 'cesto de lixo', 'lixeira inox', 'lixeira com pedal'],
    lines: [
      ['tramontina', 'Inox com Pedal', 'Aço Inox', NCM.inox, 1.0], ['brinox', 'Decorline', 'Aço Inox', NCM.inox, 0.9],
      ['brastemp', 'Clean', 'Aço Inox Escovado', NCM.inox, 1.2], ['mor', 'Basculante', 'Polipropileno', NCM.plastico, 0.4],
    ],
    kinds: [
      { t: (s) => `Lixeira {b} {l} em {m} ${s} L`, sizes: [5, 12, 30, 50], ref: 12, cost: 120, dims: [40, 28, 28, 2.4] },
      { t: () => `Lixeira de Embutir {b} {l} em {m} 2 Cestos 16 L`, sizes: [16], ref: 16, cost: 340, dims: [38, 44, 50, 5.1] },
    ],
  },
  {
    category: 'organizadores', type: 'utensilio', count: 8, prefixes: ['46', '69'], warranty: WARRANTY.short,
    synonyms: ['organizador', 'escorredor', 'porta-temperos', 'organização'],
    lines: [
      ['tramontina', 'Freezinox', 'Aço Inox', NCM.inox, 1.1], ['brinox', 'Top Pratic', 'Aço Inox', NCM.inox, 0.9],
      ['mor', 'Organiza', 'Polipropileno', NCM.plastico, 0.4],
    ],
    kinds: [
      { t: () => `Escorredor de Louças {b} {l} em {m} 16 Pratos`, sizes: [16], ref: 16, cost: 120, dims: [28, 48, 32, 2.3] },
      { t: () => `Porta-Temperos Giratório {b} {l} em {m} 12 Potes`, sizes: [12], ref: 12, cost: 95, dims: [30, 20, 20, 1.6] },
      { t: () => `Suporte para Papel Toalha {b} {l} em {m}`, sizes: [0], ref: 0, cost: 40, dims: [34, 16, 16, 0.6] },
    ],
  },
  {
    category: 'garrafas-termicas', type: 'utensilio', count: 8, prefixes: ['43', '45'], warranty: WARRANTY.short,
    synonyms: ['garrafa térmica', 'térmica', 'chimarrão', 'café'],
    lines: [
      ['tramontina', 'Exata', 'Aço Inox', NCM.termica, 1.1], ['mor', 'Termolar', 'Polipropileno', NCM.termica, 0.5],
      ['brinox', 'Thermo', 'Aço Inox', NCM.termica, 0.9],
    ],
    kinds: [
      { t: (s) => `Garrafa Térmica {b} {l} em {m} ${br(s)} L`, sizes: [0.5, 1, 1.8], ref: 1, cost: 75, dims: [32, 11, 11, 0.7] },
      { t: () => `Garrafa Térmica para Chimarrão {b} {l} em {m} 1 L com Bico Dosador`, sizes: [1], ref: 1, cost: 90, dims: [33, 11, 11, 0.8] },
    ],
  },
];

const DESCRIPTION_OPENINGS = [
  'Desenvolvido para o dia a dia de quem gosta de cozinhar,',
  'Com acabamento impecável e alta durabilidade,',
  'Pensado para cozinhas modernas e práticas,',
  'Ideal para quem busca qualidade profissional em casa,',
];

const DESCRIPTION_BY_CATEGORY = {
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
      const name = kind
        .t(size)
        .replace('{b}', BRANDS[brand].name)
        .replace('{l}', lineName)
        .replace('{m}', material)
        .replace(/\s+/g, ' ')
        .trim();
      const prefix = family.prefixes[index % family.prefixes.length];
      let code;
      do {
        const length = rng.weighted([[7, 2], [8, 6], [9, 2]]);
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
const STORE_CATALOGUE = {
  main: CATALOGUE.filter((_, i) => i % 13 !== 5),
  cookstore: CATALOGUE.filter((_, i) => i % 11 !== 3),
};

// ---------------------------------------------------------------------------------------------
// Per-project definitions (stocks, layout rules, store data)
// ---------------------------------------------------------------------------------------------

const STORE_INFO = {
  main: {
    companyName: 'Loja Principal Utilidades Domésticas Ltda.',
    foundationYear: 2009,
    email: 'atendimento@lojaprincipal.demo.test',
    phone: '(11) 3456-7890',
    whatsapp: '5511987650001',
    address: { zipcode: '01310100', street01: 'Avenida Paulista', street02: 'Bela Vista', number: '1500', complement: 'Conjunto 82', city: 'São Paulo', state: 'SP' },
    colors: { primary: '#c2410c', secondary: '#1e3a8a' },
    handle: 'lojaprincipal.demo',
  },
  cookstore: {
    companyName: 'Cook Store Comércio de Utilidades Ltda.',
    foundationYear: 2014,
    email: 'contato@cookstore.demo.test',
    phone: '(54) 3222-1100',
    whatsapp: '5554999880001',
    address: { zipcode: '95020360', street01: 'Rua Sinimbu', street02: 'Centro', number: '1920', complement: 'Loja 2', city: 'Caxias do Sul', state: 'RS' },
    colors: { primary: '#b91c1c', secondary: '#374151' },
    handle: 'cookstore.demo',
  },
};

const STOCKS = {
  main: [
    { id: 'cd-sp', name: 'CD São Paulo (próprio)', source: 'bling', externalId: '14886532011', type: 'b2c', priority: 'high', own: true,
      address: { zipcode: '07224000', street01: 'Rodovia Presidente Dutra', street02: 'Jardim Cumbica', number: '2150', complement: 'Galpão 4', city: 'Guarulhos', state: 'SP' },
      days: [1, 0, 0, 0] },
    { id: 'cd-rs', name: 'CD Porto Alegre (próprio)', source: 'bling', externalId: '14886532019', type: 'b2c', priority: 'medium', own: true,
      address: { zipcode: '91140001', street01: 'Avenida Assis Brasil', street02: 'Sarandi', number: '8800', complement: 'Bloco B', city: 'Porto Alegre', state: 'RS' },
      days: [1, 0, 0, 0] },
    { id: 'tramontina-rs', name: 'Tramontina — Carlos Barbosa', source: 'tramontina', externalId: 'TRAM-CB-01', type: 'b2b2c', priority: 'medium', brands: ['tramontina'],
      address: { zipcode: '95185000', street01: 'Rodovia RS-324', street02: 'Distrito Industrial', number: 's/n', complement: '', city: 'Carlos Barbosa', state: 'RS' },
      days: [1, 2, 0, 0] },
    { id: 'franke-sp', name: 'Franke — Itu', source: 'franke', externalId: 'FRK-ITU', type: 'b2b2c', priority: 'low', brands: ['franke'],
      address: { zipcode: '13312000', street01: 'Rodovia Waldomiro Corrêa de Camargo', street02: 'Distrito Industrial', number: '3000', complement: '', city: 'Itu', state: 'SP' },
      days: [2, 3, 0, 0] },
  ],
  cookstore: [
    { id: 'cookstore-rs', name: 'Loja e CD Caxias do Sul', source: 'bling', externalId: '15990217004', type: 'b2c', priority: 'high', own: true,
      address: { zipcode: '95020360', street01: 'Rua Sinimbu', street02: 'Centro', number: '1920', complement: 'Depósito', city: 'Caxias do Sul', state: 'RS' },
      days: [1, 0, 0, 0] },
    { id: 'tramontina-rs', name: 'Tramontina — Carlos Barbosa', source: 'tramontina', externalId: 'TRAM-CB-02', type: 'b2b2c', priority: 'medium', brands: ['tramontina'],
      address: { zipcode: '95185000', street01: 'Rodovia RS-324', street02: 'Distrito Industrial', number: 's/n', complement: '', city: 'Carlos Barbosa', state: 'RS' },
      days: [1, 2, 0, 0] },
    { id: 'debacco-sc', name: 'Debacco — Joinville', source: 'debacco', externalId: 'DBC-JVL', type: 'b2b2c', priority: 'low', brands: ['debacco'],
      address: { zipcode: '89219500', street01: 'Rua Dona Francisca', street02: 'Zona Industrial Norte', number: '7200', complement: '', city: 'Joinville', state: 'SC' },
      days: [2, 2, 0, 0] },
    { id: 'fischer-sc', name: 'Fischer — Brusque', source: 'Fischer', externalId: 'FSC-BRQ', type: 'b2b2c', priority: 'low', brands: ['fischer'],
      address: { zipcode: '88350000', street01: 'Rodovia Antônio Heil', street02: 'Limoeiro', number: '4600', complement: '', city: 'Brusque', state: 'SC' },
      days: [2, 3, 1, 0] },
  ],
};

const SOUTH_SOUTHEAST = ['SP', 'RJ', 'MG', 'ES', 'PR', 'SC', 'RS'];

/** Layout rules (Banners): the event feed references these ids and names. */
const LAYOUT_RULES = {
  main: [
    { id: 'popup-boas-vindas', name: 'Popup de boas-vindas — 10% na primeira compra', kind: 'popup', coupon: 'BEMVINDO10' },
    { id: 'frete-gratis-sul-sudeste', name: 'Selo frete grátis Sul e Sudeste', kind: 'shipping', coupon: '' },
    { id: 'black-friday-2026', name: 'Black Friday 2026 — selo de preço', kind: 'price', coupon: 'BLACK26', from: '2026-11-20T00:00:00Z' },
    { id: 'selo-churrasco', name: 'Selo cupom Churrasco', kind: 'category', category: 'churrasco', coupon: 'CHURRAS15' },
    { id: 'banner-eletroportateis', name: 'Banner eletroportáteis 220 V', kind: 'category', category: 'eletroportateis', coupon: 'ELETRO5', inactive: true },
  ],
  cookstore: [
    { id: 'popup-cadastro', name: 'Popup cadastro — cupom COOK10', kind: 'popup', coupon: 'COOK10' },
    { id: 'frete-gratis-rs-sc', name: 'Frete grátis RS e SC', kind: 'shipping', coupon: '', states: ['RS', 'SC'] },
    { id: 'selo-cubas-franke', name: 'Selo cubas e torneiras', kind: 'category', category: 'cubas-e-torneiras', coupon: 'CUBA8' },
    { id: 'black-week-cook', name: 'Black Week Cook Store', kind: 'price', coupon: 'BLACKCOOK', from: '2026-11-18T00:00:00Z' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Document builders
// ---------------------------------------------------------------------------------------------

function buildProduct(project, item, rng, productCodes) {
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

  const Stock = {};
  for (const stock of stocks) {
    const supplies = stock.own || (stock.brands ?? []).includes(item.brand);
    if (!supplies) continue;
    const qty = stock.own
      ? rng.chance(0.15) ? 0 : rng.int(1, item.family.small ? 240 : 60)
      : rng.chance(0.1) ? 0 : rng.int(20, 800);
    Stock[stock.id] = { qty, ProductCodeErp: stock.own ? item.code : `${item.code}-${stock.source.slice(0, 3).toUpperCase()}` };
  }
  const hasSupplier = stocks.some((s) => !s.own && Stock[s.id]);

  const Status = item.active ? 'ativado' : 'desativado';
  const Salable = item.active && rng.chance(0.95) ? 'S' : 'N';
  const Options = {
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
  const doc = {
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
    ProductFiles: { Files: images.map((image) => ({ FileType: 'PD', FileExtension: 'JPG', FileCDNURL: image.url })) },
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
  if (item.family.packs) {
    const sizes = rng.chance(0.5) ? [6, 12] : [6];
    doc.PriceNetByQty = Object.fromEntries(
      sizes.map((qty) => [String(qty), { PriceNet: round2(PriceNet * qty * (qty === 12 ? 0.93 : 0.96)), qty }]),
    );
  }
  if (rng.chance(0.12)) {
    doc.PriceFlash = price90(Price * 0.9);
    doc.PriceFlashInstallments = price90(Price * 0.95);
  }
  if (item.family.category === 'cubas' || item.family.category === 'panelas' || item.family.category === 'churrasqueiras') {
    const partnerCategory = { cubas: 'torneiras', panelas: 'utensilios', churrasqueiras: 'acessorios-churrasco' }[item.family.category];
    const partners = productCodes.filter((p) => p.family.category === partnerCategory);
    if (partners.length && rng.chance(0.5)) {
      const partner = rng.pick(partners);
      doc.upsell = [{
        sku: partner.code,
        label: { cubas: 'Combine com uma torneira', panelas: 'Leve também', churrasqueiras: 'Complete seu churrasco' }[item.family.category],
        type: item.family.category === 'cubas' ? 'installation' : 'accessory',
      }];
    }
  }
  if (item.name.startsWith('Conjunto de Facas')) {
    const knives = productCodes.filter((p) => p.family.category === 'facas' && p.line === item.line && p.code !== item.code);
    if (knives.length) doc.kit = knives.slice(0, 3).map((k) => ({ sku: k.code, qty: 1 }));
  }
  return doc;
}

/** The warehouse-to-Firestore copy the product panel reads (document 1 §3 'Product data document'). */
function buildProductData(product, rng) {
  const keys = [
    'ProductCode', 'ProductCodeErp', 'ProductCodeGoogle', 'Company', 'brand', 'EAN13', 'NCMCode', 'ProductLine',
    'ProductImage', 'ProductSiteName', 'Height', 'Width', 'Length', 'NetWeight', 'Stock', 'Options', 'Salable',
    'Status', 'PriceNet', 'PriceNetErp', 'PriceNetIPI', 'PriceNetByQty', 'PriceCompare', 'Price',
    'PriceInstallments', 'PriceMin', 'PriceMinInstallments',
  ];
  const data = {};
  for (const key of keys) if (product[key] !== undefined) data[key] = structuredClone(product[key]);
  data.updatedAt = ts(NOW - 2 * DAY + rng.int(0, 36 * 60) * MINUTE);
  return data;
}

function buildCategories(project, products, rng) {
  const docs = {};
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
      description: parent
        ? `Encontre ${title.toLowerCase()} das melhores marcas, com ofertas e entrega para todo o Brasil.`
        : 'Raiz do catálogo da loja.',
      image: fileObject(rng, { project, folder: 'category', name: id, title, width: 600, height: 600 }),
      filters: JSON.stringify(
        inCategory.length
          ? { brand: [...new Set(inCategory.map((p) => p.brand))].sort(), ProductLine: [...new Set(inCategory.map((p) => p.ProductLine))].sort().slice(0, 8) }
          : {},
      ),
      hideTitle: false,
      hideProducts: !parent || id === 'departamentos',
      skuOrderBy: inCategory.filter((p) => p.Salable === 'S').slice(0, 4).map((p) => p.ProductCode),
      header: parent ? `<p><strong>${title}</strong> com até 10x sem juros e frete grátis acima de R$ 399.</p>` : '',
      createdAt: at('2025-01-05T10:00:00Z'),
      updatedAt: ts(Date.parse('2026-06-01T10:00:00Z') + rng.int(0, 150) * DAY),
    };
  }
  return docs;
}

function layoutTree(project, rng, blocks) {
  return {
    id: 'root',
    type: 'ContainerComponent',
    className: 'flex flex-col gap-6',
    href: '',
    children: blocks.map((block, i) => {
      const id = `node-${rng.hex(8)}`;
      if (block.text) return { id, type: 'TextComponent', className: block.className ?? 'text-base', text: block.text };
      if (block.image)
        return { id, type: 'ImageComponent', className: 'w-full rounded-lg', file: fileObject(rng, { project, folder: 'content', name: block.image, title: block.image, width: 1920, height: 600 }) };
      if (block.products) return { id, type: 'ProductsComponent', className: 'grid grid-cols-4 gap-4', productIds: block.products.join(',') };
      if (block.contentId) return { id, type: 'ContentComponent', className: '', contentId: block.contentId };
      return { id: `node-${i}`, type: 'EmbedComponent', className: '', html: block.html };
    }),
  };
}

function buildContent(project, products, rng) {
  const name = PROJECTS[project].name;
  const pick = (category, n) => products.filter((p) => p.category === category && p.Salable === 'S').slice(0, n).map((p) => p.ProductCode);
  const list = [
    ['home', 'Página inicial', null, 1, [
      { image: 'banner-home-black-friday' },
      { text: `<p><strong>Bem-vindo à ${name}</strong>: tudo para sua cozinha com entrega rápida.</p>`, className: 'text-2xl' },
      { products: [...pick('panelas', 4), ...pick('air-fryers', 4)] },
      { contentId: 'vantagens' },
    ]],
    ['vantagens', 'Faixa de vantagens', 'home', 1, [
      { text: '<ul><li>Frete grátis acima de R$ 399</li><li>Até 10x sem juros</li><li>5% de desconto no Pix</li></ul>' },
    ]],
    ['institucional', 'Institucional', null, 2, [
      { text: `<p>A ${name} reúne as melhores marcas de utilidades domésticas do Brasil.</p>` },
    ]],
    ['rodape', 'Rodapé', 'institucional', 1, [
      { text: `<p>${STORE_INFO[project].companyName} — CNPJ informado na nota fiscal. Atendimento de segunda a sexta, das 8h às 18h.</p>`, className: 'text-sm' },
    ]],
    ['landing-churrasco', 'Landing Churrasco', null, 3, [
      { image: 'banner-churrasco' },
      { text: '<p>Tudo para o seu churrasco: churrasqueiras, facas e acessórios.</p>' },
      { products: [...pick('churrasqueiras', 4), ...pick('facas-churrasco', 4)] },
    ]],
  ];
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

function buildPages(project, rng) {
  const name = PROJECTS[project].name;
  const info = STORE_INFO[project];
  const list = [
    ['sobre-nos', 'Sobre nós', 'institucional', `<p>A <strong>${name}</strong> nasceu em ${info.foundationYear} com a missão de levar utilidades domésticas de qualidade a todo o Brasil.</p><p>Trabalhamos com marcas como Tramontina, Franke, Brinox e Electrolux.</p>`],
    ['politica-de-troca', 'Política de troca e devolução', 'ajuda', '<p>Você pode solicitar a troca ou devolução em até <strong>7 dias corridos</strong> após o recebimento, conforme o Código de Defesa do Consumidor.</p><ul><li>O produto deve estar sem sinais de uso.</li><li>Envie a solicitação pela área Meus Pedidos.</li></ul>'],
    ['politica-de-privacidade', 'Política de privacidade', 'institucional', '<p>Tratamos seus dados pessoais de acordo com a LGPD (Lei nº 13.709/2018). Usamos seus dados apenas para processar pedidos e, com seu consentimento, enviar ofertas.</p>'],
    ['formas-de-pagamento', 'Formas de pagamento', 'ajuda', '<p>Aceitamos cartão de crédito em até 12x, Pix com 5% de desconto e boleto bancário.</p>'],
    ['prazos-de-entrega', 'Prazos de entrega', 'ajuda', '<p>O prazo de entrega é calculado no carrinho a partir do CEP e começa a contar após a confirmação do pagamento.</p>'],
    ['fale-conosco', 'Fale conosco', 'ajuda', `<p>E-mail: <a href="mailto:${info.email}">${info.email}</a><br>Telefone: ${info.phone}<br>WhatsApp: ${info.whatsapp}</p>`],
    ['termos-de-uso', 'Termos de uso', 'institucional', '<p>Ao usar este site você concorda com os termos e condições aqui descritos.</p>'],
  ];
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

function buildPosts(project, products, rng) {
  // content is edited with the layout editor; contentHtml is its rendered HTML.
  const skus = (category, n) => products.filter((p) => p.category === category).slice(0, n).map((p) => ({ sku: p.ProductCode }));
  const list = [
    ['como-escolher-panela-de-inox', 'Como escolher a panela de inox ideal', 'Cozinha', 'panelas', 'published',
      '<p>Fundo triplo, espessura e tipo de alça: veja o que observar antes de comprar sua panela de inox.</p><ul><li>Prefira fundo triplo para distribuir o calor.</li><li>Verifique a compatibilidade com fogão de indução.</li></ul>'],
    ['guia-facas-para-churrasco', 'Guia de facas para churrasco', 'Churrasco', 'facas-churrasco', 'published',
      '<p>Faca de 8", 10" ou 12"? Saiba qual escolher para cada corte de carne.</p>'],
    ['instalacao-cuba-gourmet', 'Passo a passo: instalação de cuba gourmet', 'Cubas e Torneiras', 'cubas', 'published',
      '<p>Do gabarito na bancada à válvula: tudo o que você precisa para instalar sua cuba.</p>'],
    ['receitas-air-fryer', '10 receitas rápidas na air fryer', 'Receitas', 'air-fryers', 'draft',
      '<p>Batata rústica, frango crocante e até bolo: receitas testadas pela nossa equipe.</p>'],
  ];
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

function buildStocks(project, rng) {
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

function buildBrands(project, products) {
  const docs = {};
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

function buildSalesRules(project, products) {
  const code = (cat, n) => products.filter((p) => p.category === cat).slice(0, n).map((p) => p.ProductCode);
  const prefix = project === 'main' ? '' : 'COOK';
  return {
    'black-friday-2026': {
      name: 'Black Friday 2026',
      description: 'Descontos progressivos na semana da Black Friday.',
      startAt: at('2026-11-20T03:00:00Z'),
      endAt: at('2026-11-30T02:59:59Z'),
      rules: [
        { description: '15% em panelas e frigideiras', couponCode: `${prefix}BLACK15`, productsRules: [
          { sku: [...code('panelas', 6), ...code('frigideiras', 3)], priceRule: 'percentageDiscount', priceRuleValue: 15, priceInstallmentRuleValue: 10, ignoreFees: false, freeShipping: false },
        ] },
        { description: 'Frete grátis em churrasqueiras', couponCode: `${prefix}CHURRASFRETE`, productsRules: [
          { sku: code('churrasqueiras', 6), priceRule: 'markup', priceRuleValue: 1.7, priceInstallmentRuleValue: 1.8, ignoreFees: false, freeShipping: true },
        ] },
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
        { description: 'Toda a loja', couponCode: '', productsRules: [
          { sku: ['*'], priceRule: 'percentageDiscount', priceRuleValue: 5, priceInstallmentRuleValue: 0, ignoreFees: true, freeShipping: false },
        ] },
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
        { description: 'R$ 50 de desconto', couponCode: `${prefix}FAQUEIRO50`, productsRules: [
          { sku: code('faqueiros', 5), priceRule: 'fixedDiscount', priceRuleValue: 50, priceInstallmentRuleValue: 50, ignoreFees: false, freeShipping: false },
        ] },
        { description: 'Preço fixo no faqueiro de entrada', couponCode: `${prefix}FAQUEIROFIXO`, productsRules: [
          { sku: code('faqueiros', 1), priceRule: 'fixedPrice', priceRuleValue: 199.9, priceInstallmentRuleValue: 219.9, ignoreFees: false, freeShipping: false },
        ] },
      ],
      onlyCashPayment: false,
      onlyInstallmentPayment: true,
      hideProductsOnCheckout: true,
      createdAt: at('2026-09-28T12:00:00Z'),
      updatedAt: at('2026-10-02T09:00:00Z'),
    },
  };
}

function buildPromotionRules() {
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
      function: "function apply({ cart }) {\n  if (cart.items.some((item) => item.category === 'churrasqueiras')) cart.gifts.push({ sku: 'espeto', qty: 1 });\n  return { cart };\n}",
      createdAt: at('2026-06-01T12:00:00Z'),
      updatedAt: at('2026-06-01T12:00:00Z'),
    },
  };
}

function buildPricingRules() {
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
      name: 'Site — regra padrão', store: 'site', parent: null, order: 1, isActive: true,
      rules: cond.toDoc(cond.op('>', cond.field('PriceNet'), cond.num(0))),
      options: opts({}),
      createdAt: at('2025-02-10T12:00:00Z'), updatedAt: at('2026-07-01T12:00:00Z'),
    },
    'site-tramontina': {
      name: 'Site — Tramontina', store: 'site', parent: 'site-padrao', order: 2, isActive: true,
      rules: cond.toDoc(cond.and(cond.op('=', cond.field('brand'), cond.str('Tramontina')), cond.op('IN', cond.field('Company'), cond.list([1, 2, 6])))),
      options: opts({ minMarkup: 1.7, priceFlashActive: true }),
      createdAt: at('2025-02-10T12:00:00Z'), updatedAt: at('2026-10-11T12:00:00Z'),
    },
    'marketplace-magalu': {
      name: 'Magalu — eletroportáteis', store: 'magalu', parent: null, order: 3, isActive: true,
      rules: cond.toDoc(cond.and(cond.op('=', cond.field('section'), cond.str('eletroportateis')), cond.op('>=', cond.field('Price'), cond.num(150)))),
      options: opts({ minMarkup: 1.9, minInstallmentsMarkup: 2, priceRestrictActive: false }),
      createdAt: at('2025-05-10T12:00:00Z'), updatedAt: at('2026-09-20T12:00:00Z'),
    },
    'shopee-utensilios': {
      name: 'Shopee — utensílios', store: 'shopee', parent: null, order: 4, isActive: false,
      rules: cond.toDoc(cond.op('=', cond.field('category'), cond.str('utensilios'))),
      options: opts({ minMarkup: 2.2, minPriceToFreeShipping: 79 }),
      createdAt: at('2025-08-10T12:00:00Z'), updatedAt: at('2026-04-20T12:00:00Z'),
    },
  };
}

function buildLayoutRules(project, rng) {
  const docs = {};
  LAYOUT_RULES[project].forEach((rule, i) => {
    let c;
    if (rule.kind === 'popup') c = cond.and(cond.op('=', cond.field('event.name'), cond.str('page_view')), cond.isNull(cond.field('customer.id')));
    else if (rule.kind === 'shipping') c = cond.op('IN', cond.field('shipping.region'), cond.list(rule.states ?? SOUTH_SOUTHEAST));
    else if (rule.kind === 'price') c = cond.and(cond.op('>=', cond.field('date.month'), cond.num(11)), cond.op('>=', cond.field('date.day'), cond.num(Number(rule.from.slice(8, 10)))));
    else c = cond.op('=', cond.field('product.section'), cond.str(rule.category));
    const flag = (visible) => ({
      visible,
      couponCode: rule.coupon,
      image: visible ? fileObject(rng, { project, folder: 'layout-rule', name: `selo-${rule.id}`, title: rule.name, width: 184, height: 66, type: 'image/png' }) : null,
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
        banner: rule.kind === 'popup' ? fileObject(rng, { project, folder: 'layout-rule', name: `popup-${rule.id}`, title: rule.name, width: 350, height: 400 }) : null,
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

function buildCustomers(project, rng, count) {
  const customers = [];
  const used = new Set();
  while (customers.length < count) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = `${rng.pick(LAST_NAMES)}${rng.chance(0.4) ? ` ${rng.pick(LAST_NAMES)}` : ''}`;
    const key = `${firstName} ${lastName}`;
    if (used.has(key)) continue;
    used.add(key);
    const city = rng.weighted(CITIES.map((c) => [c, c.weight]));
    const local = slugify(`${firstName}.${lastName.split(' ').pop()}`).replace(/-/g, '.') + (rng.chance(0.4) ? rng.int(1, 99) : '');
    const id = rng.autoId();
    const ddd = { SP: '11', RJ: '21', MG: '31', PR: '41', SC: '48', RS: city.city === 'Caxias do Sul' ? '54' : '51', BA: '71', PE: '81', CE: '85', DF: '61', GO: '62' }[city.state];
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

const customerDoc = (c) => ({
  id: c.id,
  email: c.email,
  firstName: c.firstName,
  lastName: c.lastName,
  taxvat: c.taxvat,
  phoneNumber: c.phoneNumber,
  createdAt: c.createdAt,
  updatedAt: c.createdAt,
});

function buildCustomerCredits(customers, rng) {
  const docs = {};
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
      status: rng.weighted([['active', 6], ['pending', 2], ['cancelled', 1]]),
      Options: { startAt: ts(createdMs), endAt: ts(createdMs + 180 * DAY), canTransfer: origin === 'order-rma-in' },
    };
  }
  return docs;
}

function buildCustomerSegments(customers) {
  const purchased = (category) => cond.toDoc(cond.and(cond.op('=', cond.field('event.name'), cond.str('purchase')), cond.op('=', cond.field('product.category'), cond.str(category))));
  return {
    'compradores-churrasco': {
      name: 'Compradores de churrasco', parent: null, emails: [],
      rules: [{ rulesIn: [purchased('churrasqueiras')], rulesInOnly: [], rulesNotIn: [purchased('acessorios-churrasco')] }],
      createdAt: at('2026-04-01T12:00:00Z'), updatedAt: at('2026-10-01T12:00:00Z'),
    },
    'carrinho-abandonado': {
      name: 'Carrinho abandonado (7 dias)', parent: null, emails: [],
      rules: [{
        rulesIn: [cond.toDoc(cond.and(cond.op('=', cond.field('event.name'), cond.str('add_to_cart')), cond.op('>=', cond.field('date.daysAgo'), cond.num(-7))))],
        rulesInOnly: [],
        rulesNotIn: [cond.toDoc(cond.op('=', cond.field('event.name'), cond.str('purchase')))],
      }],
      createdAt: at('2026-05-01T12:00:00Z'), updatedAt: at('2026-11-01T12:00:00Z'),
    },
    'clientes-vip': {
      name: 'Clientes VIP (lista manual)', parent: null,
      emails: customers.slice(0, 6).map((c) => c.email),
      rules: [],
      createdAt: at('2026-02-01T12:00:00Z'), updatedAt: at('2026-09-01T12:00:00Z'),
    },
    'vip-sul': {
      name: 'VIP — região Sul', parent: 'clientes-vip', emails: [],
      rules: [{ rulesIn: [cond.toDoc(cond.op('IN', cond.field('customer.state'), cond.list(['PR', 'SC', 'RS'])))], rulesInOnly: [], rulesNotIn: [] }],
      createdAt: at('2026-02-01T12:00:00Z'), updatedAt: at('2026-09-01T12:00:00Z'),
    },
  };
}

function buildEmailTemplates(project) {
  const name = PROJECTS[project].name;
  const wrap = (inner) => `<p>Olá, {{firstName}}!</p>${inner}<p>Equipe ${name}</p>`;
  return {
    'boas-vindas': {
      title: 'Boas-vindas com cupom', subject: `Bem-vindo(a) à ${name}: seu cupom chegou`,
      body: wrap('<p>Use o cupom <strong>{{couponCode}}</strong> e ganhe 10% de desconto na primeira compra.</p>'),
      createdAt: at('2026-01-10T12:00:00Z'), updatedAt: at('2026-06-10T12:00:00Z'),
    },
    'carrinho-abandonado': {
      title: 'Carrinho abandonado', subject: 'Você esqueceu alguns itens no carrinho',
      body: wrap('<p>Seus produtos ainda estão reservados. <a href="https://{{domain}}/carrinho">Finalize sua compra</a>.</p>'),
      createdAt: at('2026-03-10T12:00:00Z'), updatedAt: at('2026-09-10T12:00:00Z'),
    },
    'black-friday': {
      title: 'Black Friday — ofertas', subject: 'Black Friday: até 40% off em panelas e eletroportáteis',
      body: wrap('<p>As ofertas mais esperadas do ano começaram.</p><ul><li>Panelas inox</li><li>Air fryers</li><li>Churrasqueiras</li></ul>'),
      createdAt: at('2026-11-01T12:00:00Z'), updatedAt: at('2026-11-18T12:00:00Z'),
    },
  };
}

function buildCampaigns(project, products) {
  const skus = (cat, n) => products.filter((p) => p.category === cat && p.Salable === 'S').slice(0, n).map((p) => ({ sku: p.ProductCode }));
  return {
    'campaign-email': {
      'black-friday-2026': {
        name: 'Black Friday 2026 — base completa', emailTemplateId: 'black-friday', customerSegmentId: 'clientes-vip',
        batchs: [...skus('panelas', 3), ...skus('air-fryers', 3)],
        createdAt: at('2026-11-10T12:00:00Z'), updatedAt: at('2026-11-19T12:00:00Z'),
      },
      'recuperacao-carrinho-novembro': {
        name: 'Recuperação de carrinho — novembro', emailTemplateId: 'carrinho-abandonado', customerSegmentId: 'carrinho-abandonado',
        batchs: [],
        createdAt: at('2026-11-02T12:00:00Z'), updatedAt: at('2026-11-02T12:00:00Z'),
      },
    },
    'campaign-whatsapp': {
      'churrasco-dezembro': {
        name: 'Churrasco de fim de ano', whatsappTemplateId: 'oferta_churrasco', whatsappTemplateParams: '{"1": "{{firstName}}", "2": "CHURRAS15"}',
        customerSegmentId: 'compradores-churrasco', batchs: skus('churrasqueiras', 2),
        createdAt: at('2026-11-15T12:00:00Z'), updatedAt: at('2026-11-15T12:00:00Z'),
      },
    },
  };
}

/** The template is stored as JSON text (the editor is a textarea). */
const json = (value) => JSON.stringify(value, null, 2);

function buildWhatsappTemplates(project) {
  const wabaId = project === 'main' ? '100000000000001' : '100000000000002';
  const name = PROJECTS[project].name;
  return {
    oferta_churrasco: {
      id: 'oferta_churrasco', wabaId,
      template: json({
        name: 'oferta_churrasco', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Ofertas de churrasco 🔥' },
          { type: 'BODY', text: `Olá, {{1}}! Na ${name} as churrasqueiras estão com desconto. Use o cupom {{2}}.`, example: { body_text: [['Maria', 'CHURRAS15']] } },
          { type: 'FOOTER', text: 'Responda SAIR para não receber mais mensagens.' },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Quero ver' }, { type: 'QUICK_REPLY', text: 'Não tenho interesse' }] },
        ],
      }),
      createdAt: at('2026-10-20T12:00:00Z'), updatedAt: at('2026-10-20T12:00:00Z'),
    },
    pedido_enviado: {
      id: 'pedido_enviado', wabaId,
      template: json({
        name: 'pedido_enviado', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Seu pedido foi enviado' },
          { type: 'BODY', text: 'Olá, {{1}}! O pedido {{2}} saiu para entrega. Rastreie em {{3}}.', example: { body_text: [['João', '154321', 'https://rastreio.demo.test/AB123']] } },
          { type: 'FOOTER', text: name },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Falar com atendente' }] },
        ],
      }),
      createdAt: at('2026-04-20T12:00:00Z'), updatedAt: at('2026-04-20T12:00:00Z'),
    },
  };
}

function buildTasks(project) {
  const list = [
    ['Cadastrar fotos das cubas Franke', 'todo', '<p>Falta a segunda foto (detalhe da válvula) em 6 cubas.</p>', [{ name: 'lista-cubas.csv', url: `https://cdn.demo.test/project/${project}/task/lista-cubas.csv` }]],
    ['Revisar preços da Black Friday', 'inprogress', '<p>Conferir a margem mínima nos eletroportáteis antes de 20/11.</p>', []],
    ['Enviar e-mail de carrinho abandonado', 'done', '<p>Campanha enviada em 02/11 para o segmento de carrinho abandonado.</p>', []],
    ['Atualizar política de troca', 'todo', '<p>Incluir o prazo de 30 dias para defeitos de fabricação.</p>', []],
    ['Sincronizar estoque Tramontina', 'done', '<p>Rodar a sincronização TStock após a virada do mês.</p>', [{ name: 'estoque-tramontina.xls', url: `https://cdn.demo.test/project/${project}/task/estoque-tramontina.xls` }]],
  ];
  const docs = {};
  list.forEach(([title, status, body, files], i) => {
    docs[`tarefa-${i + 1}`] = { title, status, body, files, createdAt: ts(NOW - (30 - i * 5) * DAY), updatedAt: ts(NOW - (10 - i * 2) * DAY) };
  });
  return docs;
}

function buildRatings(project, customers, products, rng) {
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

function buildLinks(project) {
  const d = PROJECTS[project].domain;
  const list = {
    'black-friday': `https://${d}/c/departamentos?promo=black-friday`,
    'whatsapp': `https://wa.me/${STORE_INFO[project].whatsapp}`,
    'churrasco': `https://${d}/c/churrasco`,
    'instagram-bio': `https://${d}/?utm_source=instagram&utm_medium=bio`,
  };
  return Object.fromEntries(Object.entries(list).map(([id, url]) => [id, { id, url, createdAt: at('2026-06-01T12:00:00Z'), updatedAt: at('2026-06-01T12:00:00Z') }]));
}

function buildSearchRedirects() {
  const list = {
    'panela-de-pressao': ['panela de pressão', ['panela pressao', 'panela de presao', 'pressão']],
    'air-fryer': ['air fryer', ['airfryer', 'fritadeira sem oleo', 'fritadeira eletrica']],
    'faqueiro': ['faqueiro', ['jogo de talheres', 'talher', 'faqueiro inox']],
    'cuba-gourmet': ['cuba gourmet', ['cuba inox', 'pia gourmet', 'cuba de cozinha']],
  };
  return Object.fromEntries(
    Object.entries(list).map(([id, [byQuery, alts]]) => [id, {
      byQuery,
      queryAlternatives: alts.map((query) => ({ query })),
      createdAt: at('2026-04-01T12:00:00Z'),
      updatedAt: at('2026-04-01T12:00:00Z'),
    }]),
  );
}

function buildCarrierPricing(project) {
  const ranges = [
    ['01000000', '09999999', 'SP', 'Capital e Grande São Paulo', 2, 14.9, 1.2],
    ['11000000', '19999999', 'SP', 'Interior de São Paulo', 3, 19.9, 1.5],
    ['20000000', '28999999', 'RJ', 'Rio de Janeiro', 4, 24.9, 1.8],
    ['80000000', '87999999', 'PR', 'Paraná', 4, 22.9, 1.7],
    ['88000000', '89999999', 'SC', 'Santa Catarina', 3, 21.9, 1.6],
    ['90000000', '99999999', 'RS', 'Rio Grande do Sul', project === 'cookstore' ? 2 : 4, project === 'cookstore' ? 12.9 : 22.9, 1.4],
  ];
  const zipcodeRange = ranges.map(([zipcodeStartAt, zipcodeEndAt, state, region, deadline, shippingPrice, shippingPriceKg]) => ({
    zipcodeStartAt, zipcodeEndAt, state, region, deadline, shippingPrice, shippingPriceKg,
  }));
  return {
    'transportadora-propria': { id: 'transportadora-propria', name: 'Entrega própria', zipcodeRange: zipcodeRange.filter((r) => (project === 'cookstore' ? ['RS', 'SC'] : ['SP']).includes(r.state)), createdAt: at('2025-06-01T12:00:00Z'), updatedAt: at('2026-06-01T12:00:00Z') },
    'tabela-regional': { id: 'tabela-regional', name: 'Tabela regional Sul e Sudeste', zipcodeRange, createdAt: at('2025-06-01T12:00:00Z'), updatedAt: at('2026-09-01T12:00:00Z') },
  };
}

const CARRIERS = [
  ['Correios PAC', 'frenet', 1.0, 6],
  ['Correios SEDEX', 'frenet', 1.7, 2],
  ['Jadlog .Package', 'kangu', 0.9, 5],
  ['Loggi', 'kangu', 1.1, 3],
];

function buildShippingQuotes(project, customers, products, rng, count) {
  const docs = {};
  const stocks = STOCKS[project];
  // The storefront keeps one quote per customer: the document id is the customer's id.
  for (const customer of rng.sample(customers, count)) {
    const product = rng.pick(products.filter((p) => p.Salable === 'S'));
    const qty = rng.weighted([[1, 8], [2, 2], [3, 1]]);
    const stockId = Object.keys(product.Stock).find((id) => product.Stock[id].qty > 0) ?? stocks[0].id;
    const base = 12 + product.NetWeight * qty * 2.2 + (customer.city.state === (project === 'main' ? 'SP' : 'RS') ? 0 : 9);
    const methods = rng.sample(CARRIERS, rng.int(2, 4)).map(([Carrier, provider, factor, days]) => ({
      Carrier,
      stockId,
      OriginalShippingPrice: round2(base * factor),
      OriginalDeliveryTime: days + rng.int(0, 3),
      provider,
    })).sort((a, b) => a.OriginalShippingPrice - b.OriginalShippingPrice);
    const chosen = methods[0];
    const free = product.Options.isFreeShipping && SOUTH_SOUTHEAST.includes(customer.city.state);
    docs[customer.id] = {
      productId: product.ProductCode,
      qty,
      zipcode: customer.zipcode,
      origin: rng.weighted([['product', 6], ['quote', 3], ['magalu', 1]]),
      items: [{ id: product.ProductCode, qty }],
      shippingMethodList: methods,
      shippingMethod: {
        Carrier: chosen.Carrier,
        OriginalShippingPrice: chosen.OriginalShippingPrice,
        ShippingPrice: free ? 0 : chosen.OriginalShippingPrice,
        OriginalDeliveryTime: chosen.OriginalDeliveryTime,
        maxDeliveryTime: chosen.OriginalDeliveryTime + 2,
      },
      createdAt: ts(NOW - rng.int(10, 14 * 24 * 60) * MINUTE),
    };
  }
  return docs;
}

function buildPopupLeads(project, customers, rng, count) {
  const docs = {};
  const paths = ['/', '/c/panelas', '/c/churrasco', '/c/air-fryers', '/busca'];
  for (let i = 0; i < count; i++) {
    const known = rng.chance(0.5);
    const customer = known ? customers[(i * 3) % customers.length] : null;
    const first = rng.pick(FIRST_NAMES);
    const pathname = rng.pick(paths);
    const phoneNumber = customer ? customer.phoneNumber : rng.chance(0.6) ? `+55${rng.pick(['11', '21', '51', '54', '41'])}9${rng.digits(8)}` : null;
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

function buildProductTypes() {
  const material = (options) => ({ name: 'material', description: 'Material', type: 'checkbox', isArray: true, range: false, options });
  const list = {
    panela: ['Panelas e frigideiras', [material(['Aço Inox', 'Alumínio Antiaderente', 'Cerâmica']), { name: 'diametro', description: 'Diâmetro (cm)', type: 'number', isArray: false, range: true, options: [] }, { name: 'inducao', description: 'Compatível com indução', type: 'checkbox', isArray: false, range: false, options: ['Sim', 'Não'] }]],
    faca: ['Facas', [material(['Aço Inox', 'Aço Carbono']), { name: 'tamanho', description: 'Tamanho da lâmina (pol.)', type: 'number', isArray: false, range: true, options: [] }]],
    talheres: ['Faqueiros e talheres', [{ name: 'pecas', description: 'Número de peças', type: 'number', isArray: false, range: true, options: [] }]],
    utensilio: ['Utensílios', [material(['Nylon', 'Silicone', 'Aço Inox', 'Madeira', 'Polipropileno'])]],
    churrasqueira: ['Churrasco', [{ name: 'combustivel', description: 'Combustível', type: 'checkbox', isArray: false, range: false, options: ['Carvão', 'Gás', 'Elétrica'] }]],
    cuba: ['Cubas', [{ name: 'instalacao', description: 'Tipo de instalação', type: 'checkbox', isArray: false, range: false, options: ['Embutir', 'Sobrepor', 'Undermount'] }, { name: 'medidas', description: 'Medidas', type: 'text', isArray: false, range: false, options: [] }]],
    torneira: ['Torneiras', [{ name: 'acabamento', description: 'Acabamento', type: 'checkbox', isArray: false, range: false, options: ['Cromado', 'Inox Escovado', 'Preto Fosco'] }]],
    eletroportatil: ['Eletroportáteis', [{ name: 'voltagem', description: 'Voltagem', type: 'checkbox', isArray: false, range: false, options: ['127 V', '220 V', 'Bivolt'] }, { name: 'potencia', description: 'Potência (W)', type: 'number', isArray: false, range: true, options: [] }]],
    lixeira: ['Lixeiras', [{ name: 'capacidade', description: 'Capacidade (L)', type: 'number', isArray: false, range: true, options: [] }]],
  };
  return Object.fromEntries(
    Object.entries(list).map(([id, [name, filters]]) => [id, { id, name, filters, createdAt: at('2025-01-07T12:00:00Z'), updatedAt: at('2026-05-07T12:00:00Z') }]),
  );
}

// ---------------------------------------------------------------------------------------------
// Customer events (feed)
// ---------------------------------------------------------------------------------------------

const SEARCH_TERMS = ['panela inox', 'air fryer', 'faqueiro', 'churrasqueira', 'cuba gourmet', 'faca do chef', 'lixeira inox', 'torneira gourmet', 'panela de pressão', 'tábua de corte', 'liquidificador', 'tramontina solar'];
const DEVICES = [
  [{ type: 'smartphone', brand: 'Apple' }, 18],
  [{ type: 'smartphone', brand: 'Samsung' }, 22],
  [{ type: 'smartphone', brand: 'Motorola' }, 12],
  [{ type: 'smartphone', brand: 'Xiaomi' }, 8],
  [{ type: 'desktop', brand: '' }, 34],
  [{ type: 'tablet', brand: 'Apple' }, 4],
  [{ type: 'tablet', brand: 'Samsung' }, 2],
];
const BOTS = ['Googlebot', 'bingbot', 'facebookexternalhit'];

function zipRegion(zip) {
  const n = Number(zip.slice(0, 2));
  if (n < 20) return 'SP';
  if (n < 29) return 'RJ';
  if (n < 30) return 'ES';
  if (n < 40) return 'MG';
  if (n < 49) return 'BA';
  if (n < 50) return 'SE';
  if (n < 57) return 'PE';
  if (n < 60) return 'RN';
  if (n < 64) return 'CE';
  if (n < 70) return 'PA';
  if (n < 73) return 'DF';
  if (n < 77) return 'GO';
  if (n < 80) return 'MS';
  if (n < 88) return 'PR';
  if (n < 90) return 'SC';
  return 'RS';
}

function buildCustomerEvents(project, customers, products, rng, count) {
  const domain = PROJECTS[project].domain;
  const rules = LAYOUT_RULES[project].filter((r) => !r.inactive);
  const salable = products.filter((p) => p.Salable === 'S');
  const windowStart = NOW - 7 * DAY;
  const productUrl = (p) => `https://${domain}/p/${p.ProductCode}/${slugify(p.ProductSiteName)}`;

  const events = [];
  while (events.length < count) {
    const isBot = rng.chance(0.07);
    const known = !isBot && rng.chance(0.6);
    const customer = known ? rng.pick(customers) : null;
    const city = customer ? customer.city : rng.weighted(CITIES.map((c) => [c, c.weight]));
    const customerId = customer ? customer.id : `anon-${rng.hex(12)}`;
    const device = isBot ? { bot: { name: rng.pick(BOTS) }, device: { type: 'bot', brand: '' } } : { bot: { name: '' }, device: rng.weighted(DEVICES) };
    const about = isBot
      ? { ip: `66.249.${rng.int(64, 95)}.${rng.int(1, 254)}`, ipCity: 'Mountain View', ipRegion: 'CA' }
      : { ip: `${city.ip}${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, ipCity: city.city, ipRegion: city.state };
    // Evenings are busier than early mornings.
    const day = rng.int(0, 6);
    const hour = rng.weighted([...Array(24).keys()].map((h) => [h, h < 7 ? 1 : h < 12 ? 4 : h < 18 ? 5 : h < 23 ? 8 : 3]));
    let t = windowStart + day * DAY + (hour + 3) * HOUR + rng.int(0, 59) * MINUTE + rng.int(0, 59) * 1000; // BRT = UTC-3
    if (t > NOW - 2 * HOUR) t -= DAY;
    let zipcode = customer && rng.chance(0.6) ? customer.zipcode : null;
    let firstView = true;

    const steps = [];
    const entry = rng.weighted([['home', 4], ['category', 3], ['search', 3], ['product', 4]]);
    const interest = rng.pick(salable);
    if (entry === 'home') steps.push({ action: 'page_view', url: `https://${domain}/` });
    if (entry === 'category') steps.push({ action: 'page_view', url: `https://${domain}/c/${interest.category}` });
    if (entry === 'search' && !isBot) {
      const term = rng.pick(SEARCH_TERMS);
      steps.push({ action: 'search', url: `https://${domain}/busca?q=${encodeURIComponent(term).replace(/%20/g, '+')}`, search: term });
    }
    const viewed = [interest, ...rng.sample(salable.filter((p) => p.category === interest.category && p !== interest), rng.int(0, 2))];
    viewed.forEach((p, i) => {
      // Between products the visitor goes back to the category listing now and then.
      if (i > 0 && rng.chance(0.5)) steps.push({ action: 'page_view', url: `https://${domain}/c/${p.category}` });
      steps.push({ action: 'view_item', url: productUrl(p), product: p });
    });
    if (!isBot && rng.chance(0.3)) {
      if (!zipcode) zipcode = city.zip[0] + rng.digits(6);
      steps.push({ action: 'shipping_quote', url: productUrl(interest), product: interest });
    }
    if (!isBot && rng.chance(0.45)) {
      steps.push({ action: 'add_to_cart', url: productUrl(interest), product: interest });
      steps.push({ action: 'page_view', url: `https://${domain}/carrinho` });
      if (rng.chance(0.6)) {
        steps.push({ action: 'begin_checkout', url: `https://${domain}/checkout`, product: interest });
        if (!zipcode) zipcode = customer ? customer.zipcode : city.zip[0] + rng.digits(6);
        if (rng.chance(0.7)) steps.push({ action: 'purchase', url: `https://${domain}/checkout/sucesso?pedido=${rng.int(150_000, 199_999)}`, product: interest });
      }
    }

    for (const step of steps) {
      if (events.length >= count) break;
      t += rng.int(8, 240) * 1000;
      if (t >= NOW) break;
      const zipcodeRegion = zipcode ? zipRegion(zipcode) : null;
      const applied = rules.filter((rule) => {
        if (rule.kind === 'popup') return !customer && step.action === 'page_view' && firstView;
        if (rule.kind === 'shipping') return zipcodeRegion !== null && (rule.states ?? SOUTH_SOUTHEAST).includes(zipcodeRegion);
        if (rule.kind === 'price') return t >= Date.parse(rule.from) && Boolean(step.product);
        if (rule.kind === 'category') return Boolean(step.product) && (step.product.section === rule.category || step.product.category === rule.category);
        return false;
      });
      if (step.action === 'page_view') firstView = false;
      const id = rng.autoId();
      events.push({
        id,
        project,
        projectId: project,
        customerId,
        action: step.action,
        location: { url: step.url },
        ProductCode: step.product ? step.product.ProductCode : null,
        search: step.search ?? null,
        zipcode,
        zipcodeRegion,
        device,
        about,
        layoutRules: applied.map((r) => ({ id: r.id, name: r.name })),
        createdAt: ts(t),
      });
    }
  }
  return Object.fromEntries(events.map((e) => [e.id, e]));
}

// ---------------------------------------------------------------------------------------------
// Settings documents (config/{id})
// ---------------------------------------------------------------------------------------------

function shades(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mix = (c, target, amount) => Math.round(c + (target - c) * amount);
  const toHex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const steps = { 50: 0.92, 100: 0.8, 200: 0.62, 300: 0.45, 400: 0.22, 500: 0, 600: -0.15, 700: -0.3, 800: -0.45, 900: -0.6 };
  return Object.fromEntries(
    Object.entries(steps).map(([k, a]) => [k, toHex(a >= 0 ? [r, g, b].map((c) => mix(c, 255, a)) : [r, g, b].map((c) => mix(c, 0, -a)))]),
  );
}

function buildConfig(project, rng) {
  const info = STORE_INFO[project];
  const name = PROJECTS[project].name;
  const domain = PROJECTS[project].domain;
  const own = STOCKS[project].filter((s) => s.own).map((s) => ({ stock: s.id }));
  const all = STOCKS[project].map((s) => ({ stock: s.id }));
  const sandbox = (label, n = 24) => `sandbox-${label}-${rng.hex(n)}`;
  const logo = (n, type = 'image/svg+xml') => fileObject(rng, { project, folder: 'brand', name: n, title: `${name} — ${n}`, width: 512, height: 512, type });
  const bearer = () => ({
    accessToken: sandbox('bling-access', 32),
    expiresIn: 21600,
    tokenType: 'Bearer',
    scope: 'produtos pedidos.vendas estoques',
    refreshToken: sandbox('bling-refresh', 32),
  });
  const installment = (minValue, maxQty, monthsFree) => ({
    minValue,
    maxQty,
    fees: Array.from({ length: maxQty }, (_, i) => ({ month: i + 1, fee: i + 1 <= monthsFree ? 0 : round2(1.99 + (i + 1 - monthsFree) * 1.15), forceFee: false })),
  });
  const updatedAt = ts(Date.parse('2026-09-15T12:00:00Z') + rng.int(0, 60) * DAY);

  return {
    store: {
      name,
      companyName: info.companyName,
      taxvat: cnpj(rng),
      foundationYear: info.foundationYear,
      domain,
      email: info.email,
      phone: info.phone,
      whatsapp: info.whatsapp,
      reclameaqui: `https://www.reclameaqui.com.br/empresa/${project}-demo/`,
      mercadolivre: `https://lista.mercadolivre.com.br/_CustId_${rng.digits(9)}`,
      shopee: `https://shopee.com.br/${project}.demo`,
      instagram: `https://instagram.com/${info.handle}`,
      youtube: `https://youtube.com/@${info.handle}`,
      tiktok: `https://tiktok.com/@${info.handle}`,
      facebook: `https://facebook.com/${info.handle}`,
      categoryRoot: 'departamentos',
      contentRoot: 'home',
      address: info.address,
      brand: {
        squareLogoSvg: logo('logo-quadrado'),
        horizontalLogoSvg: logo('logo-horizontal'),
        squareSymbolSvg: logo('simbolo'),
        horizontalLogoPng: logo('logo-horizontal-png', 'image/png'),
        favicon: logo('favicon', 'image/png'),
      },
      updatedAt,
    },
    layout: {
      popup: {
        visible: true,
        banner: fileObject(rng, { project, folder: 'layout', name: 'popup-cadastro', title: 'Popup de cadastro', width: 350, height: 400 }),
        coupon: project === 'main' ? 'BEMVINDO10' : 'COOK10',
        emailTemplateId: 'boas-vindas',
        fields: { email: true, phoneNumber: true },
      },
      product: {
        visible: true,
        coupon: project === 'main' ? 'PIX5' : 'COOKPIX',
        couponFlag: fileObject(rng, { project, folder: 'layout', name: 'selo-cupom', title: 'Selo do cupom', width: 184, height: 66, type: 'image/png' }),
        couponDescription: '5% de desconto no Pix',
      },
      primaryColor: shades(info.colors.primary),
      secondaryColor: shades(info.colors.secondary),
      updatedAt,
    },
    blog: { name: `Blog ${name}`, description: 'Dicas, receitas e guias de compra para a sua cozinha.', slug: 'blog', updatedAt },
    erp: { provider: 'bling', updatedAt },
    conversation: {
      tags: [
        { title: 'Pré-venda', color: '#2563eb' },
        { title: 'Pós-venda', color: '#16a34a' },
        { title: 'Troca/Devolução', color: '#dc2626' },
        { title: 'Atraso na entrega', color: '#ea580c' },
        { title: 'B2B', color: '#7c3aed' },
      ],
      updatedAt,
    },
    bling: {
      apiKey: sandbox('bling-apikey'),
      clientId: sandbox('bling-client', 16),
      clientSecret: sandbox('bling-secret', 32),
      bearer: bearer(),
      accounts: [
        {
          description: 'Conta Principal',
          storeCode: String(203_000_000 + rng.int(1000, 9999)),
          apiKey: sandbox('bling-apikey-principal'),
          clientId: sandbox('bling-client-principal', 16),
          clientSecret: sandbox('bling-secret-principal', 32),
          sellerId: String(rng.int(10_000_000, 19_999_999)),
          bearer: bearer(),
          orderPaymentMethod: 'Pagamento online',
          orderShippingAlias: 'Frenet',
          orderStockStatus: own.map(({ stock }, i) => ({ stock, idStatus: String(9 + i * 6) })),
          stocks: own,
        },
        {
          description: 'Conta Marketplace',
          storeCode: String(204_000_000 + rng.int(1000, 9999)),
          apiKey: sandbox('bling-apikey-marketplace'),
          clientId: sandbox('bling-client-marketplace', 16),
          clientSecret: sandbox('bling-secret-marketplace', 32),
          sellerId: String(rng.int(20_000_000, 29_999_999)),
          bearer: bearer(),
          orderPaymentMethod: 'Marketplace',
          orderShippingAlias: 'Mercado Envios',
          orderStockStatus: [{ stock: own[0].stock, idStatus: '15' }],
          stocks: all,
        },
      ],
      updatedAt,
    },
    shipping: { providers: [{ provider: 'frenet' }, { provider: 'kangu' }], updatedAt },
    frenet: {
      endpoint: 'https://sandbox.frenet.demo.test/shipping/quote',
      accounts: [
        { description: 'Frenet — estoque próprio', apiKey: sandbox('frenet-proprio'), stocks: own },
        { description: 'Frenet — fornecedores', apiKey: sandbox('frenet-fornecedores'), stocks: all.filter((s) => !own.some((o) => o.stock === s.stock)) },
      ],
      updatedAt,
    },
    kangu: {
      endpoint: 'https://sandbox.kangu.demo.test/tms/transporte/simular',
      accounts: [{ description: 'Kangu — principal', token: sandbox('kangu'), stocks: own }],
      updatedAt,
    },
    // One entry per method; an empty provider leaves the method off the checkout.
    payment: {
      custom: { provider: '' },
      free: { provider: 'free' },
      boletoFaturado: { provider: project === 'main' ? 'custom' : '' },
      creditCardLink: { provider: 'belluno' },
      creditCard: { provider: 'mercadopago' },
      boleto: { provider: 'asaas' },
      pix: { provider: project === 'main' ? 'mercadopago' : 'asaas' },
      pixParcelado: { provider: project === 'cookstore' ? 'pagaleve' : '' },
      updatedAt,
    },
    checkout: {
      billingAddressDescription: 'Informe o endereço que deve constar na nota fiscal.',
      hideBillingAddress: project === 'cookstore',
      additionalTransactionalEmail: project === 'main' ? 'pedidos@lojaprincipal.demo.test, financeiro@lojaprincipal.demo.test' : 'pedidos@cookstore.demo.test',
      updatedAt,
    },
    pagaleve: { username: `${project}-sandbox`, password: sandbox('pagaleve', 16), provider: 'pagaleve', updatedAt },
    mercadopago: {
      publicKey: `TEST-${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`,
      accessToken: sandbox('mercadopago-access', 32),
      clientId: String(rng.int(1_000_000_000, 1_999_999_999)),
      clientSecret: sandbox('mercadopago-secret', 32),
      endpoint: 'https://sandbox.mercadopago.demo.test/v1',
      providerBackup: 'asaas',
      installment: installment(100, 12, project === 'main' ? 6 : 10),
      updatedAt,
    },
    asaas: {
      apiKey: sandbox('asaas', 32),
      endpoint: 'https://sandbox.asaas.demo.test/api/v3',
      providerBackup: 'mercadopago',
      installment: installment(100, 10, 3),
      accounts: [
        { description: 'Asaas — loja', apiKey: sandbox('asaas-loja', 32), walletId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`, forceTransaction: false, paymentMethods: ['pix', 'boleto'], stocks: own },
        { description: 'Asaas — fornecedor Tramontina', apiKey: sandbox('asaas-tramontina', 32), walletId: `${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}`, forceTransaction: true, paymentMethods: ['pix', 'boleto', 'creditCard'], stocks: [{ stock: 'tramontina-rs' }] },
      ],
      updatedAt,
    },
    belluno: {
      token: sandbox('belluno', 32),
      kondutoPublicToken: sandbox('konduto-public', 16),
      endpoint: 'https://sandbox.belluno.demo.test/v2',
      providerBackup: 'mercadopago',
      installment: installment(150, 12, 6),
      updatedAt,
    },
    'payment-custom': {
      title: 'Pagamento na retirada',
      description: 'Pague com cartão ou dinheiro ao retirar o pedido na loja.',
      showInstallments: false,
      onlyAdmin: true,
      installment: installment(0, 1, 1),
      updatedAt,
    },
    sendgrid: {
      email: `naoresponda@${PROJECTS[project].domains[0]}`,
      emailReply: info.email,
      template: { orderPurchase: `d-${rng.hex(32)}` },
      updatedAt,
    },
    customerio: { workspaceTrackKey: sandbox('customerio', 20), siteId: rng.hex(20), anonymousTrack: true, updatedAt },
    googleanalytics: {
      accounts: [
        { type: 'ga4', property: `G-${rng.hex(10).toUpperCase()}`, propertyId: String(rng.int(300_000_000, 499_999_999)) },
        { type: 'ua', property: `UA-${rng.int(10_000_000, 99_999_999)}-1`, propertyId: String(rng.int(100_000_000, 199_999_999)) },
      ],
      updatedAt,
    },
    googleads: {
      accounts: [{ customerId: `${rng.digits(3)}-${rng.digits(3)}-${rng.digits(4)}`, merchantId: rng.digits(9), apiKey: sandbox('googleads') }],
      conversions: { purchase: `AW-${rng.digits(10)}/${rng.hex(16)}`, add_to_cart: `AW-${rng.digits(10)}/${rng.hex(16)}` },
      updatedAt,
    },
    metaads: {
      pixels: [{ id: rng.digits(15), conversionAccessToken: sandbox('meta-capi', 40) }],
      adAccountId: `act_${rng.digits(15)}`,
      mediaAccessToken: sandbox('meta-media', 40),
      updatedAt,
    },
    waba: {
      wabaToken: sandbox('waba', 40),
      wabaId: project === 'main' ? '100000000000001' : '100000000000002',
      wabaPhoneNumberId: rng.digits(15),
      wabaPhoneNumber: info.whatsapp,
      // Status webhooks: the Meta app's secret (signatures) and the handshake's verify token; fixed
      // strings, not drawn from rng, so the values after them keep their place in the stream.
      wabaAppSecret: `sandbox-waba-app-secret-${project}`,
      wabaVerifyToken: `sandbox-waba-verify-${project}`,
      // The test message's recipient (issue 16: a project setting, not a hard-coded number).
      wabaTestPhoneNumber: project === 'main' ? '+5511999990001' : '+5554999990002',
      updatedAt,
    },
    hotjar: { siteId: String(rng.int(3_000_000, 3_999_999)), updatedAt },
    tramontina: {
      tstock: { user: `${project}.tstock`, password: sandbox('tstock', 12) },
      webservice: { user: `${project}.ws`, password: sandbox('tramontina-ws', 12) },
      updatedAt,
    },
    bunny: {
      libraryId: String(rng.int(100_000, 999_999)),
      pullZone: `${project}-demo`,
      cdnHostname: `${project}-demo.b-cdn.demo.test`,
      apiKey: sandbox('bunny', 32),
      streamAuthKey: sandbox('bunny-stream', 32),
      updatedAt,
    },
    expo: { notificationAccessToken: sandbox('expo', 32), updatedAt },
  };
}

// ---------------------------------------------------------------------------------------------
// cdlbox (set C)
// ---------------------------------------------------------------------------------------------

function buildCdlbox() {
  const rng = new Rng('cdlbox');
  const project = 'cdlbox';
  const docs = {};
  const put = (path, data) => (docs[`project/${project}/${path}`] = data);

  const boxes = ['Churrasco Gaúcho', 'Café Especial', 'Massas Artesanais', 'Vinhos e Queijos', 'Confeitaria', 'Cozinha Italiana', 'Temperos do Mundo', 'Chocolate Bean to Bar', 'Cervejas Artesanais', 'Chás e Infusões', 'Brunch de Domingo', 'Comida Japonesa'];
  const plans = [['Avulsa', 1, 1], ['Trimestral', 3, 0.93], ['Semestral', 6, 0.88]];
  const workshops = [
    ['Workshop de Afiação de Facas', '2026-12-05T13:00:00Z', 189.9],
    ['Aula de Pães de Fermentação Natural', '2026-12-12T13:00:00Z', 249.9],
    ['Oficina de Churrasco: Cortes e Pontos', '2026-12-13T15:00:00Z', 299.9],
    ['Degustação de Cafés Especiais', '2026-11-29T17:00:00Z', 119.9],
    ['Curso de Massas Frescas', '2027-01-16T13:00:00Z', 229.9],
    ['Jantar Harmonizado de Fim de Ano', '2026-12-18T22:00:00Z', 389.9],
  ];
  const freebies = ['E-book Receitas de Natal', 'Guia de Cortes de Carne (PDF)', 'Planilha de Cardápio Semanal'];

  const products = [];
  let n = 1001;
  for (const box of boxes) {
    for (const [plan, months, factor] of rng.sample(plans, box.length % 2 === 0 ? 2 : 3).sort((a, b) => a[1] - b[1])) {
      if (products.length >= 31) break;
      const base = rng.int(89, 219) + 0.9;
      products.push({ name: `Box ${box} — Assinatura ${plan}`, price: round2(Math.floor(base * months * factor) + 0.9), event: null, free: false, maxInstallments: months === 1 ? 3 : months === 3 ? 6 : 12 });
    }
  }
  for (const [name, date, price] of workshops) products.push({ name, price, event: date, free: false, maxInstallments: 3 });
  for (const name of freebies) products.push({ name, price: 0, event: null, free: true, maxInstallments: 1 });

  for (const p of products) {
    const id = `CDL${n++}`;
    const slug = slugify(p.name);
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

  const pages = [
    ['sobre-a-cdl-box', 'Sobre a CDL Box', 'institucional', '<p>A CDL Box entrega experiências gastronômicas em caixas temáticas e eventos presenciais.</p>'],
    ['como-funciona', 'Como funciona a assinatura', 'ajuda', '<ol><li>Escolha a box e o plano.</li><li>Receba todo mês em casa.</li><li>Cancele quando quiser.</li></ol>'],
    ['politica-de-cancelamento', 'Política de cancelamento', 'ajuda', '<p>Assinaturas podem ser canceladas a qualquer momento; ingressos de eventos até 7 dias antes da data.</p>'],
    ['fale-conosco', 'Fale conosco', 'ajuda', '<p>E-mail: <a href="mailto:ola@cdlbox.demo.test">ola@cdlbox.demo.test</a></p>'],
  ];
  pages.forEach(([id, title, group, content], i) =>
    put(`page/${id}`, { title, slug: id, group, description: `${title} — CDL Box`, content, visible: true, order: i + 1, createdAt: at('2025-09-01T12:00:00Z'), updatedAt: at('2026-08-01T12:00:00Z') }),
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
    address: { zipcode: '90035190', street01: 'Rua Ramiro Barcelos', street02: 'Floresta', number: '1200', complement: 'Sala 3', city: 'Porto Alegre', state: 'RS' },
    shippingBillingDays: 1,
    shippingCrossDockingDays: 0,
    shippingManufactureDays: 2,
    shippingProductionDays: 1,
    createdAt: at('2025-09-01T12:00:00Z'),
    updatedAt: at('2026-08-01T12:00:00Z'),
  });

  const boxIds = Object.entries(docs).filter(([path, d]) => path.includes('/product/') && d.ProductSiteName.startsWith('Box ')).map(([, d]) => d.id);
  put('sales-rule/assinante-10-off', {
    name: 'Assinantes: 10% na box avulsa',
    description: 'Desconto para quem já tem assinatura ativa.',
    startAt: at('2026-11-01T03:00:00Z'),
    endAt: at('2026-12-31T02:59:59Z'),
    rules: [{ description: '10% nas boxes', couponCode: 'ASSINANTE10', productsRules: [{ sku: boxIds.slice(0, 8), priceRule: 'percentageDiscount', priceRuleValue: 10, priceInstallmentRuleValue: 10, ignoreFees: false, freeShipping: true }] }],
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
    function: "function apply({ cart, shipping }) {\n  if (cart.items.every((item) => item.name.startsWith('Box '))) shipping.methods.forEach((m) => (m.ShippingPrice = 0));\n  return { cart, shipping };\n}",
    createdAt: at('2026-01-10T12:00:00Z'),
    updatedAt: at('2026-01-10T12:00:00Z'),
  });
  return docs;
}

// ---------------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------------

function buildStore(project, eventCount) {
  const docs = {};
  const put = (path, data) => {
    const full = `project/${project}/${path}`;
    if (docs[full]) throw new Error(`duplicate document ${full}`);
    docs[full] = data;
  };
  const putAll = (collection, map) => Object.entries(map).forEach(([id, data]) => put(`${collection}/${id}`, data));

  const productRng = new Rng(`${project}:products`);
  const dataRng = new Rng(`${project}:product-data`);
  const items = STORE_CATALOGUE[project];
  const products = items.map((item) => buildProduct(project, item, productRng, items));
  for (const p of products) {
    put(`product/${p.ProductCode}`, p);
    put(`product-data/${p.ProductCode}`, buildProductData(p, dataRng));
  }

  const rng = (section) => new Rng(`${project}:${section}`);
  putAll('category', buildCategories(project, products, rng('category')));
  putAll('content', buildContent(project, products, rng('content')));
  putAll('page', buildPages(project, rng('page')));
  putAll('post', buildPosts(project, products, rng('post')));
  putAll('stock', buildStocks(project, rng('stock')));
  for (const [path, data] of Object.entries(buildBrands(project, products))) put(path, data);
  putAll('sales-rule', buildSalesRules(project, products));
  putAll('promotion-rule', buildPromotionRules());
  putAll('pricing-rule', buildPricingRules());
  putAll('layout-rule', buildLayoutRules(project, rng('layout-rule')));

  const customers = buildCustomers(project, rng('customer'), 30);
  for (const c of customers) put(`customer/${c.id}`, customerDoc(c));
  putAll('customer-credit', buildCustomerCredits(customers, rng('customer-credit')));
  putAll('customer-segment', buildCustomerSegments(customers));
  putAll('email-template', buildEmailTemplates(project));
  const campaigns = buildCampaigns(project, products);
  putAll('campaign-email', campaigns['campaign-email']);
  putAll('campaign-whatsapp', campaigns['campaign-whatsapp']);
  putAll('whatsapp-template', buildWhatsappTemplates(project));
  putAll('task', buildTasks(project));
  putAll('rating-store', buildRatings(project, customers, products, rng('rating-store')));
  putAll('link', buildLinks(project));
  putAll('search-redirect', buildSearchRedirects());
  putAll('carrier-pricing', buildCarrierPricing(project));
  putAll('shipping-quote', buildShippingQuotes(project, customers, products, rng('shipping-quote'), project === 'main' ? 16 : 10));
  putAll('popup-lead', buildPopupLeads(project, customers, rng('popup-lead'), project === 'main' ? 14 : 8));
  putAll('product-type', buildProductTypes());
  putAll('customer-event', buildCustomerEvents(project, customers, products, rng('customer-event'), eventCount));
  putAll('config', buildConfig(project, rng('config')));
  // Issue 15: orders (a minimal entity of our own), conversations, e-mail preferences, a gift campaign.
  putAll('order', buildOrders(project, customers, products, rng('order')));
  putAll('conversation', buildConversations(customers, rng('conversation')));
  putAll('campaign-email-preference', buildEmailPreferences(customers));
  putAll('product-gift', buildGiftCampaigns(products));

  if (project === 'main') {
    const staff = USERS[1];
    const changeRng = rng('product-data-changelog');
    const changes = [
      ['Price', 'Ajuste para igualar concorrente no Mercado Livre'],
      ['PriceCompare', 'Preço "de" atualizado conforme tabela do fabricante'],
      ['Options.isFreeShipping', 'Campanha de frete grátis aprovada pelo comercial'],
      ['PriceInstallments', 'Parcelado igual ao à vista durante a Black Friday'],
    ];
    changes.forEach(([field, about], i) => {
      const p = products[i * 17 + 3];
      const from = field === 'Options.isFreeShipping' ? p.Options.isFreeShipping : p[field];
      const to = field === 'Options.isFreeShipping' ? !from : from === null ? price90(p.Price * 1.05) : price90(from * 0.95);
      put(`product-data-changelog/${changeRng.autoId()}`, {
        ProductCode: p.ProductCode,
        field,
        from,
        to,
        about,
        createdBy: { id: staff.uid, email: staff.email, displayName: staff.displayName, phoneNumber: null, claims: staff.claims },
        createdAt: ts(NOW - (4 - i) * DAY - changeRng.int(1, 600) * MINUTE),
      });
    });
  }
  return docs;
}

/**
 * Orders: the seeds define none, so a minimal entity of our own (README, 'Customer links'):
 * project/{p}/order/{id} = {id, customerId, customerEmail, status, total (BRL), items [{sku, name,
 * qty, price}], createdAt}. Two thirds of the customers have 1–4 orders over the last year.
 */
const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];
function buildOrders(project, customers, products, rng) {
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

function buildConversations(customers, rng) {
  const docs = {};
  for (const customer of customers.slice(0, 5)) docs[rng.autoId()] = { customerId: customer.id, createdAt: ts(NOW - rng.int(1, 20) * DAY) };
  return docs;
}

/** One unsubscribed customer and one competitor address, so segment reports show who is left out and why. */
function buildEmailPreferences(customers) {
  const unsubscribed = customers[1].email;
  return {
    [unsubscribed]: { id: unsubscribed, email: unsubscribed, unsubscribed: true, competitor: false, unsubscribedAt: at('2026-10-15T14:00:00Z'), createdAt: at('2026-10-15T14:00:00Z') },
    'compras@lojarival.com.br': { id: 'compras@lojarival.com.br', email: 'compras@lojarival.com.br', unsubscribed: false, competitor: true, unsubscribedAt: null, createdAt: at('2026-08-01T12:00:00Z') },
  };
}

function buildGiftCampaigns(products) {
  const withPrice = products.filter((p) => p.Price > 300);
  const cheap = products.filter((p) => p.Price > 0 && p.Price < 80);
  return {
    'natal-2026': {
      name: 'Natal 2026 — brindes',
      description: 'Compras acima de R$ 300 das linhas selecionadas levam um acessório.',
      rules: [
        { description: 'Panelas e conjuntos', products: withPrice.slice(0, 4).map((p) => p.ProductCode), gifts: [`${cheap[0].ProductCode},1`] },
        { description: 'Linha premium', products: withPrice.slice(4, 6).map((p) => p.ProductCode), gifts: [`${cheap[1].ProductCode},1`, `${cheap[2].ProductCode},2`] },
      ],
      createdAt: at('2026-11-01T12:00:00Z'),
      updatedAt: at('2026-11-15T12:00:00Z'),
    },
  };
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  }
  return value;
}

function build() {
  const docs = {};
  for (const [id, p] of Object.entries(PROJECTS)) docs[`project/${id}`] = { name: p.name, domains: p.domains };
  Object.assign(docs, buildStore('main', 150), buildStore('cookstore', 80), buildCdlbox());
  for (const path of Object.keys(docs)) {
    if (path.split('/').length % 2 !== 0) throw new Error(`not a document path: ${path}`);
  }
  return sortKeys(docs);
}

const firestore = build();
mkdirSync(OUT_DIR, { recursive: true });
// One document per line: stable, reviewable diffs at a fraction of the size of full indentation.
const lines = Object.entries(firestore).map(([path, data]) => `  ${JSON.stringify(path)}: ${JSON.stringify(data)}`);
writeFileSync(join(OUT_DIR, 'firestore.json'), `{\n${lines.join(',\n')}\n}\n`);
writeFileSync(join(OUT_DIR, 'users.json'), `${JSON.stringify(USERS, null, 2)}\n`);

const count = (prefix) => Object.keys(firestore).filter((p) => p.startsWith(prefix) && p.split('/').length === 4).length;
console.log(
  `seed: ${Object.keys(firestore).length} documents; products main=${count('project/main/product/')}, ` +
    `cookstore=${count('project/cookstore/product/')}, cdlbox=${count('project/cdlbox/product/')}; users=${USERS.length}`,
);
