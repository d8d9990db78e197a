import { describe, expect, it } from 'vitest';
import { fnv1a32, fnv1a32Hex, mulberry32, seededRandom } from './hashing.ts';

const utf8Reference = (text: string) => {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

describe('fnv1a32', () => {
  it.each([
    ['', 0x811c9dc5, '811c9dc5'],
    ['a', 0xe40c292c, 'e40c292c'],
    ['foobar', 0xbf9cf968, 'bf9cf968'],
    ['geo-capital-fra', 3180952521, 'bd997bc9'],
  ])('hashes %j to its FNV-1a value (the first three are the published test vectors)', (text, value, hex) => {
    expect(fnv1a32(text)).toBe(value);
    expect(fnv1a32Hex(text)).toBe(hex);
  });

  it('hashes the UTF-8 bytes of any text: accents, astral characters, a lone surrogate', () => {
    expect(fnv1a32Hex('é')).toBe('1e9de8c1');
    for (const text of ['Zürich', 'São Tomé', '北京', 'a😀b', 'x\ud800y', '\udc00']) expect(fnv1a32(text)).toBe(utf8Reference(text));
  });
});

describe('mulberry32 and seededRandom', () => {
  it('draws the known sequence of seed 1', () => {
    const next = mulberry32(1);
    expect([next(), next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('draws a day’s sequence from its id, the same every time', () => {
    const next = seededRandom('2026-11-23-beginner');
    expect([next(), next(), next()]).toEqual([0.04324361775070429, 0.5475594773888588, 0.9066447934601456]);
    const take = (seed: string) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take('2026-11-23-beginner')).not.toEqual(take('2026-11-24-beginner'));
    expect(take('x').every((n) => n >= 0 && n < 1)).toBe(true);
  });
});
