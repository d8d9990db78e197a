/**
 * Counts and articles in the product's English copy ("1 quizzes completed",
 * "1 players", "You are a Auditory learner"). One rule for every screen and message.
 */

/** Plurals the suffix rule gets wrong. */
const IRREGULAR: Readonly<Record<string, string>> = { quiz: 'quizzes', person: 'people', child: 'children' };

/** "quiz" → "quizzes", "match" → "matches", "study" → "studies", "player" → "players". */
export function pluralOf(singular: string): string {
  const irregular = IRREGULAR[singular.toLowerCase()];
  if (irregular) return singular[0] === singular[0]?.toUpperCase() ? irregular[0]!.toUpperCase() + irregular.slice(1) : irregular;
  if (/(s|x|z|ch|sh)$/i.test(singular)) return `${singular}es`;
  if (/[^aeiou]y$/i.test(singular)) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}

/** The word for `count` of them: 1 → singular, anything else (0, 2, 1.5) → plural. */
export const nounFor = (count: number, singular: string, plural: string = pluralOf(singular)): string => (count === 1 ? singular : plural);

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1 quiz", "0 quizzes", "1,234 players" (grouped digits). */
export const countOf = (count: number, singular: string, plural?: string): string => `${COUNT_FORMAT.format(count)} ${nounFor(count, singular, plural)}`;

/** Vowel letters that sound like a consonant ("a unique", "a one-off", "a European") and the reverse ("an hour"). */
const CONSONANT_SOUND = /^(uni|use|usu|uti|eu|one|once)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an" for the word that follows: "an Auditory", "a Visual", "an hour", "a unique". */
export function articleFor(word: string): 'a' | 'an' {
  const w = word.trim();
  if (VOWEL_SOUND.test(w)) return 'an';
  if (CONSONANT_SOUND.test(w)) return 'a';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** "an Auditory", "a Kinesthetic". */
export const withArticle = (word: string): string => `${articleFor(word)} ${word}`;
