// Demo seed (random.mjs): deterministic randomness: one seeded stream per section, so editing one section does not reshuffle the others.

/** @param {string} text */
function hashString(text) {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  /** @param {string} stream */
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
  /** @param {number} min @param {number} max */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** @param {number} min @param {number} max */
  float(min, max) {
    return min + this.next() * (max - min);
  }
  /** @param {number} p */
  chance(p) {
    return this.next() < p;
  }
  /**
   * @template T
   * @param {readonly T[]} list
   * @returns {T}
   */
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  /**
   * pairs: [[value, weight], ...]
   * @template T
   * @param {readonly (readonly [T, number])[]} pairs
   * @returns {T}
   */
  weighted(pairs) {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r < 0) return value;
    }
    return pairs[pairs.length - 1][0];
  }
  /**
   * @template T
   * @param {readonly T[]} list
   * @returns {T[]}
   */
  shuffle(list) {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
  /**
   * @template T
   * @param {readonly T[]} list
   * @param {number} n
   * @returns {T[]}
   */
  sample(list, n) {
    return this.shuffle(list).slice(0, n);
  }
  /** @param {number} n */
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
  /** @param {number} n */
  hex(n) {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(0, 15)];
    return s;
  }
}
