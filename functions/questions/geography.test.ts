import countries, { type Country } from 'world-countries';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '#shared/constants.ts';
import { bankQuestionSchema, type BankQuestion } from '#shared/quiz/question.ts';
import { flagUrl } from './flag-images.ts';
import { GEOGRAPHY_TOPICS, generateGeographyQuestions, refusedCurrencyOptions } from './geography.ts';
import { CURRENCY_ALSO_KNOWN, LANGUAGE_QUESTIONS } from './geography-tiers.ts';

const questions = generateGeographyQuestions();
const all = countries as Country[];
const byName = new Map(all.map((c) => [c.name.common, c]));
const byCode = new Map(all.map((c) => [c.cca3, c]));

/** The country a question is about, from the cca3 in its id (geo-exp-border-aut-1 → AUT). */
function subjectOf(q: BankQuestion, kind: string): Country {
  const match = new RegExp(`^geo-[a-z]+-${kind}-(?:[a-z]+-)?([a-z]{3})(?:-\\d+)?$`).exec(q.id);
  const country = match ? byCode.get(match[1]!.toUpperCase()) : undefined;
  if (!country) throw new Error(`no country in ${q.id}`);
  return country;
}
const country = (name: string): Country => {
  const c = byName.get(name);
  if (!c) throw new Error(`unknown country ${name}`);
  return c;
};
const ofKind = (kind: string) => questions.filter((q) => q.id.includes(`-${kind}-`));
const get = (id: string) => {
  const q = questions.find((x) => x.id === id);
  if (!q) throw new Error(`missing ${id}`);
  return q;
};
const wrong = (q: BankQuestion) => q.options.filter((o) => o !== q.correct_answer);

describe('generateGeographyQuestions: shape', () => {
  it('every question parses with bankQuestionSchema unchanged', () => {
    for (const q of questions) expect(bankQuestionSchema.parse(q)).toEqual(q);
  });

  it('has at least 60 questions per level', () => {
    for (const level of LEVELS) expect(questions.filter((q) => q.level === level).length).toBeGreaterThanOrEqual(60);
  });

  it('has unique ids whose prefix matches the level', () => {
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    const prefix = { beginner: 'geo-beg-', advanced: 'geo-adv-', expert: 'geo-exp-' } as const;
    for (const q of questions) expect(q.id.startsWith(prefix[q.level])).toBe(true);
  });

  it('has 4 distinct options with the correct answer among them', () => {
    for (const q of questions) {
      expect(q.options).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(q.options).toContain(q.correct_answer);
    }
  });

  it('uses only the known topics and the geography subject', () => {
    for (const q of questions) {
      expect(GEOGRAPHY_TOPICS).toContain(q.topic);
      expect(q.subject).toBe('geography');
    }
  });

  it('is deterministic', () => {
    expect(generateGeographyQuestions()).toEqual(questions);
  });

  it('never gives the answer away in the question text', () => {
    for (const q of questions) expect(q.question.toLowerCase()).not.toContain(q.correct_answer.toLowerCase());
  });

  it('spreads the correct answer across positions, overall and per level', () => {
    const groups = [questions, ...LEVELS.map((level) => questions.filter((q) => q.level === level))];
    for (const group of groups) {
      const counts = [0, 0, 0, 0];
      for (const q of group) counts[q.options.indexOf(q.correct_answer)]!++;
      for (const count of counts) {
        expect(count / group.length).toBeGreaterThanOrEqual(0.15);
        expect(count / group.length).toBeLessThanOrEqual(0.35);
      }
    }
  });

  it('only names UN member states (Vatican City excluded) as countries', () => {
    const countryValued = questions.filter((q) => ['flags', 'borders', 'areas'].includes(q.topic) || /-currency-[a-z]{3,4}-[a-z]{3}$/.test(q.id));
    expect(countryValued.length).toBeGreaterThan(100);
    for (const q of countryValued) {
      for (const option of q.options) {
        const c = country(option);
        expect(c.unMember).toBe(true);
        expect(c.cca3).not.toBe('VAT');
      }
    }
  });
});

describe('generateGeographyQuestions: flags', () => {
  const flags = questions.filter((q) => q.topic === 'flags');

  it('are image questions whose SVG is served under a content hash', () => {
    expect(flags.length).toBeGreaterThan(100);
    for (const q of questions) {
      if (q.image_url === null) {
        expect(q.question_type).toBe('text');
        continue;
      }
      expect(q.question_type).toBe('image');
      expect(q.image_url).toMatch(/^\/flags\/[0-9a-f]{16}\.svg$/);
      expect(q.image_caption).toBeTruthy();
    }
  });

  it('show the flag of the correct answer', () => {
    for (const q of flags) expect(q.image_url).toBe(flagUrl(country(q.correct_answer).cca2));
    expect(new Set(flags.map((q) => q.image_url)).size).toBe(flags.length);
  });

  it('never offer a look-alike flag (Chad / Romania, Indonesia / Monaco)', () => {
    expect(get('geo-exp-flag-tcd').options).not.toContain('Romania');
    expect(get('geo-adv-flag-rou').options).not.toContain('Chad');
    expect(get('geo-beg-flag-idn').options).not.toContain('Monaco');
  });
});

describe('generateGeographyQuestions: facts', () => {
  it('asks beginners for the capital of France: Paris', () => {
    const q = get('geo-beg-capital-fra');
    expect(q.level).toBe('beginner');
    expect(q.topic).toBe('capitals');
    expect(q.correct_answer).toBe('Paris');
  });

  it('answers every capital question with the data capital, and offers no other real one', () => {
    const capitals = ofKind('capital');
    expect(capitals.length).toBeGreaterThan(150);
    for (const q of capitals) {
      const c = subjectOf(q, 'capital');
      expect(c.capital).toEqual([q.correct_answer]);
      for (const option of wrong(q)) expect(c.capital).not.toContain(option);
    }
  });

  it('skips countries with several or disputed capitals', () => {
    for (const code of ['zaf', 'bol', 'swz']) expect(questions.some((q) => q.id.endsWith(`-capital-${code}`))).toBe(false);
  });

  it('places countries on the right continent', () => {
    expect(get('geo-beg-continent-bra').correct_answer).toBe('South America');
    expect(get('geo-beg-continent-jpn').correct_answer).toBe('Asia');
    expect(get('geo-beg-continent-can').correct_answer).toBe('North America');
    expect(get('geo-beg-continent-aus').correct_answer).toBe('Oceania');
    expect(questions.some((q) => q.id === 'geo-beg-continent-rus')).toBe(false);
  });

  it('answers subregion questions with the data subregion', () => {
    for (const q of ofKind('subregion')) expect(q.correct_answer).toBe(subjectOf(q, 'subregion').subregion);
    expect(get('geo-adv-subregion-ken').correct_answer).toBe('Eastern Africa');
  });

  it('offers a true neighbour and three non-neighbours in border questions', () => {
    const borders = ofKind('border');
    expect(borders.length).toBeGreaterThan(40);
    for (const q of borders) {
      const c = subjectOf(q, 'border');
      const answer = country(q.correct_answer);
      expect(c.borders).toContain(answer.cca3);
      expect(answer.borders).toContain(c.cca3);
      for (const option of wrong(q)) {
        const other = country(option);
        expect(c.borders).not.toContain(other.cca3);
        expect(other.borders).not.toContain(c.cca3);
      }
    }
    // Austria really borders Germany; France's Saint Martin border with the Netherlands is never a trap.
    expect(byCode.get('AUT')!.borders).toContain('DEU');
    for (const q of borders.filter((x) => x.id.startsWith('geo-exp-border-fra-'))) expect(q.options).not.toContain('Netherlands');
  });

  it('makes the largest/smallest answer right, with areas at least 15% apart', () => {
    const areas = ofKind('area');
    expect(areas.length).toBeGreaterThan(20);
    for (const q of areas) {
      const sizes = q.options.map((o) => country(o).area).sort((a, b) => a - b);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]! / sizes[i - 1]!).toBeGreaterThanOrEqual(1.15);
      const answerArea = country(q.correct_answer).area;
      expect(answerArea).toBe(q.question.includes('largest') ? sizes[3] : sizes[0]);
    }
  });

  it('answers currency questions with the unit of the data currency, and never with a shared one', () => {
    const single = questions.filter((q) => /-currency-[a-z]{3}$/.test(q.id));
    expect(single.length).toBeGreaterThan(40);
    for (const q of single) {
      const c = subjectOf(q, 'currency');
      const currencies = Object.values(c.currencies);
      expect(currencies).toHaveLength(1);
      expect(currencies[0]!.name.toLowerCase()).toContain(q.correct_answer.toLowerCase());
      for (const option of wrong(q)) expect(currencies[0]!.name.toLowerCase().split(/\s+/)).not.toContain(option.toLowerCase());
    }
    expect(get('geo-adv-currency-jpn').correct_answer).toBe('Yen');
    expect(questions.some((q) => q.id === 'geo-adv-currency-fra')).toBe(false);
  });

  it('makes exactly one option use the shared currency in "which country uses" questions', () => {
    const unions = questions.filter((q) => /-currency-(euro|xof|xaf|xcd|usd)-[a-z]{3}$/.test(q.id));
    expect(unions.length).toBeGreaterThan(10);
    const codes: Record<string, string> = { euro: 'EUR', xof: 'XOF', xaf: 'XAF', xcd: 'XCD', usd: 'USD' };
    for (const q of unions) {
      const code = codes[q.id.split('-')[3]!]!;
      expect(Object.keys(country(q.correct_answer).currencies)).toContain(code);
      for (const option of wrong(q)) expect(Object.keys(country(option).currencies)).not.toContain(code);
    }
  });

  it.each([
    ['LBN', ['Lira', 'Dollar']],
    ['SYR', ['Lira']],
    ['HTI', ['Haitian dollar', 'Dollar']],
    ['VEN', ['Dollar']],
    ['SRB', ['Euro']],
    ['JPN', []],
  ])('refuses as wrong answers for %s the other names and currencies in common use: %j', (cca3, refused) => {
    expect(refusedCurrencyOptions(cca3)).toEqual(refused);
  });

  it('never offers another name of the currency, or a currency in common use there, as a wrong answer', () => {
    const single = questions.filter((q) => /-currency-[a-z]{3}$/.test(q.id));
    const norm = (t: string) => t.toLowerCase();
    for (const q of single) {
      const refused = refusedCurrencyOptions(subjectOf(q, 'currency').cca3).flatMap((r) => [norm(r), ...norm(r).split(/\s+/)]);
      for (const option of wrong(q)) expect(refused, `${q.id}: ${option}`).not.toContain(norm(option));
    }
    // The cases the check was written for (Lebanon offered "Lira" beside "Pound"; "Dollar" for Haiti and Venezuela).
    expect(get('geo-exp-currency-lbn').options).not.toContain('Lira');
    expect(get('geo-exp-currency-lbn').options).not.toContain('Dollar');
    expect(get('geo-exp-currency-hti').options).not.toContain('Dollar');
    expect(get('geo-exp-currency-ven').options).not.toContain('Dollar');
  });

  it('never offers a country where the currency is in common use as a non-user in "which country uses" questions', () => {
    const unions = questions.filter((q) => /-currency-(euro|usd)-[a-z]{3}$/.test(q.id));
    const codes: Record<string, string> = { euro: 'EUR', usd: 'USD' };
    for (const q of unions) {
      const code = codes[q.id.split('-')[3]!]!;
      for (const option of wrong(q)) expect(CURRENCY_ALSO_KNOWN[country(option).cca3]?.inUse ?? [], `${q.id}: ${option}`).not.toContain(code);
    }
  });

  it('answers language questions with an official language in the data and offers none of the others', () => {
    const languages = ofKind('language');
    expect(languages).toHaveLength(Object.keys(LANGUAGE_QUESTIONS).length);
    for (const q of languages) {
      const spoken = Object.values(subjectOf(q, 'language').languages);
      expect(spoken).toContain(q.correct_answer);
      for (const option of wrong(q)) expect(spoken).not.toContain(option);
    }
    expect(get('geo-adv-language-bra').correct_answer).toBe('Portuguese');
  });
});
