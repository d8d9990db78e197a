/**
 * Hashing and seeded randomness that give the same answer in every runtime (Lambda, the
 * browser, a test): a cache key, a day's questions, a generated question's distractors.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const UTF8 = new TextEncoder();

/**
 * FNV-1a, 32 bits, over the UTF-8 bytes of `text`, as an unsigned integer. ASCII is hashed
 * a character at a time (its byte is its code), so the seeds and ids of the hot paths
 * allocate nothing; anything else is encoded first.
 */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      hash = Math.imul(hash ^ unit, FNV_PRIME);
      continue;
    }
    const codePoint = text.codePointAt(i)!;
    if (codePoint > 0xffff) i++; // the pair's second half is in this code point
    for (const byte of UTF8.encode(String.fromCodePoint(codePoint))) hash = Math.imul(hash ^ byte, FNV_PRIME);
  }
  return hash >>> 0;
}

/** fnv1a32 as 8 hex digits: a short fingerprint. */
export const fnv1a32Hex = (text: string): string => fnv1a32(text).toString(16).padStart(8, '0');

/** mulberry32: a small, fast generator of floats in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A repeatable sequence from a text seed: the same however often, and wherever, it is drawn. */
export const seededRandom = (seed: string): (() => number) => mulberry32(fnv1a32(seed));
