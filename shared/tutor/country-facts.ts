/**
 * Country questions answered from structured facts: a question about a
 * country's capital, currency, languages, borders, continent, area or coast — or a superlative
 * over countries — is answered from the country fact sheets as data, not by picking sentences
 * that merely share words with it ("capital of Canada" must never come back as Canberra).
 *
 * The facts are read back from the fact sheets the knowledge base holds (written from the
 * world-countries data by functions/knowledge/material.ts, one fixed template), so the tutor
 * needs no second copy of the data and cites exactly the sheet it used. Pure: parsing,
 * recognising the question, and writing the answer's sentences.
 */

export interface CountryFacts {
  /** The fact sheet's id (cca3, lower case) and title (the common name). */
  readonly code: string;
  readonly name: string;
  readonly official: string | null;
  /** False for territories (Greenland, Hong Kong…): they are left out of superlatives. */
  readonly independent: boolean;
  readonly region: string;
  readonly subregion: string | null;
  readonly capitals: readonly string[];
  /** Currency names as the sheet gives them ("Canadian dollar"). */
  readonly currencies: readonly string[];
  readonly languages: readonly string[];
  /** Neighbours' common names, as on the sheet. */
  readonly borders: readonly string[];
  /** Square kilometres, or null when the sheet gives none. */
  readonly area: number | null;
  readonly landlocked: boolean;
  /** The sheet's own sentence for each fact, for quoting and the citation's excerpt. */
  readonly sentences: Readonly<Partial<Record<CountryFact, string>>>;
}

export type CountryFact = 'region' | 'capital' | 'currency' | 'languages' | 'borders' | 'area' | 'landlocked';

const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "A, B and C" → [A, B, C]. */
function splitList(list: string): string[] {
  return list
    .split(/, | and /)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A list of country names, some holding "and" (Bosnia and Herzegovina): longest known name first. */
function splitNames(list: string, known: readonly string[]): string[] {
  const out: string[] = [];
  let rest = list.trim();
  const sorted = [...known].sort((a, b) => b.length - a.length);
  while (rest) {
    const name = sorted.find((n) => rest === n || rest.startsWith(`${n}, `) || rest.startsWith(`${n} and `));
    const taken = name ?? rest.split(/, | and /)[0]!;
    out.push(taken);
    rest = rest
      .slice(taken.length)
      .replace(/^(?:, | and )/, '')
      .trim();
  }
  return out;
}

/**
 * The facts of one sheet. `text` is the sheet (its chunks joined in order); `known` the names
 * of every sheet (to read neighbour lists whose names contain "and").
 */
export function parseFactSheet(code: string, name: string, text: string, known: readonly string[]): CountryFacts {
  const n = escapeRe(name);
  // The template's sentences start so; splitting there is safe with abbreviations inside (Washington D.C., St. George's).
  const starts = new RegExp(
    `(?<=\\.) (?=The capital of |The currency of |The official languages? of |The area of |People from |${n} (?:shares land borders|has no land borders|is landlocked|is a member))`,
  );
  const list = text.split(starts).map((s) => s.trim());
  const find = (re: RegExp) => list.find((s) => re.test(s));
  const sentences: Partial<Record<CountryFact, string>> = {};

  const where = find(new RegExp(`^${n}(?: \\(officially the (.+?)\\))? is (?:a country|a territory) in (.+)\\.$`));
  const whereMatch = where ? new RegExp(`^${n}(?: \\(officially the (.+?)\\))? is (a country|a territory) in (.+)\\.$`).exec(where) : null;
  let region = '';
  let subregion: string | null = null;
  if (where && whereMatch) {
    sentences.region = where;
    const place = whereMatch[3]!;
    const at = place.lastIndexOf(', in ');
    if (at >= 0) {
      subregion = place.slice(0, at);
      region = place.slice(at + ', in '.length);
    } else region = place;
  }
  const capital = find(new RegExp(`^The capital of ${n} is (.+)\\.$`));
  if (capital) sentences.capital = capital;
  const currency = find(new RegExp(`^The currency of ${n} is `));
  if (currency) sentences.currency = currency;
  const languages = find(new RegExp(`^The official languages? of ${n} (?:is|are) `));
  if (languages) sentences.languages = languages;
  const borders = find(new RegExp(`^${n} (?:shares land borders with |has no land borders)`));
  if (borders) sentences.borders = borders;
  const area = find(new RegExp(`^The area of ${n} is [\\d,]+ square kilometres\\.$`));
  if (area) sentences.area = area;
  const landlocked = list.includes(`${name} is landlocked.`);
  if (landlocked) sentences.landlocked = `${name} is landlocked.`;

  const tail = (sentence: string | undefined, re: RegExp) => (sentence ? (re.exec(sentence)?.[1] ?? '') : '');
  return {
    code,
    name,
    official: whereMatch?.[1] ?? null,
    independent: whereMatch?.[2] !== 'a territory',
    region,
    subregion,
    capitals: splitList(tail(capital, new RegExp(`^The capital of ${n} is (.+)\\.$`))),
    currencies: [...tail(currency, new RegExp(`^The currency of ${n} is (.+)\\.$`)).matchAll(/(?:^|, | and )the (.+?) \([A-Z]{3}/g)].map((m) => m[1]!),
    languages: splitList(tail(languages, new RegExp(`^The official languages? of ${n} (?:is|are) (.+)\\.$`))),
    borders: splitNames(tail(borders, new RegExp(`^${n} shares land borders with (.+)\\.$`)), known),
    area: area ? Number(tail(area, /is ([\d,]+) square/).replace(/,/g, '')) : null,
    landlocked,
    sentences,
  };
}

// ---------------------------------------------------------------------------------------------
// Recognising a country question.

export type CountryQuestion =
  | { readonly kind: 'fact'; readonly fact: CountryFact | 'border-count'; readonly countries: readonly CountryFacts[] }
  /** "Which country is surrounded by Senegal?": the countries whose only neighbour it is. */
  | { readonly kind: 'enclosed-by'; readonly country: CountryFacts }
  | { readonly kind: 'superlative'; readonly measure: 'area' | 'neighbours'; readonly order: 'largest' | 'smallest'; readonly rank: number; readonly scope: Scope };

export interface Scope {
  readonly label: string;
  readonly region?: string;
  readonly subregion?: string;
  readonly landlocked?: boolean;
}

/** Lower case, accents folded, possessive 's dropped, punctuation made spaces: names compare as typed. */
export function foldText(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Names students use that are on no sheet (the sheet says Türkiye, Czechia, Vatican City…). */
const ALIASES: Readonly<Record<string, string>> = {
  turkey: 'Türkiye',
  britain: 'United Kingdom',
  'great britain': 'United Kingdom',
  uk: 'United Kingdom',
  usa: 'United States',
  'united states of america': 'United States',
  holland: 'Netherlands',
  'czech republic': 'Czechia',
  burma: 'Myanmar',
  'east timor': 'Timor-Leste',
  swaziland: 'Eswatini',
  vatican: 'Vatican City',
  'the vatican': 'Vatican City',
};

/** The countries named in a text, in order of appearance; a longer name wins over one inside it (Niger in Nigeria). */
export function countriesIn(text: string, countries: readonly CountryFacts[]): CountryFacts[] {
  const byName = new Map(countries.map((c) => [c.name, c]));
  const names: [string, CountryFacts][] = [];
  for (const c of countries) {
    names.push([foldText(c.name).trim(), c]);
    if (c.official) names.push([foldText(c.official).trim(), c]);
  }
  for (const [alias, name] of Object.entries(ALIASES)) {
    const c = byName.get(name);
    if (c) names.push([alias, c]);
  }
  names.sort((a, b) => b[0].length - a[0].length);
  let folded = foldText(text);
  const found: { at: number; country: CountryFacts }[] = [];
  for (const [name, country] of names) {
    if (!name) continue;
    let at = folded.indexOf(` ${name} `);
    while (at >= 0) {
      found.push({ at, country });
      // Blank the match so a shorter name inside it is not found again.
      folded = `${folded.slice(0, at + 1)}${'#'.repeat(name.length)}${folded.slice(at + 1 + name.length)}`;
      at = folded.indexOf(` ${name} `);
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.country)
    .filter((c) => (seen.has(c.code) ? false : (seen.add(c.code), true)));
}

const SCOPES: readonly [RegExp, Scope][] = [
  [/ south america /, { label: 'in South America', subregion: 'South America' }],
  [/ north america /, { label: 'in North America', subregion: 'North America' }],
  [/ central america /, { label: 'in Central America', subregion: 'Central America' }],
  [/ caribbean /, { label: 'in the Caribbean', subregion: 'Caribbean' }],
  [/ (?:the )?americas? /, { label: 'in the Americas', region: 'Americas' }],
  [/ africa /, { label: 'in Africa', region: 'Africa' }],
  [/ asia /, { label: 'in Asia', region: 'Asia' }],
  [/ europe /, { label: 'in Europe', region: 'Europe' }],
  [/ oceania /, { label: 'in Oceania', region: 'Oceania' }],
];

/** What is asked about a country, in the order tried: a capital question may mention languages in passing, not the reverse. */
const FACT_CUES: readonly [CountryFact, RegExp][] = [
  ['capital', / capitals? | seat of government | government (?:sit|sits|is based|based|meet|meets) /],
  ['currency', / currenc(?:y|ies) | money | pay with | pay in | banknotes? | coins? /],
  ['languages', / languages? | speak | spoken /],
  ['borders', / borders? | bordering | neighbou?rs? | neighbou?ring | surrounded | next to | touch(?:es)? by land | by land /],
  ['area', / areas? | square (?:kilometres|kilometers|km|miles) | how (?:big|large) | size | km2 | bigger | larger | smaller /],
  ['landlocked', / landlocked | coast | coastline | sea /],
  ['region', / continent | region | subregion | part of the world | where is | in (?:europe|asia|africa|oceania|north america|south america|the americas) or /],
];

/**
 * The country question a text asks, or undefined when it asks something else (a why or an
 * explain question, population — which no sheet holds —, or no country and no superlative).
 */
export function countryQuestion(text: string, countries: readonly CountryFacts[]): CountryQuestion | undefined {
  const folded = foldText(text);
  if (/^ (?:why|explain|how come|describe|tell me why) /.test(folded) || / why /.test(folded)) return undefined;
  if (/ population | populous | people live | inhabitants | how many people /.test(folded)) return undefined;
  const named = countriesIn(text, countries);

  if (named.length === 0) {
    const superlative = / (second |third )?(largest|biggest|smallest|tiniest) (?:landlocked )?(?:country|countries|nation|state) /.exec(folded);
    if (superlative) {
      const rank = superlative[1] === 'second ' ? 2 : superlative[1] === 'third ' ? 3 : 1;
      const order = /smallest|tiniest/.test(superlative[2]!) ? 'smallest' : 'largest';
      const area = SCOPES.find(([re]) => re.test(folded))?.[1];
      const scope: Scope = / landlocked /.test(folded) ? { label: 'landlocked', landlocked: true, ...(area ? { region: area.region, subregion: area.subregion } : {}) } : (area ?? { label: 'in the world' });
      return { kind: 'superlative', measure: 'area', order, rank, scope };
    }
    if (/ most (?:land )?(?:neighbou?rs|neighbou?ring countries|borders) /.test(folded) && / countr(?:y|ies) /.test(folded)) {
      return { kind: 'superlative', measure: 'neighbours', order: 'largest', rank: 1, scope: { label: 'in the world' } };
    }
    return undefined;
  }

  const enclosing = / surrounded by (.+)$/.exec(folded);
  if (enclosing && / which countr(?:y|ies) /.test(folded)) {
    const inside = countriesIn(enclosing[1]!, countries)[0];
    if (inside) return { kind: 'enclosed-by', country: inside };
  }
  const fact = FACT_CUES.find(([, re]) => re.test(folded))?.[0];
  if (!fact) return undefined;
  if (fact === 'borders' && / how many /.test(folded)) return { kind: 'fact', fact: 'border-count', countries: named };
  return { kind: 'fact', fact, countries: named };
}

// ---------------------------------------------------------------------------------------------
// Writing the answer.

/** One sentence of the answer and the sheets it rests on (cited in that order). */
export interface FactSentence {
  readonly text: string;
  readonly sources: readonly CountryFacts[];
}

const km2 = (n: number): string => `${n.toLocaleString('en-GB')} square kilometres`;

function listNames(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const ORDINAL = ['', '', 'second ', 'third '];

/** The sentences that answer a country question, or [] when the sheets do not hold the fact. */
export function answerCountryQuestion(question: CountryQuestion, countries: readonly CountryFacts[]): FactSentence[] {
  if (question.kind === 'superlative') return superlative(question, countries);
  if (question.kind === 'enclosed-by') {
    const inside = countries.filter((c) => c.borders.length === 1 && c.borders[0] === question.country.name);
    if (inside.length === 0) return [{ text: `No country has ${question.country.name} as its only land neighbour.`, sources: [question.country] }];
    return inside.map((c) => ({ text: `${c.name} shares a land border with ${question.country.name} only.`, sources: [c, question.country] }));
  }
  const out: FactSentence[] = [];
  for (const c of question.countries) {
    if (question.fact === 'border-count') {
      const text = c.borders.length
        ? `${c.name} shares land borders with ${c.borders.length} ${c.borders.length === 1 ? 'country' : 'countries'}: ${listNames(c.borders)}.`
        : `${c.name} has no land borders with other countries.`;
      out.push({ text, sources: [c] });
      continue;
    }
    if (question.fact === 'landlocked') {
      out.push({ text: c.landlocked ? `${c.name} is landlocked.` : `${c.name} is not landlocked: it has a coast.`, sources: [c] });
      continue;
    }
    if (question.fact === 'region') {
      const place = c.subregion && c.subregion !== c.region ? `${c.subregion}, in ${c.region === 'Americas' ? 'the Americas' : c.region}` : c.region;
      if (place) out.push({ text: `${c.name} is in ${place}.`, sources: [c] });
      continue;
    }
    const sentence = c.sentences[question.fact];
    if (sentence) out.push({ text: sentence, sources: [c] });
  }
  // Two or more countries by area: say which is larger, not only both figures.
  if (question.kind === 'fact' && question.fact === 'area') {
    const sized = question.countries.filter((c) => c.area !== null);
    if (sized.length >= 2) {
      const [big, ...rest] = [...sized].sort((a, b) => b.area! - a.area!);
      out.push({ text: `${big!.name} is larger than ${listNames(rest.map((c) => c.name))}.`, sources: sized });
    }
  }
  return out;
}

function superlative(q: Extract<CountryQuestion, { kind: 'superlative' }>, countries: readonly CountryFacts[]): FactSentence[] {
  const pool = countries.filter(
    (c) =>
      c.independent &&
      (!q.scope.region || c.region === q.scope.region) &&
      (!q.scope.subregion || c.subregion === q.scope.subregion) &&
      (!q.scope.landlocked || c.landlocked),
  );
  if (q.measure === 'neighbours') {
    const independentNames = new Set(countries.filter((c) => c.independent).map((c) => c.name));
    const count = (c: CountryFacts) => c.borders.filter((b) => independentNames.has(b)).length;
    const most = Math.max(...pool.map(count));
    const top = pool.filter((c) => count(c) === most);
    if (top.length === 0 || most <= 0) return [];
    return [
      {
        text: `${listNames(top.map((c) => c.name))} ${top.length > 1 ? 'share' : 'shares'} land borders with more countries than any other: ${most}${top.length > 1 ? ' each' : ''}.`,
        sources: top,
      },
    ];
  }
  const sized = pool.filter((c) => c.area !== null).sort((a, b) => (q.order === 'largest' ? b.area! - a.area! : a.area! - b.area!));
  const chosen = sized[q.rank - 1];
  if (!chosen) return [];
  const word = q.order === 'largest' ? 'largest' : 'smallest';
  const scope = q.scope.landlocked ? `${word} landlocked country${q.scope.region || q.scope.subregion ? ` ${SCOPES.find(([, s]) => s.region === q.scope.region && s.subregion === q.scope.subregion)?.[1].label ?? ''}` : ''}` : `${word} country ${q.scope.label}`;
  const neighbour = q.rank === 1 ? sized[1] : sized[q.rank - 2];
  const relation = neighbour ? (q.rank === 1 ? `, followed by ${neighbour.name} (${km2(neighbour.area!)})` : `, after ${neighbour.name} (${km2(neighbour.area!)})`) : '';
  return [
    {
      text: `${chosen.name} is the ${ORDINAL[q.rank] ?? ''}${scope.trim()} by area: ${km2(chosen.area!)}${relation}. (Computed from the fact sheets of ${sized.length} independent countries.)`,
      sources: neighbour ? [chosen, neighbour] : [chosen],
    },
  ];
}
