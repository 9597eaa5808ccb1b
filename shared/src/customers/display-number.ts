/**
 * The number operators call a customer by (spec document 2 §3: "derived from the id by a hash,
 * modulo 100000, plus 1"), so 1..100000. The spec does not name the hash; we use 32-bit FNV-1a
 * over the id's UTF-16 code units: stable across browsers, Node and releases, and cheap.
 * Changing it would renumber every customer, so it is pinned by tests.
 */
export const CUSTOMER_DISPLAY_NUMBER_MODULUS = 100_000;

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a of a string, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    // Math.imul keeps the multiplication in 32 bits, as the algorithm requires.
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** The customer's display number: fnv1a32(id) mod 100000, plus 1. */
export function customerDisplayNumber(customerId: string): number {
  return (fnv1a32(customerId) % CUSTOMER_DISPLAY_NUMBER_MODULUS) + 1;
}
