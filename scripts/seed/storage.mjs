// Demo seed (storage.mjs): the seed's files, served by the local stack's Storage emulator. Every
// file a seeded record points at (product photos, category and banner pictures, brand logos, the
// coupon seal, a task's attachments) is an object of the emulator's bucket, read through a
// Firebase download URL with its token, so the demo shows its pictures offline. The pictures are
// SVG drawn from the file's title (a few hundred bytes each, made here, no binary in the repository).
import { createHash } from 'node:crypto';
/** @import { Docs } from './types.js' */

/**
 * The default stack's Storage emulator and bucket (firebase.json's storage port, .firebaserc's
 * project; scripts/seed/seed.test.mjs checks both). A stack on another port offset (the tests')
 * rewrites this prefix to its own when it loads the seed (scripts/lib/seed.mjs).
 */
export const SEED_STORAGE_ORIGIN = 'http://127.0.0.1:9199';
export const SEED_BUCKET = 'demo-console.appspot.com';
export const SEED_STORAGE_PREFIX = `${SEED_STORAGE_ORIGIN}/v0/b/${SEED_BUCKET}/o/`;

/** A download token per path, stable from run to run (no random draw: the seed's other values stay as they were). */
function tokenFor(/** @type {string} */ filePath) {
  const hex = createHash('sha256').update(`seed-file:${filePath}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The Firebase download URL of a seeded file on the default stack. @param {string} filePath */
export function seedFileUrl(filePath) {
  return `${SEED_STORAGE_PREFIX}${encodeURIComponent(filePath)}?alt=media&token=${tokenFor(filePath)}`;
}

/** @param {string} text */
const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A coordinate with one decimal at most. @param {number} x */
const n = (x) => Math.round(x * 10) / 10;

/** @param {string} text */
function hue(text) {
  const digest = createHash('sha256').update(text).digest();
  return digest.readUInt16BE(0) % 360;
}

/**
 * The title in lines of at most `width` characters, at most `max` lines (the last one cut with '…').
 * @param {string} text @param {number} width @param {number} max
 */
function wrap(text, width, max) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1].slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/**
 * A picture for a seeded file: a soft gradient in a colour of its own, a simple shape by kind
 * (a product on a plate, a logo's initials, a banner's headline) and its title.
 * @param {{ filePath: string, title: string, width: number, height: number, folder: string }} file
 */
export function seedPicture({ filePath, title, width, height, folder }) {
  const h = hue(filePath);
  const w = width;
  const ht = height;
  const small = Math.min(w, ht);
  const bg = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},55%,94%)"/><stop offset="1" stop-color="hsl(${h},45%,80%)"/></linearGradient></defs><rect width="${w}" height="${ht}" fill="url(#g)"/>`;
  const ink = `hsl(${h},45%,24%)`;
  let art = '';
  /** @type {string[]} */
  let lines;
  let fontSize;
  let firstLineY;
  if (folder === 'brand') {
    const initials = title
      .split(/[\s—-]+/)
      .filter((word) => /^\p{Lu}/u.test(word))
      .slice(0, 2)
      .map((word) => word[0])
      .join('');
    art = `<circle cx="${n(w / 2)}" cy="${n(ht / 2)}" r="${n(small * 0.36)}" fill="hsl(${h},50%,40%)"/><text x="${n(w / 2)}" y="${n(ht / 2)}" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${Math.round(small * 0.3)}" fill="#fff">${escapeXml(initials || '•')}</text>`;
    lines = [];
    fontSize = 0;
    firstLineY = 0;
  } else if (w / ht >= 2) {
    // Banners and seals: the title is the picture.
    fontSize = Math.round(Math.min(ht * 0.28, (w * 1.6) / Math.max(12, title.length)));
    lines = wrap(title, Math.max(8, Math.floor(w / (fontSize * 0.55))), 2);
    firstLineY = ht / 2 - ((lines.length - 1) * fontSize * 1.2) / 2;
  } else {
    // A product (or category) on a plate, its name below.
    const r = small * 0.22;
    art =
      `<ellipse cx="${n(w / 2)}" cy="${n(ht * 0.58)}" rx="${n(r * 1.5)}" ry="${n(r * 0.35)}" fill="hsl(${h},35%,60%)" opacity="0.45"/>` +
      `<circle cx="${n(w / 2)}" cy="${n(ht * 0.4)}" r="${n(r)}" fill="hsl(${h},50%,48%)"/>` +
      `<circle cx="${n(w / 2 - r * 0.35)}" cy="${n(ht * 0.4 - r * 0.35)}" r="${n(r * 0.28)}" fill="#fff" opacity="0.35"/>`;
    fontSize = Math.round(small * 0.055);
    lines = wrap(title, 26, 3);
    firstLineY = ht * 0.72;
  }
  const text = lines
    .map(
      (line, i) =>
        `<text x="${n(w / 2)}" y="${Math.round(firstLineY + i * fontSize * 1.2)}" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="600" font-size="${fontSize}" fill="${ink}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}" role="img" aria-label="${escapeXml(title)}">${bg}${art}${text}</svg>\n`;
}

/** @typedef {{ contentType: string, token: string, body: string }} SeedObject */

/**
 * Every object the seed's records point at, by path: the file objects (with their title and size)
 * and the plain links to seeded files (a task's attachments). A link's object is made from its
 * name when no file object describes it.
 * @param {Docs} docs the seed's documents by path
 * @returns {Record<string, SeedObject>}
 */
export function seedStorageObjects(docs) {
  /** @type {Map<string, { title: string, type: string, width: number, height: number }>} */
  const described = new Map();
  /** @type {Set<string>} */
  const linked = new Set();
  /** @param {unknown} value */
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith(SEED_STORAGE_PREFIX)) linked.add(decodeURIComponent(value.slice(SEED_STORAGE_PREFIX.length).split('?')[0]));
      return;
    }
    if (Array.isArray(value)) return value.forEach(visit);
    if (value && typeof value === 'object') {
      const record = /** @type {Record<string, unknown>} */ (value);
      if (typeof record.filePath === 'string' && typeof record.url === 'string' && record.url.startsWith(SEED_STORAGE_PREFIX)) {
        described.set(record.filePath, {
          title: String(record.title ?? record.filename ?? record.filePath),
          type: String(record.type ?? 'application/octet-stream'),
          width: Number(record.width ?? 1000),
          height: Number(record.height ?? 1000),
        });
      }
      Object.values(record).forEach(visit);
    }
  };
  visit(docs);
  /** @type {Record<string, SeedObject>} */
  const objects = {};
  for (const filePath of [...new Set([...described.keys(), ...linked])].sort()) {
    const folder = filePath.split('/')[2] ?? '';
    const file = described.get(filePath);
    const name = filePath.split('/').pop() ?? filePath;
    if (file?.type.startsWith('image/') || /\.svg$/.test(name)) {
      const title = file?.title ?? name;
      objects[filePath] = {
        contentType: 'image/svg+xml',
        token: tokenFor(filePath),
        body: seedPicture({ filePath, title, width: file?.width ?? 1000, height: file?.height ?? 1000, folder }),
      };
    } else {
      objects[filePath] = { contentType: contentTypeOf(name), token: tokenFor(filePath), body: attachmentText(name) };
    }
  }
  return objects;
}

/** @param {string} name */
function contentTypeOf(name) {
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xls')) return 'application/vnd.ms-excel';
  if (name.endsWith('.pdf')) return 'application/pdf';
  return 'text/plain';
}

/** A small attachment: a table the spreadsheet programs open (tab-separated for the .xls Excel reads as text). @param {string} name */
function attachmentText(name) {
  const separator = name.endsWith('.xls') ? '\t' : ';';
  return [
    ['codigo', 'descricao', 'quantidade'],
    ['1012345', 'Cuba inox 40x34', '12'],
    ['1012346', 'Cuba inox 50x40', '7'],
  ]
    .map((row) => row.join(separator))
    .join('\n')
    .concat('\n');
}
