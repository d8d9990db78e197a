import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import type { Level } from '#shared/constants.ts';
import { fnv1a32, mulberry32 } from '#shared/hashing.ts';
import type { BankQuestion } from '#shared/quiz/question.ts';
import { flagUrl } from './flag-images.ts';
import {
  AREA_SKIP,
  BORDER_AMBIGUOUS,
  CAPITAL_SKIP,
  CONTINENT_SKIP,
  CURRENCY_NAME_OVERRIDE,
  CURRENCY_ALSO_KNOWN,
  CURRENCY_SKIP,
  CURRENCY_UNIT_FAMILIES,
  CURRENCY_UNIT_OVERRIDE,
  EXCLUDED,
  FLAG_LOOKALIKES,
  IN_USE_UNIT,
  LANGUAGE_FAMILIES,
  LANGUAGE_NOT_DISTRACTORS,
  LANGUAGE_QUESTIONS,
  MAJOR_LANGUAGES,
  MID_KNOWN,
  NAMES_WITH_THE,
  SUBREGION_CONFUSABLE,
  SUBREGION_CONFUSABLE_FOR,
  SUBREGION_SKIP,
  WELL_KNOWN,
} from './geography-tiers.ts';

// The package's ESM entry imports its JSON without an import attribute, which Node refuses.
const countries = createRequire(import.meta.url)('world-countries/countries.json') as Country[];

/**
 * Geography questions generated from the world-countries data set (names, capitals, regions,
 * currencies, languages, land borders, areas) and the flag-icons SVGs. The output is
 * deterministic: every random choice (distractors, option order) comes from a PRNG seeded
 * with a hash of the question id, so ids and content are stable between runs.
 *
 * Levels follow how well known a country is (geography-tiers.ts: WELL_KNOWN, MID_KNOWN, the rest):
 * - beginner: capitals, continents and flags of well-known countries;
 * - advanced: capitals and flags of mid-known countries; subregions, currencies and official
 *   languages of well-known ones; "which of these uses the euro";
 * - expert: capitals and flags of the rest; land borders; area comparisons; subregions,
 *   currencies and languages of mid-known (and, for languages, obscure) countries; the CFA
 *   francs, the East Caribbean dollar and dollarised countries.
 */

export const GEOGRAPHY_TOPICS = ['capitals', 'flags', 'continents', 'currencies', 'languages', 'borders', 'areas', 'subregions'] as const;
export type GeographyTopic = (typeof GEOGRAPHY_TOPICS)[number];


// ---------------------------------------------------------------------------------------------
// Deterministic randomness

type Rng = () => number;

function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Lower case, accents and punctuation removed. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Spellings so close that offering both would be a spelling test (Kingston / Kingstown). */
function nearDuplicate(a: string, b: string): boolean {
  const x = normalize(a);
  const y = normalize(b);
  const distance = levenshtein(x, y);
  return distance <= 1 || (distance <= 2 && Math.min(x.length, y.length) >= 7);
}

const GIVEAWAY_IGNORED = new Set(['and', 'the', 'of', 'saint', 'st', 'city', 'republic', 'islands', 'africa', 'african', 'europe', 'asia', 'america', 'americas']);

/** True when the answer can be guessed from the country's name (Tunis for Tunisia, Kuwait City, the afghani). */
function givesAway(countryName: string, answer: string): boolean {
  const name = normalize(countryName);
  const text = normalize(answer);
  if (` ${name} `.includes(` ${text} `) || ` ${text} `.includes(` ${name} `)) return true;
  const words = (s: string) => s.split(' ').filter((w) => w.length >= 4 && !GIVEAWAY_IGNORED.has(w));
  for (const w of words(name)) {
    for (const v of words(text)) {
      let common = 0;
      while (common < w.length && common < v.length && w[common] === v[common]) common++;
      if (common >= 4) return true;
    }
  }
  return false;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function formatArea(area: number): string {
  const rounded = area >= 100 ? Math.round(area).toString() : String(Math.round(area * 100) / 100);
  const [whole, fraction] = rounded.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction ? `${grouped}.${fraction}` : grouped} km²`;
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Ends a sentence without doubling a final period ("Washington D.C."). */
const sentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

// ---------------------------------------------------------------------------------------------
// Country data

const excluded = new Set(EXCLUDED);
/** Sovereign UN member states (the data's `unMember`, minus EXCLUDED), in data order. */
const ELIGIBLE: readonly Country[] = (countries as Country[]).filter((c) => c.unMember && !excluded.has(c.cca3));
const byCode = new Map(ELIGIBLE.map((c) => [c.cca3, c]));

type Tier = 'well' | 'mid' | 'obscure';
const wellKnown = new Set(WELL_KNOWN);
const midKnown = new Set(MID_KNOWN);
const tierOf = (c: Country): Tier => (wellKnown.has(c.cca3) ? 'well' : midKnown.has(c.cca3) ? 'mid' : 'obscure');
const TIER_LEVEL: Record<Tier, Level> = { well: 'beginner', mid: 'advanced', obscure: 'expert' };
const LEVEL_PREFIX: Record<Level, string> = { beginner: 'beg', advanced: 'adv', expert: 'exp' };

const withThe = new Set(NAMES_WITH_THE);
/** The name as it reads inside a sentence ("the Netherlands"). */
const the = (c: Country): string => (withThe.has(c.cca3) ? `the ${c.name.common}` : c.name.common);
/** The name at the start of a sentence. */
const The = (c: Country): string => capitalize(the(c));
const name = (c: Country): string => c.name.common;

const regionPhrase = (region: string): string => (region === 'Americas' ? 'the Americas' : region);
const subregionPhrase = (subregion: string): string => (subregion === 'Caribbean' ? 'the Caribbean' : subregion);

/** Land neighbours that are eligible countries and list each other (the data has a few one-way entries). */
function neighbours(c: Country): Country[] {
  return c.borders.map((code) => byCode.get(code)).filter((n): n is Country => n !== undefined && n.borders.includes(c.cca3));
}

const ambiguousBorders = new Set(BORDER_AMBIGUOUS.flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));

const lookalikes = new Map<string, Set<string>>();
for (const group of FLAG_LOOKALIKES) {
  for (const code of group) {
    const set = lookalikes.get(code) ?? new Set<string>();
    for (const other of group) if (other !== code) set.add(other);
    lookalikes.set(code, set);
  }
}

// ---------------------------------------------------------------------------------------------
// Question assembly

interface Draft {
  id: string;
  level: Level;
  topic: GeographyTopic;
  question: string;
  answer: string;
  distractors: readonly string[];
  explanation: string;
  image?: { url: string; caption: string };
}

function build(draft: Draft, rng: Rng): BankQuestion {
  const options = shuffle([draft.answer, ...draft.distractors], rng);
  return {
    id: draft.id,
    subject: 'geography',
    level: draft.level,
    question: draft.question,
    options,
    correct_answer: draft.answer,
    topic: draft.topic,
    explanation: draft.explanation,
    question_type: draft.image ? 'image' : 'text',
    image_url: draft.image?.url ?? null,
    image_caption: draft.image?.caption ?? null,
  };
}

/**
 * Picks `count` distinct labels, exhausting each pool (in a seeded random order) before the
 * next. `accept` rejects a candidate given the ones already chosen. Null when too few qualify.
 */
function pick<T>(
  rng: Rng,
  pools: readonly (readonly T[])[],
  label: (item: T) => string,
  answer: string,
  accept: (text: string, chosen: readonly string[]) => boolean = () => true,
  count = 3,
): string[] | null {
  const chosen: string[] = [];
  const seen = new Set([normalize(answer)]);
  for (const pool of pools) {
    for (const item of shuffle(pool, rng)) {
      const text = label(item);
      const key = normalize(text);
      if (seen.has(key) || !accept(text, chosen)) continue;
      seen.add(key);
      chosen.push(text);
      if (chosen.length === count) return chosen;
    }
  }
  return null;
}

const rngFor = (id: string): Rng => mulberry32(fnv1a32(id));
const questionId = (level: Level, ...parts: string[]): string => ['geo', LEVEL_PREFIX[level], ...parts].join('-').toLowerCase();

// ---------------------------------------------------------------------------------------------
// Capitals

const capitalSkip = new Set(CAPITAL_SKIP);
const capitalOf = (c: Country): string | undefined => (c.capital.length === 1 && !capitalSkip.has(c.cca3) ? c.capital[0] : undefined);
const WITH_CAPITAL = ELIGIBLE.filter((c) => capitalOf(c) !== undefined);

function capitalQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  for (const c of WITH_CAPITAL) {
    const capital = capitalOf(c)!;
    if (givesAway(name(c), capital)) continue;
    const tier = tierOf(c);
    const level = TIER_LEVEL[tier];
    const id = questionId(level, 'capital', c.cca3);
    const rng = rngFor(id);
    const others = WITH_CAPITAL.filter((o) => o !== c);
    const sameSub = others.filter((o) => o.subregion === c.subregion);
    const sameRegion = others.filter((o) => o.region === c.region);
    const pools =
      tier === 'well'
        ? [sameSub.filter((o) => tierOf(o) === 'well'), sameRegion.filter((o) => tierOf(o) === 'well'), sameSub, sameRegion]
        : [sameSub, sameRegion, others];
    const distractors = pick(rng, pools, (o) => capitalOf(o)!, capital, (text, chosen) => ![capital, ...chosen].some((t) => nearDuplicate(t, text)));
    if (!distractors) continue;
    out.push(
      build(
        {
          id,
          level,
          topic: 'capitals',
          question: `What is the capital of ${the(c)}?`,
          answer: capital,
          distractors,
          explanation: `${sentence(`The capital of ${the(c)} is ${capital}`)} ${The(c)} is in ${regionPhrase(c.region)} (${subregionPhrase(c.subregion)}).`,
        },
        rng,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Flags

function flagQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  for (const c of ELIGIBLE) {
    const tier = tierOf(c);
    const level = TIER_LEVEL[tier];
    const id = questionId(level, 'flag', c.cca3);
    const rng = rngFor(id);
    const similar = lookalikes.get(c.cca3) ?? new Set<string>();
    const others = ELIGIBLE.filter((o) => o !== c && !similar.has(o.cca3));
    const sameSub = others.filter((o) => o.subregion === c.subregion);
    const sameRegion = others.filter((o) => o.region === c.region);
    const known = (o: Country) => tierOf(o) !== 'obscure';
    const pools =
      tier === 'well'
        ? [sameRegion.filter((o) => tierOf(o) === 'well'), others.filter((o) => tierOf(o) === 'well')]
        : tier === 'mid'
          ? [sameSub.filter(known), sameRegion.filter(known), sameRegion]
          : [sameSub, sameRegion];
    const distractors = pick(rng, pools, name, name(c));
    if (!distractors) continue;
    out.push(
      build(
        {
          id,
          level,
          topic: 'flags',
          question: "Which country's flag is this?",
          answer: name(c),
          distractors,
          explanation: `This is the flag of ${the(c)}, a country in ${c.subregion === 'Australia and New Zealand' ? c.region : subregionPhrase(c.subregion)}.`,
          image: { url: flagUrl(c.cca2), caption: 'National flag' },
        },
        rng,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Continents (beginner: well-known countries only)

const CONTINENTS = ['Africa', 'Asia', 'Europe', 'North America', 'South America', 'Oceania'] as const;

/** The data's region, with the Americas split the way people count continents (Central America and the Caribbean are North America). */
function continentOf(c: Country): string {
  if (c.region !== 'Americas') return c.region;
  return c.subregion === 'South America' ? 'South America' : 'North America';
}

function continentQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  const skip = new Set(CONTINENT_SKIP);
  for (const c of ELIGIBLE) {
    if (tierOf(c) !== 'well' || skip.has(c.cca3)) continue;
    const continent = continentOf(c);
    // "South Africa" names its continent.
    if (!(CONTINENTS as readonly string[]).includes(continent) || normalize(name(c)).includes(normalize(continent))) continue;
    const id = questionId('beginner', 'continent', c.cca3);
    const rng = rngFor(id);
    const distractors = pick(rng, [CONTINENTS.filter((x) => x !== continent)], (x) => x, continent);
    if (!distractors) continue;
    const where =
      c.region === 'Americas'
        ? c.subregion === continent
          ? `${The(c)} is in ${continent}.`
          : `${The(c)} is in ${subregionPhrase(c.subregion)}, which is part of ${continent}.`
        : `${The(c)} is in ${continent} (${subregionPhrase(c.subregion)}).`;
    out.push(
      build(
        { id, level: 'beginner', topic: 'continents', question: `Which continent is ${the(c)} in?`, answer: continent, distractors, explanation: where },
        rng,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Subregions (advanced: well-known countries; expert: the rest)

const SUBREGIONS_BY_REGION = new Map<string, string[]>();
for (const c of ELIGIBLE) {
  const list = SUBREGIONS_BY_REGION.get(c.region) ?? [];
  if (c.subregion && !list.includes(c.subregion)) list.push(c.subregion);
  SUBREGIONS_BY_REGION.set(c.region, list);
}

function subregionQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  const skip = new Set(SUBREGION_SKIP);
  const allSubregions = [...SUBREGIONS_BY_REGION.values()].flat();
  for (const c of ELIGIBLE) {
    const tier = tierOf(c);
    if (skip.has(c.cca3) || !c.subregion || tier === 'obscure' || givesAway(name(c), c.subregion)) continue;
    // Europe's subregions are the most argued over; only well-known European countries get one.
    if (tier === 'mid' && c.region === 'Europe') continue;
    const level: Level = tier === 'well' ? 'advanced' : 'expert';
    const id = questionId(level, 'subregion', c.cca3);
    const rng = rngFor(id);
    const banned = new Set([c.subregion, ...(SUBREGION_CONFUSABLE[c.subregion] ?? []), ...(SUBREGION_CONFUSABLE_FOR[c.cca3] ?? [])]);
    const sameRegion = (SUBREGIONS_BY_REGION.get(c.region) ?? []).filter((s) => !banned.has(s));
    const elsewhere = allSubregions.filter((s) => !banned.has(s) && !sameRegion.includes(s));
    const distractors = pick(rng, [sameRegion, elsewhere], (s) => s, c.subregion);
    if (!distractors) continue;
    out.push(
      build(
        {
          id,
          level,
          topic: 'subregions',
          question: `Which subregion is ${the(c)} in?`,
          answer: c.subregion,
          distractors,
          explanation: `${The(c)} is in ${subregionPhrase(c.subregion)}, a subregion of ${regionPhrase(c.region)}.`,
        },
        rng,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Currencies

/** "Japanese yen" → "Yen"; "Bosnia and Herzegovina convertible mark" → "Convertible mark". */
function currencyUnit(code: string, currencyName: string): string {
  const override = CURRENCY_UNIT_OVERRIDE[code];
  if (override) return override;
  const words = currencyName.trim().split(/\s+/);
  return capitalize(words[words.length - 1]!);
}

const unitFamily = new Map<string, number>();
CURRENCY_UNIT_FAMILIES.forEach((family, index) => family.forEach((unit) => unitFamily.set(normalize(unit), index)));
const sameUnitFamily = (a: string, b: string): boolean => {
  const fa = unitFamily.get(normalize(a));
  return normalize(a) === normalize(b) || (fa !== undefined && fa === unitFamily.get(normalize(b)));
};

/** Currency codes that three or more countries use as their only currency (euro, CFA francs, East Caribbean dollar, US dollar). */
const SOLE_USERS = new Map<string, Country[]>();
for (const c of ELIGIBLE) {
  const codes = Object.keys(c.currencies);
  if (codes.length === 1) SOLE_USERS.set(codes[0]!, [...(SOLE_USERS.get(codes[0]!) ?? []), c]);
}
const UNION_CODES = new Set([...SOLE_USERS].filter(([, users]) => users.length >= 3).map(([code]) => code));

/**
 * Wrong answers a country's currency question must never offer: other names of its currency
 * and the units of foreign currencies in common use there (CURRENCY_ALSO_KNOWN).
 */
export function refusedCurrencyOptions(cca3: string): string[] {
  const known = CURRENCY_ALSO_KNOWN[cca3];
  if (!known) return [];
  return [...(known.names ?? []), ...(known.inUse ?? []).map((code) => IN_USE_UNIT[code] ?? code)];
}

/** Whether a country counts as a user of a currency, officially or in common use. */
const usesCurrency = (c: Country, code: string): boolean => code in c.currencies || (CURRENCY_ALSO_KNOWN[c.cca3]?.inUse ?? []).includes(code);

/** Units a country issues or uses; countries listing many foreign currencies (Zimbabwe) contribute none. */
const unitsOf = (c: Country): string[] =>
  Object.keys(c.currencies).length > 3 ? [] : Object.entries(c.currencies).map(([code, currency]) => currencyUnit(code, currency.name));

function currencyQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  const skip = new Set(CURRENCY_SKIP);
  for (const c of ELIGIBLE) {
    const entries = Object.entries(c.currencies);
    if (entries.length !== 1 || skip.has(c.cca3)) continue;
    const [code, currency] = entries[0]!;
    if (UNION_CODES.has(code)) continue;
    const unit = currencyUnit(code, currency.name);
    const tier = tierOf(c);
    if (tier === 'obscure' || givesAway(name(c), unit)) continue;
    const level: Level = tier === 'well' ? 'advanced' : 'expert';
    const id = questionId(level, 'currency', c.cca3);
    const rng = rngFor(id);
    const others = ELIGIBLE.filter((o) => o !== c);
    const pools = [
      others.filter((o) => o.subregion === c.subregion).flatMap(unitsOf),
      others.filter((o) => o.region === c.region).flatMap(unitsOf),
      others.flatMap(unitsOf),
    ];
    const refused = refusedCurrencyOptions(c.cca3);
    const accept = (text: string, chosen: readonly string[]) =>
      ![unit, ...chosen].some((t) => sameUnitFamily(t, text) || nearDuplicate(t, text)) && !refused.some((r) => normalize(r) === normalize(text) || normalize(r).split(' ').includes(normalize(text)));
    const distractors = pick(rng, pools, (u) => u, unit, accept);
    if (!distractors) continue;
    out.push(
      build(
        {
          id,
          level,
          topic: 'currencies',
          question: `What is the currency of ${the(c)} called?`,
          answer: unit,
          distractors,
          explanation: `The currency of ${the(c)} is the ${CURRENCY_NAME_OVERRIDE[code] ?? currency.name} (${code}).`,
        },
        rng,
      ),
    );
  }
  return out;
}

/** "Which of these countries uses the euro?" and the like, for shared currencies. */
const UNION_QUESTIONS: readonly { code: string; key: string; phrase: string; level: Level; limit: number; answers: (c: Country) => boolean }[] = [
  // The big euro countries make it too easy; the mid-known ones (Estonia, Slovakia, Croatia...) do not.
  { code: 'EUR', key: 'euro', phrase: 'the euro', level: 'advanced', limit: 12, answers: (c) => c.region === 'Europe' && tierOf(c) === 'mid' },
  { code: 'XOF', key: 'xof', phrase: 'the West African CFA franc', level: 'expert', limit: 3, answers: () => true },
  { code: 'XAF', key: 'xaf', phrase: 'the Central African CFA franc', level: 'expert', limit: 3, answers: () => true },
  { code: 'XCD', key: 'xcd', phrase: 'the Eastern Caribbean dollar', level: 'expert', limit: 3, answers: () => true },
  { code: 'USD', key: 'usd', phrase: 'the United States dollar', level: 'expert', limit: 3, answers: (c) => c.cca3 !== 'USA' },
];

const TIER_RANK: Record<Tier, number> = { well: 0, mid: 1, obscure: 2 };

function currencyUnionQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  const skip = new Set(CURRENCY_SKIP);
  for (const union of UNION_QUESTIONS) {
    // Answers: the best-known users first, then a stable pseudo-random order.
    const users = (SOLE_USERS.get(union.code) ?? [])
      .filter((c) => union.answers(c) && !skip.has(c.cca3))
      .sort((a, b) => TIER_RANK[tierOf(a)] - TIER_RANK[tierOf(b)] || fnv1a32(`${union.code}-${a.cca3}`) - fnv1a32(`${union.code}-${b.cca3}`))
      .slice(0, union.limit);
    // Wrong answers: countries with exactly one currency, neither this one nor it in common use.
    const nonUsers = ELIGIBLE.filter((o) => Object.keys(o.currencies).length === 1 && !usesCurrency(o, union.code) && !skip.has(o.cca3));
    for (const c of users) {
      const id = questionId(union.level, 'currency', union.key, c.cca3);
      const rng = rngFor(id);
      const sameSub = nonUsers.filter((o) => o.subregion === c.subregion);
      const sameRegion = nonUsers.filter((o) => o.region === c.region);
      const pools = union.level === 'advanced' ? [sameSub.filter((o) => tierOf(o) !== 'obscure'), sameRegion.filter((o) => tierOf(o) !== 'obscure'), sameRegion] : [sameSub, sameRegion];
      const chosen = pick(rng, pools, name, name(c));
      if (!chosen) continue;
      const currencyOf = (n: string) => {
        const o = ELIGIBLE.find((x) => name(x) === n)!;
        const [code, currency] = Object.entries(o.currencies)[0]!;
        return `${the(o)} uses the ${CURRENCY_NAME_OVERRIDE[code] ?? currency.name}`;
      };
      out.push(
        build(
          {
            id,
            level: union.level,
            topic: 'currencies',
            question: `Which of these countries uses ${union.phrase} as its currency?`,
            answer: name(c),
            distractors: chosen,
            explanation: `${The(c)} uses ${union.phrase} (${union.code}); ${joinList(chosen.map(currencyOf))}.`,
          },
          rng,
        ),
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Languages

const languageFamily = new Map<string, number>();
LANGUAGE_FAMILIES.forEach((family, index) => family.forEach((language) => languageFamily.set(language, index)));
const notDistractor = new Set(LANGUAGE_NOT_DISTRACTORS);
/**
 * Languages worth offering as wrong answers: those some country lists among at most four
 * official languages. This keeps out the long tails of South Africa, Zimbabwe and Namibia
 * (Venda, Lozi, Kwangali...), which would only be filler.
 */
const PROMINENT_LANGUAGES = new Set(ELIGIBLE.filter((c) => Object.keys(c.languages).length <= 4).flatMap((c) => Object.values(c.languages)));
const languagesOf = (c: Country): string[] => Object.values(c.languages);
const relatedLanguages = (language: string): string[] => {
  const family = languageFamily.get(language);
  return family === undefined ? [language] : [...LANGUAGE_FAMILIES[family]!];
};

function languageQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  for (const [code, spec] of Object.entries(LANGUAGE_QUESTIONS)) {
    const c = byCode.get(code);
    if (!c) continue;
    const spoken = languagesOf(c);
    if (!spoken.includes(spec.answer) || givesAway(name(c), spec.answer)) continue;
    const level: Level = tierOf(c) === 'obscure' ? 'expert' : 'advanced';
    const id = questionId(level, 'language', c.cca3);
    const rng = rngFor(id);
    const banned = new Set([...spoken.flatMap(relatedLanguages), ...(spec.notDistractors ?? [])]);
    const usable = (language: string) =>
      PROMINENT_LANGUAGES.has(language) && language !== spec.answer && !banned.has(language) && !notDistractor.has(language) && !/sign language/i.test(language);
    const others = ELIGIBLE.filter((o) => o !== c);
    const sameSub = others.filter((o) => o.subregion === c.subregion).flatMap(languagesOf).filter(usable);
    const sameRegion = others.filter((o) => o.region === c.region).flatMap(languagesOf).filter(usable);
    const major = MAJOR_LANGUAGES.filter(usable);
    // In Oceania and sub-Saharan Africa the region's own languages (Samoan, Bislama, Chewa...) make
    // better wrong answers than Hindi or Russian; elsewhere the major languages do.
    const regionFirst = c.region === 'Oceania' || (c.region === 'Africa' && c.subregion !== 'Northern Africa');
    const pools = regionFirst ? [sameSub, sameRegion, major] : [sameSub, major, sameRegion];
    const accept = (text: string, chosen: readonly string[]) => !chosen.some((t) => relatedLanguages(t).includes(text));
    const distractors = pick(rng, pools, (l) => l, spec.answer, accept);
    if (!distractors) continue;
    // Only the answer is stated: the data's full lists are in places out of date or generous.
    const explanation = `${spec.answer} is an official language of ${the(c)}.`;
    out.push(
      build(
        { id, level, topic: 'languages', question: `Which language is an official language of ${the(c)}?`, answer: spec.answer, distractors, explanation },
        rng,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Land borders (expert)

/** Well-known countries with this many neighbours get a second question (with a different answer). */
const BORDER_SECOND_QUESTION_AT = 8;
/** Mid-known countries need this many neighbours to get a question (obscure ones get none). */
const BORDER_MID_MIN_NEIGHBOURS = 5;

function borderQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  for (const c of ELIGIBLE) {
    const around = neighbours(c);
    const tier = tierOf(c);
    if (around.length === 0 || tier === 'obscure' || (tier === 'mid' && around.length < BORDER_MID_MIN_NEIGHBOURS)) continue;
    const count = tier === 'well' && around.length >= BORDER_SECOND_QUESTION_AT ? 2 : 1;
    const answers = shuffle(around, rngFor(`geo-exp-border-${c.cca3.toLowerCase()}`)).slice(0, count);
    const isNeighbour = new Set(around.map((n) => n.cca3));
    const allowed = (o: Country) => o !== c && !isNeighbour.has(o.cca3) && !ambiguousBorders.has(`${c.cca3}-${o.cca3}`);
    const twoHops = [...new Set(around.flatMap(neighbours))].filter(allowed);
    const sameSub = ELIGIBLE.filter((o) => allowed(o) && o.subregion === c.subregion);
    const sameRegion = ELIGIBLE.filter((o) => allowed(o) && o.region === c.region);
    answers.forEach((answer, index) => {
      const id = questionId('expert', 'border', c.cca3, String(index + 1));
      const rng = rngFor(id);
      const distractors = pick(rng, [twoHops, sameSub, sameRegion], name, name(answer));
      if (!distractors) return;
      out.push(
        build(
          {
            id,
            level: 'expert',
            topic: 'borders',
            question: `Which country shares a land border with ${the(c)}?`,
            answer: name(answer),
            distractors,
            explanation:
              around.length === 1
                ? `${The(c)} shares a land border with ${the(around[0]!)} only.`
                : `${The(c)} shares land borders with ${joinList(around.map(the))}.`,
          },
          rng,
        ),
      );
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Areas (expert)

const MIN_AREA_RATIO = 1.15;
const MAX_AREA_RATIO = 8;

function areaQuestions(): BankQuestion[] {
  const out: BankQuestion[] = [];
  const skip = new Set(AREA_SKIP);
  const measurable = ELIGIBLE.filter((c) => !skip.has(c.cca3) && c.area > 0);
  for (const c of measurable) {
    if (tierOf(c) !== 'well') continue;
    const preferred = fnv1a32(c.cca3) % 2 === 0 ? 'largest' : 'smallest';
    for (const kind of [preferred, preferred === 'largest' ? 'smallest' : 'largest'] as const) {
      const id = questionId('expert', 'area', kind, c.cca3);
      const rng = rngFor(id);
      const inRange = (o: Country) =>
        kind === 'largest'
          ? o.area * MIN_AREA_RATIO <= c.area && o.area * MAX_AREA_RATIO >= c.area
          : o.area >= c.area * MIN_AREA_RATIO && o.area <= c.area * MAX_AREA_RATIO;
      const candidates = measurable.filter((o) => o !== c && o.region === c.region && inRange(o));
      const chosen: Country[] = [];
      for (const o of shuffle(candidates, rng)) {
        const spaced = chosen.every((x) => Math.max(x.area, o.area) >= Math.min(x.area, o.area) * MIN_AREA_RATIO);
        if (spaced) chosen.push(o);
        if (chosen.length === 3) break;
      }
      if (chosen.length < 3) continue;
      const listed = [c, ...chosen].sort((a, b) => b.area - a.area);
      out.push(
        build(
          {
            id,
            level: 'expert',
            topic: 'areas',
            question: `Which of these countries has the ${kind} area?`,
            answer: name(c),
            distractors: chosen.map(name),
            explanation: `${The(c)} is the ${kind} of these: ${listed.map((x) => `${name(x)} ${formatArea(x.area)}`).join(', ')}.`,
          },
          rng,
        ),
      );
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** Every geography question, in a stable order (beginner, advanced, expert; then by topic). */
export function generateGeographyQuestions(): BankQuestion[] {
  const all = [
    ...capitalQuestions(),
    ...continentQuestions(),
    ...flagQuestions(),
    ...subregionQuestions(),
    ...currencyQuestions(),
    ...currencyUnionQuestions(),
    ...languageQuestions(),
    ...borderQuestions(),
    ...areaQuestions(),
  ];
  const order: Record<Level, number> = { beginner: 0, advanced: 1, expert: 2 };
  return all
    .map((q, i) => ({ q, i }))
    .sort((a, b) => order[a.q.level] - order[b.q.level] || a.i - b.i)
    .map(({ q }) => q);
}
