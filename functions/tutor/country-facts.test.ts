import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import { describe, expect, it } from 'vitest';
import { answerCountryQuestion, countryQuestion } from '#shared/tutor/country-facts.ts';
import { countryChunks } from '../knowledge/material.ts';
import { factsFromChunks } from './country-facts.ts';

/**
 * The facts read back from the knowledge base's fact sheets are the world-countries data the
 * sheets were written from, for every country: the template and the parser cannot drift apart.
 */
const countries = createRequire(import.meta.url)('world-countries/countries.json') as Country[];
const facts = factsFromChunks(countryChunks());
const byCode = new Map(facts.map((f) => [f.code, f]));
const names = new Map(countries.map((c) => [c.cca3, c.name.common]));

describe('country facts from the fact sheets', () => {
  it('one set of facts per country', () => {
    expect(facts).toHaveLength(countries.length);
  });

  it.each(countries.map((c) => [c.name.common, c] as const))('%s: capital, currencies, languages, borders, area, region, coast', (_name, c) => {
    const f = byCode.get(c.cca3.toLowerCase())!;
    expect(f.name).toBe(c.name.common);
    expect(f.capitals).toEqual(c.capital);
    expect(f.currencies).toEqual(Object.values(c.currencies ?? {}).map((x) => x.name));
    expect(f.languages).toEqual(Object.values(c.languages ?? {}));
    expect(f.borders).toEqual(c.borders.map((b) => names.get(b)).filter(Boolean));
    expect(f.area).toBe(c.area > 0 ? Math.round(c.area) : null);
    expect(f.region).toBe(c.region);
    expect(f.subregion).toBe(c.subregion || null);
    expect(f.landlocked).toBe(c.landlocked);
    expect(f.independent).toBe(Boolean(c.independent));
  });
});

describe('country questions answered from the real sheets', () => {
  const answer = (q: string) => {
    const question = countryQuestion(q, facts);
    return question ? answerCountryQuestion(question, facts).map((s) => s.text).join(' ') : undefined;
  };

  it.each([
    ['What is the capital city of Canada?', 'The capital of Canada is Ottawa.'],
    ['What is the largest country in the world by area?', 'Russia is the largest country in the world by area'],
    ["What's the second biggest country on Earth?", 'Canada is the second largest country in the world by area'],
    ['What is the smallest country in the world?', 'Vatican City is the smallest country in the world'],
    ['What is the largest country in Africa?', 'Algeria is the largest country in Africa'],
    ['Which is the largest landlocked country?', 'Kazakhstan is the largest landlocked country'],
    ['Which country has the most neighbours?', 'China and Russia share land borders with more countries than any other: 14 each.'],
    ['How many countries border Germany?', 'Germany shares land borders with 9 countries'],
    ['Which country is almost completely surrounded by Senegal?', 'Gambia shares a land border with Senegal only.'],
    ['What is the capital of Turkey?', 'The capital of Türkiye is Ankara.'],
    ['Which countries border Bosnia and Herzegovina?', 'Bosnia and Herzegovina shares land borders with Croatia, Montenegro and Serbia.'],
  ])('%s', (q, expected) => {
    expect(answer(q)).toContain(expected);
  });
});
