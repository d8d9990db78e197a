/**
 * Group search by words: a public group is indexed under each word of its name and
 * description, so a search reads only the index of its most telling word, never "the newest N
 * groups" that a flood of new groups could fill. Pure rules, shared by the writer and the search.
 */
export const GROUP_SEARCH = {
  /** Words shorter than this are not indexed (and a query made only of them browses the newest). */
  minWord: 2,
  /** Words are indexed up to this length; a longer query word is matched on its first 30 letters in the index. */
  maxWord: 30,
  /** At most this many distinct words per group: every word of the name, then the description's in order. */
  maxWords: 60,
  /** A search reads at most this many index entries of its word (each a small item). */
  indexReadMax: 500,
} as const;

/** Lower-cased words of letters and digits (any script), in order, without repeats. */
export function words(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) seen.add(word);
  return [...seen];
}

/** The words a group is indexed under: the name's first, then the description's, each cut to 30, at most 60. */
export function indexWords(group: { name: string; description: string }): string[] {
  const all = words(`${group.name} ${group.description}`)
    .filter((w) => w.length >= GROUP_SEARCH.minWord)
    .map((w) => w.slice(0, GROUP_SEARCH.maxWord));
  return [...new Set(all)].slice(0, GROUP_SEARCH.maxWords);
}

/** The query word whose index is read: the longest one (the most selective), cut as indexed; null when none is long enough. */
export function searchWord(query: string): string | null {
  const candidates = words(query).filter((w) => w.length >= GROUP_SEARCH.minWord);
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (b.length > a.length ? b : a)).slice(0, GROUP_SEARCH.maxWord);
}

/** Every word of the query begins a word of the group's name or description (any case): "volc" finds "Volcanoes". */
export function matchesWords(group: { name: string; description: string }, query: string): boolean {
  const mine = words(`${group.name} ${group.description}`);
  return words(query).every((q) => mine.some((w) => w.startsWith(q)));
}

/** Index sort keys run newest first within a word: the creation instant counted down from the year 2286. */
export const newestFirst = (createdAt: string): string => String(9_999_999_999_999 - Date.parse(createdAt)).padStart(13, '0');
