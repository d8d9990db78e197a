import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { UNLIMITED } from '../entitlements.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/** Study guides (docs/learning.md): rules shared by the page and the Lambdas. */
export const GUIDE_LIMITS = {
  searchMax: 100,
} as const;

export const GUIDE_MESSAGES = {
  loadFailed: 'Failed to fetch study guides',
  notFound: 'Study guide not found',
  premiumRequired: 'This study guide is part of Premium',
  searchTooLong: `Search must be at most ${GUIDE_LIMITS.searchMax} characters`,
  badFilter: 'Choose a subject and level from the lists',
} as const;

/** One check question of a guide: asked, then its answer shown on demand. */
export interface CheckQuestion {
  readonly question: string;
  readonly answer: string;
}

/** A guide as stored (study_guides: id, subject, topic, difficulty_level, content, created_at, metadata key points and quiz questions). */
export interface StudyGuide {
  readonly id: string;
  readonly subject: Subject;
  readonly level: Level;
  readonly title: string;
  readonly topic: string;
  readonly summary: string;
  /** Paragraphs, in reading order. */
  readonly content: readonly string[];
  readonly key_points: readonly string[];
  readonly check_questions: readonly CheckQuestion[];
  readonly created_at: string;
}

const subjectFilter = z.enum(['all', ...SUBJECTS], GUIDE_MESSAGES.badFilter);
const levelFilter = z.enum(['all', ...LEVELS], GUIDE_MESSAGES.badFilter);

/** GET /api/guides?q=&subject=&level=: empty or missing values mean "all". */
export const guideQuerySchema = z.object({
  q: z.string().trim().max(GUIDE_LIMITS.searchMax, GUIDE_MESSAGES.searchTooLong).optional().default(''),
  subject: subjectFilter.optional().default('all'),
  level: levelFilter.optional().default('all'),
});
export type GuideQuery = z.output<typeof guideQuerySchema>;

export const guideIdSchema = pathIdSchema(/^[a-z0-9-]{3,80}$/, 80);

/** What everyone sees of a guide in the list; a locked one carries its title and summary only. */
export const guideSummarySchema = z.object({
  id: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  title: z.string(),
  topic: z.string(),
  summary: z.string(),
  locked: z.boolean(),
  /** Written by the admin's AI generation from the knowledge base (listed after the catalogue). */
  ai_generated: z.boolean().optional(),
});
export type GuideSummary = z.output<typeof guideSummarySchema>;

export const guideListSchema = z.object({
  guides: z.array(guideSummarySchema),
  /** How many guides in the list the caller cannot read ("n more with Premium"). */
  locked_count: z.number().int().min(0),
  /** How many guides a free account reads (3); null with full access. */
  free_limit: z.number().int().min(0).nullable(),
});
export type GuideList = z.output<typeof guideListSchema>;

export const guideDetailSchema = z.object({
  guide: z.object({
    id: z.string(),
    subject: z.enum(SUBJECTS),
    level: z.enum(LEVELS),
    title: z.string(),
    topic: z.string(),
    summary: z.string(),
    content: z.array(z.string()),
    key_points: z.array(z.string()),
    check_questions: z.array(z.object({ question: z.string(), answer: z.string() })),
    created_at: z.string(),
    /** An AI-generated guide's sources and whether it was fact-checked against the knowledge base. */
    ai: z.object({ fact_checked: z.boolean(), sources: z.array(z.object({ kind: z.string(), id: z.string(), title: z.string() })) }).optional(),
  }),
});
export type GuideDetail = z.output<typeof guideDetailSchema>['guide'];

/** The catalogue's order: newest first (study_guides ordered by created_at descending), then by id. */
export function orderGuides<T extends Pick<StudyGuide, 'id' | 'created_at'>>(guides: readonly T[]): T[] {
  return [...guides].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/**
 * Whether the guide at `position` in the whole catalogue (0-based, in `orderGuides` order) is
 * readable under `limit` (limitFor 'study_guides': 3 for free, -1 unlimited). The position is
 * in the whole catalogue, never in a filtered list, so filters cannot unlock more guides.
 */
export function canReadGuide(position: number, limit: number): boolean {
  if (position < 0) return false;
  return limit === UNLIMITED || position < limit;
}

/** Search in title, topic, summary and key points (any case); filters by subject and level. */
export function matchesGuide(guide: StudyGuide, query: GuideQuery): boolean {
  if (query.subject !== 'all' && guide.subject !== query.subject) return false;
  if (query.level !== 'all' && guide.level !== query.level) return false;
  const term = query.q.toLowerCase();
  if (!term) return true;
  return [guide.title, guide.topic, guide.summary, ...guide.key_points].some((text) => text.toLowerCase().includes(term));
}

/** The list a caller gets: every matching guide, the ones they cannot read reduced to title and summary. */
export function guideListFor(catalogue: readonly StudyGuide[], query: GuideQuery, limit: number, generated: readonly StudyGuide[] = []): GuideList {
  // AI-generated guides (newest first) follow the catalogue: the free allowance is the catalogue's basic guides.
  const ordered = [...orderGuides(catalogue), ...orderGuides(generated)];
  const fromAi = new Set(generated.map((g) => g.id));
  const guides = ordered.flatMap((guide, position): GuideSummary[] =>
    matchesGuide(guide, query)
      ? [
          {
            id: guide.id,
            subject: guide.subject,
            level: guide.level,
            title: guide.title,
            topic: guide.topic,
            summary: guide.summary,
            locked: !canReadGuide(position, limit),
            ...(fromAi.has(guide.id) ? { ai_generated: true } : {}),
          },
        ]
      : [],
  );
  return { guides, locked_count: guides.filter((g) => g.locked).length, free_limit: limit === UNLIMITED ? null : limit };
}
