import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import { describe, expect, it } from 'vitest';
import { allFlagImages, flagImage, flagUrl, sanitiseFlagSvg } from './flag-images.ts';

const countries = createRequire(import.meta.url)('world-countries/countries.json') as Country[];
const CODES = new Set(countries.flatMap((c) => [c.cca2, c.cca3].map((code) => code.toLowerCase())));

describe('flag images as served', () => {
  it('removes the code-bearing ids and keeps internal references working', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" id="flag-icons-pl" viewBox="0 0 640 480"><defs><clipPath id="pl-a"><path d="M0 0h640v480H0z"/></clipPath></defs><g clip-path="url(#pl-a)"><use href="#pl-a" fill="#dc143c"/></g></svg>';
    expect(sanitiseFlagSvg(svg, 'PL')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><defs><clipPath id="f-a"><path d="M0 0h640v480H0z"/></clipPath></defs><g clip-path="url(#f-a)"><use href="#f-a" fill="#dc143c"/></g></svg>',
    );
  });

  it('no served SVG carries a country code in an id or reference, and every name is a hash', () => {
    const images = allFlagImages();
    expect(images.length).toBeGreaterThan(240);
    for (const image of images) {
      expect(image.svg).not.toContain('flag-icons');
      for (const [, code] of image.svg.matchAll(/(?:id="|#)([a-z]{2,3})-/g)) expect(CODES.has(code!), `${image.cca2}: ${code}`).toBe(false);
      expect(image.fileName).toMatch(/^[0-9a-f]{16}\.svg$/);
    }
  });

  it('names a flag by its content: stable, and different flags get different names', () => {
    expect(flagUrl('pl')).toBe(flagUrl('PL'));
    expect(flagUrl('pl')).toMatch(/^\/flags\/[0-9a-f]{16}\.svg$/);
    expect(flagUrl('pl')).not.toBe(flagUrl('id'));
    expect(flagImage('td').fileName).not.toBe(flagImage('ro').fileName);
  });
});
