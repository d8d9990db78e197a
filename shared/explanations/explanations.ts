import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { fnv1a32Hex } from '../hashing.ts';
import { questionIdSchema, roundIdSchema } from '../quiz/contracts.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/**
 * AI explanations of a finished round's wrong answers and the video library made from them
 * (video library and AI explanation panel; docs/ai.md).
 * Pure rules and the contracts shared by the web and the handlers.
 */

/** docs/ai.md: a narration's length is its words divided by 150 (minutes). */
export const WORDS_PER_MINUTE = 150;
/** Not in the spec: a video library holds at most this many videos per account (one bounded query). */
export const LIBRARY_MAX = 200;
/** Not in the spec: one Add to Video Library run takes at most this many questions (a round has at most 35). */
export const GENERATE_MAX = 35;
/** docs/ai.md: the library pauses 0.5 s between items while generating. */
export const GENERATE_PAUSE_MS = 500;

export const EXPLANATION_MESSAGES = {
  premiumRequired: 'AI explanations and video explanations are part of Premium',
  roundNotFound: 'Round not found',
  questionNotFound: 'That question is not in this round',
  roundActive: 'Finish the round to see explanations',
  answeredCorrectly: 'You answered this question correctly',
  answerMismatch: 'That is not the answer given in this round',
  /** docs/ai.md: the wait text says 10-15 seconds. */
  wait: 'Generating your AI explanation… this usually takes 10-15 seconds.',
  unavailable: 'Explanation Unavailable',
  /** docs/ai.md */
  failed: 'Failed to generate explanation',
  unexpected: 'An unexpected error occurred',
  nonJson: 'Server returned non-JSON response or empty body',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  nothingFound: 'Our knowledge base has no source that explains this question yet, so here is only what the answer key says.',
  tooMany: 'Too many new explanations in a short time. Wait a few minutes and try again.',
} as const;

export const VIDEO_MESSAGES = {
  /** docs/ai.md */
  loadFailed: 'Failed to load video explanations',
  emptyLibrary: 'No video explanations available yet. Complete some quizzes to generate explanations!',
  emptyFiltered: 'No explanations found matching your criteria.',
  addPlanFailed: 'Failed to add to study plan',
  addPlanDone: 'Added to study plan successfully!',
  linkCopied: 'Video link copied to clipboard!',
  generated: 'Videos Generated!',
  notFound: 'Video not found',
  libraryFull: `Your video library is full (${LIBRARY_MAX} videos).`,
  noSource: 'No source in our knowledge base explains this question yet, so no video was made.',
  planTitleRequired: 'Title is required',
  /** Not in the spec: simultaneous changes of one video's mark kept colliding (409, never a 500). */
  busy: 'Too many changes at once. Try again.',
} as const;

export const sourceKinds = ['document', 'country', 'question', 'guide'] as const;

/** A passage the explanation was written from, shown as its citation. */
export const citationSchema = z.object({
  kind: z.enum(sourceKinds),
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** docs/ai.md, plus the citations and whether it is grounded. */
export const explanationSchema = z.object({
  questionId: z.string(),
  textExplanation: z.string(),
  videoScript: z.string(),
  keyPoints: z.array(z.string()),
  relatedTopics: z.array(z.string()),
  sources: z.array(citationSchema),
  /** False for the fallback (docs/ai.md): nothing relevant was found, only the answer key speaks. */
  grounded: z.boolean(),
  /** Which generator wrote it (recorded with results). */
  generator: z.string(),
  generatedAt: z.string(),
});
export type Explanation = z.infer<typeof explanationSchema>;

/**
 * The client names a question of one of its finished rounds and the answer it chose there;
 * the server reads the question, its key and the answer given from the round itself.
 */
export const explainRequestSchema = z.object({
  roundId: roundIdSchema,
  questionId: questionIdSchema,
  /** The answer chosen in the round (null: left unanswered); it must be the one recorded. */
  answer: z.string().max(500).nullable().default(null),
});
export type ExplainRequest = z.input<typeof explainRequestSchema>;

export const videoIdSchema = pathIdSchema(/^[a-z0-9-]{3,64}~[0-9a-f]{8}~(?:g|[0-9])$/, 75);

export const explainResponseSchema = z.object({
  success: z.literal(true),
  /** Served from the cache: no generation ran. */
  cached: z.boolean(),
  /** Nothing relevant was found: the fallback in docs/ai.md (not cached). */
  fallback: z.boolean(),
  explanation: explanationSchema,
  videoId: videoIdSchema,
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The cache key: one explanation per question version and answer chosen.

export interface QuestionVersion {
  readonly id: string;
  readonly question: string;
  readonly options: readonly string[];
  readonly correct_answer: string;
}

/** The options in one fixed order (code units), whatever order a round showed them in. */
const canonicalOptions = (options: readonly string[]): string[] => [...options].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Where an explanation is cached: the question's id, a fingerprint of its text, options and
 * answer key (a reseed that changes the question makes a new entry, never a stale answer), and
 * the chosen option's place among the sorted options, or `g` (general) when none was chosen.
 * The same key names the video (`<id>~<version>~<slot>`).
 */
export function explanationKey(question: QuestionVersion, chosen: string | null): { questionId: string; version: string; slot: string; videoId: string } {
  const options = canonicalOptions(question.options);
  const version = fnv1a32Hex(JSON.stringify([question.question, question.correct_answer, options]));
  let slot = 'g';
  if (chosen !== null) {
    const at = options.indexOf(chosen);
    if (at < 0) throw new Error('The chosen answer is not an option of the question');
    slot = String(at);
  }
  return { questionId: question.id, version, slot, videoId: `${question.id}~${version}~${slot}` };
}

export function parseVideoId(videoId: string): { questionId: string; version: string; slot: string } | null {
  if (!videoIdSchema.safeParse(videoId).success) return null;
  const [questionId, version, slot] = videoId.split('~') as [string, string, string];
  return { questionId, version, slot };
}

// ---------------------------------------------------------------------------------------------
// The nothing-found fallback (docs/ai.md).

export interface FallbackInput {
  readonly questionId: string;
  readonly subject: Subject;
  readonly level: Level;
  readonly correctAnswer: string;
  readonly chosenAnswer: string | null;
  readonly topic?: string | null;
  readonly now: Date;
}

export const topicLabel = (topic: string): string => topic.replace(/-/g, ' ');

/** docs/ai.md: names the correct answer, notes subject and level, gives generic key points; invents nothing. */
export function fallbackExplanation(input: FallbackInput): Explanation {
  const { subject, level, correctAnswer, chosenAnswer } = input;
  const about = input.topic ? ` about ${topicLabel(input.topic)}` : '';
  const chose = chosenAnswer === null ? 'This question was left unanswered. ' : `You chose "${chosenAnswer}", which is not the answer to this question. `;
  return {
    questionId: input.questionId,
    textExplanation: `The correct answer is "${correctAnswer}". ${chose}This is ${/^[aeiou]/.test(level) ? 'an' : 'a'} ${level} ${subject} question${about}.`,
    videoScript: [`Let's review this ${level} ${subject} question.`, `The correct answer is ${correctAnswer}.`, 'Read every option carefully before you answer.'].join('\n\n'),
    keyPoints: [
      `The correct answer is ${correctAnswer}.`,
      'Read every option before answering, and look for the key words of the question.',
      `Study guides for ${subject} at the ${level} level cover this kind of question.`,
      'Practise similar questions to remember it.',
    ],
    relatedTopics: input.topic ? [topicLabel(input.topic)] : [],
    sources: [],
    grounded: false,
    generator: 'fallback',
    generatedAt: input.now.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Video items (docs/ai.md: with real counts).

export const videoSorts = ['newest', 'popular', 'rated'] as const;
export type VideoSort = (typeof videoSorts)[number];
export const VIDEO_SORT_LABEL: Record<VideoSort, string> = { newest: 'Newest First', popular: 'Most Popular', rated: 'Highest Rated' };

export const videoChips = ['all', 'personal', 'saved', 'watched', 'unwatched'] as const;
export type VideoChip = (typeof videoChips)[number];
export const VIDEO_CHIP_LABEL: Record<VideoChip, string> = { all: 'All', personal: 'Personal', saved: 'Saved', watched: 'Watched', unwatched: 'Not watched' };

export const videoItemSchema = z.object({
  id: videoIdSchema,
  title: z.string(),
  description: z.string(),
  question: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  /** docs/ai.md: difficulty: the question's level. */
  difficulty: z.enum(LEVELS),
  topic: z.string(),
  correctAnswer: z.string(),
  chosenAnswer: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageCaption: z.string().nullable(),
  explanation: explanationSchema,
  /** Seconds: the script's words / 150 minutes. */
  duration: z.number().int().nonnegative(),
  /** Real counts over every account that has this video: viewers, likes, ratings. */
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  rating: z.number().nullable(),
  ratingCount: z.number().int().nonnegative(),
  tags: z.array(z.string()),
  /** Explains the answer this student chose (not a general explanation of a skipped question). */
  isPersonal: z.boolean(),
  watched: z.boolean(),
  liked: z.boolean(),
  saved: z.boolean(),
  myRating: z.number().int().min(1).max(5).nullable(),
  addedAt: z.string(),
});
export type VideoItem = z.infer<typeof videoItemSchema>;

export const videoListSchema = z.object({ items: z.array(videoItemSchema) });
export const videoResponseSchema = z.object({ item: videoItemSchema, added: z.boolean().optional() });
/** POST /api/videos: the video, whether it is new to the library, and whether its explanation came from the cache. */
export const videoAddedSchema = z.object({ item: videoItemSchema, added: z.boolean(), cached: z.boolean() });

export const addVideoRequestSchema = z.object({ roundId: roundIdSchema, questionId: questionIdSchema });
export const likeRequestSchema = z.object({ liked: z.boolean() });
export const saveRequestSchema = z.object({ saved: z.boolean() });
export const rateRequestSchema = z.object({ rating: z.number().int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5') });
/** Add to Study Plan (docs/ai.md): the title must be non-empty after trimming. */
export const studyPlanRequestSchema = z.object({ title: z.string().trim().min(1, VIDEO_MESSAGES.planTitleRequired).max(100, 'Title is too long (maximum 100 characters)') });

/** Words of a text (anything between spaces that holds a letter or digit). */
export const wordCount = (text: string): number => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** docs/ai.md: words / 150 minutes, in whole seconds (at least 1 for any words). */
export function durationSeconds(script: string): number {
  const words = wordCount(script);
  return words === 0 ? 0 : Math.max(1, Math.round((words * 60) / WORDS_PER_MINUTE));
}

export const formatDuration = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The stored facts a video item is derived from. */
export interface VideoRecord {
  readonly id: string;
  readonly question: string;
  readonly subject: Subject;
  readonly level: Level;
  readonly topic: string;
  readonly correctAnswer: string;
  readonly chosenAnswer: string | null;
  readonly imageUrl: string | null;
  readonly imageCaption: string | null;
  readonly explanation: Explanation;
  readonly addedAt: string;
  readonly watched: boolean;
  readonly liked: boolean;
  readonly saved: boolean;
  readonly myRating: number | null;
}

export interface VideoCounts {
  readonly views: number;
  readonly likes: number;
  readonly ratingSum: number;
  readonly ratingCount: number;
}

const shorten = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** A video item from its record and its counters: nothing random. */
export function toVideoItem(record: VideoRecord, counts: VideoCounts): VideoItem {
  const { explanation } = record;
  const tags = [...new Set([record.subject, record.level, topicLabel(record.topic), ...explanation.relatedTopics.slice(0, 3)].map((t) => t.toLowerCase()))];
  return {
    id: record.id,
    title: `${record.correctAnswer}: ${shorten(record.question, 80)}`,
    description: shorten(explanation.textExplanation, 200),
    question: record.question,
    subject: record.subject,
    level: record.level,
    difficulty: record.level,
    topic: record.topic,
    correctAnswer: record.correctAnswer,
    chosenAnswer: record.chosenAnswer,
    imageUrl: record.imageUrl,
    imageCaption: record.imageCaption,
    explanation,
    duration: durationSeconds(explanation.videoScript),
    views: Math.max(0, counts.views),
    likes: Math.max(0, counts.likes),
    rating: counts.ratingCount > 0 ? Math.round((counts.ratingSum / counts.ratingCount) * 10) / 10 : null,
    ratingCount: Math.max(0, counts.ratingCount),
    tags,
    isPersonal: record.chosenAnswer !== null,
    watched: record.watched,
    liked: record.liked,
    saved: record.saved,
    myRating: record.myRating,
    addedAt: record.addedAt,
  };
}

/** docs/ai.md: header counts. */
export function libraryCounts(items: readonly Pick<VideoItem, 'watched' | 'saved' | 'isPersonal'>[]): { explanations: number; watched: number; saved: number; personal: number } {
  return {
    explanations: items.length,
    watched: items.filter((i) => i.watched).length,
    saved: items.filter((i) => i.saved).length,
    personal: items.filter((i) => i.isPersonal).length,
  };
}

type Sortable = Pick<VideoItem, 'id' | 'addedAt' | 'views' | 'likes' | 'rating' | 'ratingCount'>;
const newest = (a: Sortable, b: Sortable) => b.addedAt.localeCompare(a.addedAt) || a.id.localeCompare(b.id);

/**
 * docs/ai.md: sort: Newest First (added), Most Popular (viewers, then likes), Highest Rated (average,
 * then number of ratings; unrated last). Ties fall back to newest, then id: a stable order.
 */
export function sortVideos<T extends Sortable>(items: readonly T[], sort: VideoSort): T[] {
  const copy = [...items];
  if (sort === 'newest') return copy.sort(newest);
  if (sort === 'popular') return copy.sort((a, b) => b.views - a.views || b.likes - a.likes || newest(a, b));
  return copy.sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.ratingCount - a.ratingCount || newest(a, b));
}

export interface VideoFilters {
  readonly search: string;
  readonly subject: Subject | 'all';
  readonly level: Level | 'all';
  readonly chip: VideoChip;
}

export const NO_FILTERS: VideoFilters = { search: '', subject: 'all', level: 'all', chip: 'all' };

export const hasFilters = (f: VideoFilters): boolean => f.search.trim() !== '' || f.subject !== 'all' || f.level !== 'all' || f.chip !== 'all';

/** Search (title, question, topic, tags, related topics, key points), subject, level and the chip. */
export function filterVideos<T extends VideoItem>(items: readonly T[], filters: VideoFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  return items.filter((item) => {
    if (filters.subject !== 'all' && item.subject !== filters.subject) return false;
    if (filters.level !== 'all' && item.level !== filters.level) return false;
    if (filters.chip === 'personal' && !item.isPersonal) return false;
    if (filters.chip === 'saved' && !item.saved) return false;
    if (filters.chip === 'watched' && !item.watched) return false;
    if (filters.chip === 'unwatched' && item.watched) return false;
    if (!needle) return true;
    const haystack = [item.title, item.question, item.topic, item.correctAnswer, ...item.tags, ...item.explanation.relatedTopics, ...item.explanation.keyPoints].join('\n').toLowerCase();
    return haystack.includes(needle);
  });
}

// ---------------------------------------------------------------------------------------------
// Generation from the URL (docs/ai.md): ?generate=true&questions=<roundId>:<questionId>,…

export interface GenerateTarget {
  readonly roundId: string;
  readonly questionId: string;
}

/** The questions to make videos of, or null when the URL asks for no generation. Invalid entries are dropped. */
export function parseGenerateQuery(params: URLSearchParams): GenerateTarget[] | null {
  if (params.get('generate') !== 'true') return null;
  const seen = new Set<string>();
  const targets: GenerateTarget[] = [];
  for (const entry of (params.get('questions') ?? '').split(',')) {
    const [roundId, questionId, extra] = entry.trim().split(':');
    if (extra !== undefined || !roundIdSchema.safeParse(roundId).success || !questionIdSchema.safeParse(questionId).success) continue;
    const key = `${roundId}:${questionId}`;
    if (seen.has(key) || targets.length >= GENERATE_MAX) continue;
    seen.add(key);
    targets.push({ roundId: roundId!, questionId: questionId! });
  }
  return targets;
}

/** The search string that asks the library to make these videos. */
export function generateQuery(targets: readonly GenerateTarget[]): string {
  const params = new URLSearchParams({ generate: 'true', questions: targets.map((t) => `${t.roundId}:${t.questionId}`).join(',') });
  return `?${params.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// The narrated slideshow.

export interface Slide {
  readonly kind: 'question' | 'point' | 'answer';
  readonly heading: string;
  /** What the slide shows. */
  readonly text: string;
  /** What is read aloud while it shows (a paragraph of the script). */
  readonly narration: string;
  readonly imageUrl: string | null;
  /** How long the slide shows without speech: its narration's words / 150 minutes, at least 3 s. */
  readonly seconds: number;
}

const slideSeconds = (narration: string): number => Math.max(3, durationSeconds(narration));

/**
 * The slides of a video: the script's paragraphs in order, the first over the question (and
 * its image), the last over the correct answer; between them the answer given against the
 * right one (Why), then the key points.
 */
export function videoSlides(item: Pick<VideoItem, 'question' | 'correctAnswer' | 'imageUrl'> & { explanation: Pick<Explanation, 'videoScript'> }): Slide[] {
  const paragraphs = item.explanation.videoScript
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) paragraphs.push(`The correct answer is ${item.correctAnswer}.`);
  return paragraphs.map((narration, i): Slide => {
    if (i === 0) return { kind: 'question', heading: 'The question', text: item.question, narration, imageUrl: item.imageUrl, seconds: slideSeconds(narration) };
    if (i === paragraphs.length - 1) return { kind: 'answer', heading: 'The answer', text: item.correctAnswer, narration, imageUrl: null, seconds: slideSeconds(narration) };
    return { kind: 'point', heading: i === 1 ? 'Why' : `Key point ${i - 1}`, text: narration, narration, imageUrl: null, seconds: slideSeconds(narration) };
  });
}
