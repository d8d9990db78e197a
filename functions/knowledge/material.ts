import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import { STUDY_GUIDES } from '#shared/guides/catalogue.ts';
import { chunkText } from '#shared/knowledge/chunking.ts';
import { sentences } from '../ai/nlp.ts';
import { chunkKey, type StoredChunk } from './data/knowledge.ts';
import { loadBank } from '../questions/load-bank.ts';
import { passageTopic, topicClassifier } from './guide-topics.ts';

/**
 * The real material the knowledge base is seeded with:
 * - a fact sheet per country from the world-countries data the geography bank is made from
 *   (capital, region and subregion, currencies, languages, neighbours, area, landlocked);
 * - every text question of the bank with its answer and explanation (history and religion
 *   explanations are written by hand; a question is also what similar-question search finds);
 * - the study guides (shared/guides), paragraph by paragraph with their key points, each passage
 *   labelled with the bank topic it is about where it is about one (guideChunks).
 * Each is chunked at 512 characters on sentence boundaries.
 */
/** A chunk as stored, before it is embedded. */
export type MaterialChunk = Omit<StoredChunk, 'model' | 'vector'>;

const countries = createRequire(import.meta.url)('world-countries/countries.json') as Country[];

/** The category of a guide passage about no single bank topic. */
export const GUIDE_CATEGORY = 'study-guide';

/** Chunks of one source, with keys numbered in order. */
export function chunksOf(source: Omit<MaterialChunk, 'chunkKey' | 'text'>, text: string): MaterialChunk[] {
  return chunkText(text, undefined, sentences).map((chunk, index) => ({
    ...source,
    chunkKey: chunkKey(source.sourceKind, source.sourceId, index),
    text: chunk,
  }));
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const byCode = new Map(countries.map((c) => [c.cca3, c]));

/** "France (officially the French Republic) is a country in Western Europe. …" */
export function countryFactSheet(country: Country): string {
  const name = country.name.common;
  const parts: string[] = [];
  const official = country.name.official !== name ? ` (officially the ${country.name.official.replace(/^the /i, '')})` : '';
  const where = country.subregion ? `${country.subregion}, in ${country.region}` : country.region;
  parts.push(`${name}${official} is ${country.independent ? 'a country' : 'a territory'} in ${where}.`);
  if (country.capital.length) parts.push(`The capital of ${name} is ${list(country.capital)}.`);
  const currencies = Object.entries(country.currencies ?? {}).map(([code, c]) => `the ${c.name} (${code}${c.symbol ? `, ${c.symbol}` : ''})`);
  if (currencies.length) parts.push(`The currency of ${name} is ${list(currencies)}.`);
  const languages = Object.values(country.languages ?? {});
  if (languages.length) parts.push(`The official ${languages.length > 1 ? 'languages' : 'language'} of ${name} ${languages.length > 1 ? 'are' : 'is'} ${list(languages)}.`);
  const neighbours = country.borders.map((code) => byCode.get(code)?.name.common).filter((n): n is string => Boolean(n));
  if (neighbours.length) parts.push(`${name} shares land borders with ${list(neighbours)}.`);
  else parts.push(`${name} has no land borders with other countries.`);
  if (country.area > 0) parts.push(`The area of ${name} is ${Math.round(country.area).toLocaleString('en-GB')} square kilometres.`);
  if (country.landlocked) parts.push(`${name} is landlocked.`);
  const demonym = country.demonyms?.eng?.m;
  if (demonym) parts.push(`People from ${name} are called ${demonym}.`);
  if (country.unMember) parts.push(`${name} is a member of the United Nations.`);
  return parts.join(' ');
}

export function countryChunks(): MaterialChunk[] {
  return countries.flatMap((country) =>
    chunksOf({ subject: 'geography', category: 'country', sourceKind: 'country', sourceId: country.cca3.toLowerCase(), title: country.name.common }, countryFactSheet(country)),
  );
}

/** A text question with its answer and explanation; flag (image) questions carry no text worth finding. */
export function questionChunks(): MaterialChunk[] {
  return loadBank()
    .filter((q) => q.question_type === 'text')
    .flatMap((q) =>
      chunksOf(
        { subject: q.subject, level: q.level, category: q.topic, sourceKind: 'question', sourceId: q.id, title: q.question },
        `${q.question} Answer: ${q.correct_answer}. ${q.explanation}`,
      ),
    );
}

/**
 * A guide's passages, its paragraphs and key points chunked together. Each passage is labelled
 * with the bank topic it is about, derived from the bank (guide-topics.ts): the pyramid passage
 * of the Ancient Egypt guide is 'ancient-civilizations'; a passage about several topics keeps
 * the label 'study-guide'.
 */
export function guideChunks(): MaterialChunk[] {
  const bank = loadBank().filter((q) => q.question_type === 'text');
  const classifier = topicClassifier(bank.map((q) => ({ subject: q.subject, topic: q.topic, text: `${q.question} ${q.correct_answer}. ${q.explanation}` })));
  return STUDY_GUIDES.flatMap((guide) =>
    chunksOf(
      { subject: guide.subject, category: GUIDE_CATEGORY, sourceKind: 'guide', sourceId: guide.id, title: guide.title },
      [...guide.content, `Key points: ${guide.key_points.join(' ')}`].join(' '),
    ).map((chunk) => ({ ...chunk, category: passageTopic(classifier, guide.subject, chunk.text, sentences(chunk.text)) ?? GUIDE_CATEGORY })),
  );
}

export function seedMaterial(): MaterialChunk[] {
  return [...countryChunks(), ...questionChunks(), ...guideChunks()];
}
