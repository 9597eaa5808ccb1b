import { timingSafeEqual } from 'node:crypto';

/** Two secrets compared in constant time (for equal lengths). */
export function safeEqualText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
