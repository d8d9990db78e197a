import { parseFactSheet, type CountryFacts } from '#shared/tutor/country-facts.ts';
import { readScope, scopeVersions, type StoredChunk } from '../knowledge/data/knowledge.ts';

/**
 * The country facts the tutor answers from: the knowledge base's own fact sheets (geography
 * scope, source kind 'country'), read back into structured facts. Nothing ships beside the
 * Lambda and the citation is the sheet the student can open. Read once per container and again
 * only when the geography scope's version has changed (checked at most once a minute: sheets
 * change only when the knowledge base is re-seeded).
 */
const RECHECK_MS = 60_000;

let cached: { version: number; checkedAt: number; facts: readonly CountryFacts[] } | undefined;

/** Sheets from their chunks (a sheet may span two chunks, numbered in order). */
export function factsFromChunks(chunks: readonly Pick<StoredChunk, 'chunkKey' | 'sourceKind' | 'sourceId' | 'title' | 'text'>[]): CountryFacts[] {
  const sheets = new Map<string, { title: string; parts: { key: string; text: string }[] }>();
  for (const chunk of chunks) {
    if (chunk.sourceKind !== 'country') continue;
    const sheet = sheets.get(chunk.sourceId) ?? { title: chunk.title, parts: [] };
    sheet.parts.push({ key: chunk.chunkKey, text: chunk.text });
    sheets.set(chunk.sourceId, sheet);
  }
  const known = [...sheets.values()].map((s) => s.title);
  return [...sheets.entries()].map(([code, sheet]) =>
    parseFactSheet(
      code,
      sheet.title,
      sheet.parts
        .sort((a, b) => a.key.localeCompare(b.key))
        .map((p) => p.text)
        .join(' '),
      known,
    ),
  );
}

export async function countryFacts(now: number = Date.now()): Promise<readonly CountryFacts[]> {
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.facts;
  const version = (await scopeVersions(['geography'])).get('geography') ?? 0;
  if (cached && cached.version === version) {
    cached = { ...cached, checkedAt: now };
    return cached.facts;
  }
  cached = { version, checkedAt: now, facts: factsFromChunks(await readScope('geography')) };
  return cached.facts;
}

/** Tests that re-seed the table forget what was read. */
export function forgetCountryFacts(): void {
  cached = undefined;
}
