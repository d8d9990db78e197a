import { describe, expect, it } from 'vitest';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { FREE_LIMITS, UNLIMITED } from '../entitlements.ts';
import { STUDY_GUIDES } from './catalogue.ts';
import { GUIDE_MESSAGES as M, canReadGuide, guideDetailSchema, guideListFor, guideQuerySchema, orderGuides } from './study-guides.ts';

const all = guideQuerySchema.parse({});

describe('Study guide access (3-learning §6, §9: free users read 3 guides)', () => {
  it.each([
    [0, FREE_LIMITS.study_guides, true],
    [1, FREE_LIMITS.study_guides, true],
    [2, FREE_LIMITS.study_guides, true],
    [3, FREE_LIMITS.study_guides, false],
    [17, FREE_LIMITS.study_guides, false],
    [0, UNLIMITED, true],
    [3, UNLIMITED, true],
    [17, UNLIMITED, true],
    [0, 0, false],
    [4, 5, true],
    [-1, UNLIMITED, false],
  ])('position %i with limit %i → readable %s', (position, limit, readable) => {
    expect(canReadGuide(position, limit)).toBe(readable);
  });

  it('a free list shows every guide, the first 3 open and the rest locked ("n more with Premium")', () => {
    const list = guideListFor(STUDY_GUIDES, all, FREE_LIMITS.study_guides);
    expect(list.guides).toHaveLength(STUDY_GUIDES.length);
    expect(list.guides.slice(0, 3).every((g) => !g.locked)).toBe(true);
    expect(list.guides.slice(3).every((g) => g.locked)).toBe(true);
    expect(list.locked_count).toBe(STUDY_GUIDES.length - 3);
    expect(list.free_limit).toBe(3);
    // Locked entries carry the title and summary only, never the guide's text.
    expect(Object.keys(list.guides[5]!).sort()).toEqual(['id', 'level', 'locked', 'subject', 'summary', 'title', 'topic']);
  });

  it('filters cannot unlock guides: the open ones are the first 3 of the whole catalogue', () => {
    const open = new Set(guideListFor(STUDY_GUIDES, all, 3).guides.filter((g) => !g.locked).map((g) => g.id));
    for (const subject of SUBJECTS) {
      for (const level of LEVELS) {
        const list = guideListFor(STUDY_GUIDES, { q: '', subject, level }, 3);
        for (const g of list.guides) expect(g.locked).toBe(!open.has(g.id));
      }
    }
  });

  it('full access unlocks every guide', () => {
    const list = guideListFor(STUDY_GUIDES, all, UNLIMITED);
    expect(list.locked_count).toBe(0);
    expect(list.free_limit).toBeNull();
  });
});

describe('Study guide search and filters', () => {
  it.each([
    [{ subject: 'history' }, 6],
    [{ level: 'expert' }, 6],
    [{ subject: 'religion', level: 'advanced' }, 2],
    [{ q: 'CAPITAL' }, 1],
    [{ q: 'lira' }, 1],
    [{ q: 'no such topic' }, 0],
    [{ q: '', subject: '', level: '' }, 18],
  ])('%j → %i guides', (input, count) => {
    const query = guideQuerySchema.parse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '')));
    expect(guideListFor(STUDY_GUIDES, query, UNLIMITED).guides).toHaveLength(count);
  });

  it.each([
    [{ q: 'x'.repeat(101) }, M.searchTooLong],
    [{ subject: 'maths' }, M.badFilter],
    [{ level: 'hard' }, M.badFilter],
  ])('%j is refused: %s', (input, message) => {
    const result = guideQuerySchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});

describe('The catalogue', () => {
  it('has at least two guides per subject and level, with unique ids', () => {
    expect(new Set(STUDY_GUIDES.map((g) => g.id)).size).toBe(STUDY_GUIDES.length);
    for (const subject of SUBJECTS) for (const level of LEVELS) expect(STUDY_GUIDES.filter((g) => g.subject === subject && g.level === level).length).toBeGreaterThanOrEqual(2);
  });

  it('gives every guide text, key points and check questions with answers', () => {
    for (const g of STUDY_GUIDES) {
      expect(guideDetailSchema.parse({ guide: g }).guide.id).toBe(g.id);
      expect(g.content.length).toBeGreaterThanOrEqual(3);
      expect(g.key_points.length).toBeGreaterThanOrEqual(3);
      expect(g.check_questions.length).toBeGreaterThanOrEqual(3);
      for (const q of g.check_questions) expect(q.question.endsWith('?') || q.question.endsWith('.')).toBe(true);
    }
  });

  it('opens one beginner guide per subject to free accounts', () => {
    const free = orderGuides(STUDY_GUIDES).slice(0, 3);
    expect(free.map((g) => g.level)).toEqual(['beginner', 'beginner', 'beginner']);
    expect(new Set(free.map((g) => g.subject))).toEqual(new Set(SUBJECTS));
  });
});
