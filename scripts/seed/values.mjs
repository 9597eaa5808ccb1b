// Demo seed (values.mjs): the demo's fixed "now", time units and small value builders (timestamps, prices, documents ids, file objects, condition objects).
/** @import { ConditionValue, ListItem, OperatorType } from '@console/shared' */
/** @import { Rng } from './random.mjs' */
import { seedFileUrl, seedPicture } from './storage.mjs';
/** @import { Cond, Timestamp } from './types.js' */

export const NOW = Date.parse('2026-11-22T00:00:00.000Z');
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** @type {(ms: number) => Timestamp} */
export const ts = (ms) => ({ __timestamp: new Date(Math.round(ms)).toISOString() });
/** @param {string} iso */
export const at = (iso) => ts(Date.parse(iso));
/** @param {number} x */
export const round2 = (x) => Math.round(x * 100) / 100;
/** Store-style price: ends in ,90. @param {number} x */
export const price90 = (x) => Math.max(0.9, Math.floor(x) + 0.9);
/** @param {number | string} n */
export const br = (n) => String(n).replace('.', ',');

/** @param {string} text */
export function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** @param {string} first12 */
export function ean13(first12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** @param {Rng} rng */
export function cpf(rng) {
  const d = rng.digits(9).split('').map(Number);
  if (d.every((x) => x === d[0])) d[8] = (d[8] + 1) % 10;
  /** @param {number[]} list */
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

/** @param {Rng} rng */
export function cnpj(rng) {
  const d = (rng.digits(8) + '0001').split('').map(Number);
  /** @param {number[]} list @param {number[]} weights */
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

/**
 * A stored file object (document 1 §3 'File object'), its object in the local Storage emulator
 * (storage.mjs makes it and its download URL). Pictures are SVG drawn from the title, whatever
 * format the field usually holds (a product photo, a PNG seal), so the demo needs no binary files.
 * @param {Rng} rng
 * @param {{ project: string, folder: string, name: string, title: string, width?: number, height?: number, type?: string, uniqueName?: boolean }} file
 */
export function fileObject(rng, { project, folder, name, title, width = 1000, height = 1000, type = 'image/svg+xml', uniqueName = false }) {
  const id = rng.autoId();
  const storedType = type.startsWith('image/') ? 'image/svg+xml' : type;
  const ext = { 'application/pdf': 'pdf', 'image/svg+xml': 'svg' }[storedType] ?? 'bin';
  const filename = `${name}.${ext}`;
  // Names already unique (product images are named by product code) need no id in the path.
  const filePath = `project/${project}/${folder}/${uniqueName ? '' : `${id}-`}${filename}`;
  // The draw that used to give a made-up size, kept so the seed's later values stay as they were.
  const madeUpSize = rng.int(40_000, 420_000);
  const size = storedType === 'image/svg+xml' ? Buffer.byteLength(seedPicture({ filePath, title, width, height, folder }), 'utf8') : madeUpSize;
  /** @type {{ id: string, url: string, filename: string, title: string, type: string, size: number, isPublic: boolean, filePath: string, width?: number, height?: number }} */
  const file = {
    id,
    url: seedFileUrl(filePath),
    filename,
    title,
    type: storedType,
    size,
    isPublic: true,
    filePath,
  };
  if (storedType.startsWith('image/')) Object.assign(file, { width, height });
  return file;
}

/**
 * Condition object (document 1 §3): { map: tree, sql }. Tree nodes are { type, value } leaves
 * (field, string, numeric, list) and { type, params } operators (AND, =, >=, IN, IS NULL, ...).
 */
export const cond = {
  /** @param {string} name @returns {Cond} */
  field: (name) => ({ node: { type: 'field', value: name }, sql: name }),
  /** @param {string} value @returns {Cond} */
  str: (value) => ({ node: { type: 'string', value }, sql: `'${value.replace(/'/g, "''")}'` }),
  /** @param {number} value @returns {Cond} */
  num: (value) => ({ node: { type: 'numeric', value }, sql: String(value) }),
  /** @param {ListItem[]} values @returns {Cond} */
  list: (values) => ({
    node: { type: 'list', value: values },
    sql: `(${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(', ')})`,
  }),
  /** @param {OperatorType} type @param {Cond} a @param {Cond} b @returns {Cond} */
  op(type, a, b) {
    return { node: { type, params: [a.node, b.node] }, sql: `${a.sql} ${type} ${b.sql}` };
  },
  /** @param {Cond} a @returns {Cond} */
  isNull: (a) => ({ node: { type: 'IS NULL', params: [a.node] }, sql: `${a.sql} IS NULL` }),
  /** @param {'AND' | 'OR'} type @param {Cond[]} parts @returns {Cond} */
  join(type, ...parts) {
    if (parts.length === 1) return parts[0];
    return {
      node: { type, params: parts.map((p) => p.node) },
      sql: parts.map((p) => (p.node.type === 'AND' || p.node.type === 'OR' ? `(${p.sql})` : p.sql)).join(` ${type} `),
    };
  },
  /** @param {Cond[]} parts @returns {Cond} */
  and: (...parts) => cond.join('AND', ...parts),
  /** @param {Cond} c @returns {ConditionValue} */
  toDoc: (c) => ({ map: c.node, sql: c.sql }),
};
