import { describe, expect, it } from 'vitest';
import {
  durationSeconds,
  explanationKey,
  fallbackExplanation,
  filterVideos,
  formatDuration,
  generateQuery,
  libraryCounts,
  NO_FILTERS,
  parseGenerateQuery,
  parseVideoId,
  sortVideos,
  toVideoItem,
  videoSlides,
  type Explanation,
  type VideoItem,
  type VideoRecord,
} from './explanations.ts';

const question = { id: 'q-0123456789abcdef', question: 'What is the capital of France?', options: ['Paris', 'Berlin', 'Madrid', 'Rome'], correct_answer: 'Paris' };

describe('the explanation cache key', () => {
  const base = explanationKey(question, 'Berlin');
  it.each([
    ['the same answer in another option order', { ...question, options: ['Rome', 'Madrid', 'Berlin', 'Paris'] }, 'Berlin', true],
    ['another wrong answer', question, 'Madrid', false],
    ['no answer (a general explanation)', question, null, false],
    ['a reworded question', { ...question, question: 'Which city is the capital of France?' }, 'Berlin', false],
    ['another answer key', { ...question, correct_answer: 'Berlin' }, 'Berlin', false],
    ['a changed option list', { ...question, options: ['Paris', 'Berlin', 'Madrid', 'Lyon'] }, 'Berlin', false],
  ] as const)('%s: same key %s', (_, q, chosen, same) => {
    expect(explanationKey(q, chosen).videoId === base.videoId).toBe(same);
  });

  it('names the question, a fingerprint of its version and the slot of the sorted options', () => {
    // Sorted: Berlin, Madrid, Paris, Rome.
    expect(explanationKey(question, 'Berlin').slot).toBe('0');
    expect(explanationKey(question, 'Rome').slot).toBe('3');
    expect(explanationKey(question, null).slot).toBe('g');
    expect(base.videoId).toMatch(/^q-0123456789abcdef~[0-9a-f]{8}~0$/);
    expect(parseVideoId(base.videoId)).toEqual({ questionId: question.id, version: base.version, slot: '0' });
    expect(parseVideoId('q-1~zz~0')).toBeNull();
    expect(parseVideoId('../etc~00000000~0')).toBeNull();
  });

  it('refuses an answer that is not an option', () => {
    expect(() => explanationKey(question, 'Lyon')).toThrow();
  });
});

describe('duration: words / 150 minutes', () => {
  it.each([
    ['', 0],
    ['One', 1], // 0.4 s rounds to 0, at least 1
    [Array(150).fill('word').join(' '), 60],
    [Array(75).fill('word').join(' '), 30],
    [Array(300).fill('word').join('  \n'), 120],
    [Array(10).fill('word — word').join(' '), 8], // dashes are not words: 20 words = 8 s
  ])('%#: %j → %i s', (script, seconds) => {
    expect(durationSeconds(script)).toBe(seconds);
  });

  it.each([
    [0, '0:00'],
    [8, '0:08'],
    [60, '1:00'],
    [125, '2:05'],
  ])('%i s shows as %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

const explanation: Explanation = {
  questionId: question.id,
  textExplanation: 'You chose Berlin, but the correct answer is Paris. Paris is the capital of France.',
  videoScript: 'Question.\n\nWhy.\n\nPoint one.\n\nRemember: Paris.',
  keyPoints: ['Paris is the capital of France.'],
  relatedTopics: ['France', 'Europe'],
  sources: [{ kind: 'country', id: 'FRA', title: 'France', excerpt: 'France… capital Paris' }],
  grounded: true,
  generator: 'test',
  generatedAt: '2026-11-23T10:00:00.000Z',
};

const record = (over: Partial<VideoRecord> = {}): VideoRecord => ({
  id: explanationKey(question, 'Berlin').videoId,
  question: question.question,
  subject: 'geography',
  level: 'beginner',
  topic: 'capitals',
  correctAnswer: 'Paris',
  chosenAnswer: 'Berlin',
  imageUrl: null,
  imageCaption: null,
  explanation,
  addedAt: '2026-11-23T10:00:00.000Z',
  watched: false,
  liked: false,
  saved: false,
  myRating: null,
  ...over,
});

describe('video items and the header counts', () => {
  it('derives duration, rating and personal from what is stored (nothing random)', () => {
    const item = toVideoItem(record(), { views: 3, likes: 2, ratingSum: 9, ratingCount: 2 });
    expect(item).toMatchObject({ views: 3, likes: 2, rating: 4.5, ratingCount: 2, isPersonal: true, duration: durationSeconds(explanation.videoScript), difficulty: 'beginner' });
    expect(item.tags).toEqual(['geography', 'beginner', 'capitals', 'france', 'europe']);
    expect(toVideoItem(record(), { views: 3, likes: 2, ratingSum: 9, ratingCount: 2 })).toEqual(item);
    expect(toVideoItem(record({ chosenAnswer: null }), { views: 0, likes: 0, ratingSum: 0, ratingCount: 0 })).toMatchObject({ isPersonal: false, rating: null });
  });

  it('counts explanations, watched, saved and personal', () => {
    const items = [
      { watched: true, saved: false, isPersonal: true },
      { watched: true, saved: true, isPersonal: false },
      { watched: false, saved: true, isPersonal: true },
    ];
    expect(libraryCounts(items)).toEqual({ explanations: 3, watched: 2, saved: 2, personal: 2 });
    expect(libraryCounts([])).toEqual({ explanations: 0, watched: 0, saved: 0, personal: 0 });
  });
});

describe('sort', () => {
  const v = (id: string, addedAt: string, views: number, likes: number, rating: number | null, ratingCount: number) => ({ id, addedAt, views, likes, rating, ratingCount });
  const items = [
    v('a', '2026-11-01T00:00:00Z', 5, 1, 3, 4),
    v('b', '2026-11-03T00:00:00Z', 5, 3, null, 0),
    v('c', '2026-11-02T00:00:00Z', 9, 0, 4.5, 2),
    v('d', '2026-11-04T00:00:00Z', 0, 0, 4.5, 5),
    v('e', '2026-11-04T00:00:00Z', 0, 0, null, 0),
  ];
  it.each([
    ['newest', ['d', 'e', 'b', 'c', 'a']],
    ['popular', ['c', 'b', 'a', 'd', 'e']],
    ['rated', ['d', 'c', 'a', 'e', 'b']],
  ] as const)('%s → %j', (sort, order) => {
    expect(sortVideos(items, sort).map((i) => i.id)).toEqual(order);
  });
});

describe('filters', () => {
  const item = (over: Partial<VideoItem>): VideoItem => ({ ...toVideoItem(record(), { views: 0, likes: 0, ratingSum: 0, ratingCount: 0 }), ...over });
  const items = [
    item({ id: 'q-aaa~00000000~0', subject: 'geography', level: 'beginner', watched: true, saved: true }),
    item({ id: 'q-bbb~00000000~1', subject: 'history', level: 'expert', question: 'Who crossed the Rubicon?', title: 'Julius Caesar: Who crossed the Rubicon?', topic: 'rome', tags: ['history', 'expert', 'rome'], explanation: { ...explanation, relatedTopics: ['Roman Republic'], keyPoints: [] }, isPersonal: false }),
  ];
  it.each([
    [{}, ['q-aaa~00000000~0', 'q-bbb~00000000~1']],
    [{ search: 'rubicon' }, ['q-bbb~00000000~1']],
    [{ search: '  ROMAN republic ' }, ['q-bbb~00000000~1']],
    [{ search: 'france' }, ['q-aaa~00000000~0']],
    [{ subject: 'history' }, ['q-bbb~00000000~1']],
    [{ level: 'beginner' }, ['q-aaa~00000000~0']],
    [{ chip: 'personal' }, ['q-aaa~00000000~0']],
    [{ chip: 'saved' }, ['q-aaa~00000000~0']],
    [{ chip: 'watched' }, ['q-aaa~00000000~0']],
    [{ chip: 'unwatched' }, ['q-bbb~00000000~1']],
    [{ subject: 'religion' }, []],
  ] as const)('%j', (over, ids) => {
    expect(filterVideos(items, { ...NO_FILTERS, ...over }).map((i) => i.id)).toEqual(ids);
  });
});

describe('generation from the URL', () => {
  it('reads generate=true and questions=<round>:<question>,…, dropping invalid and repeated entries', () => {
    const round = 'mabc123def456';
    expect(parseGenerateQuery(new URLSearchParams(''))).toBeNull();
    expect(parseGenerateQuery(new URLSearchParams('generate=false&questions=x'))).toBeNull();
    expect(parseGenerateQuery(new URLSearchParams('generate=true'))).toEqual([]);
    const query = generateQuery([
      { roundId: round, questionId: 'q-1111' },
      { roundId: round, questionId: 'q-2222' },
    ]);
    expect(query).toBe(`?generate=true&questions=${round}%3Aq-1111%2C${round}%3Aq-2222`);
    expect(parseGenerateQuery(new URLSearchParams(query))).toEqual([
      { roundId: round, questionId: 'q-1111' },
      { roundId: round, questionId: 'q-2222' },
    ]);
    const messy = new URLSearchParams({ generate: 'true', questions: `${round}:q-1111,${round}:q-1111,BAD:q-2,${round}:q-3:x,${round}:Q!` });
    expect(parseGenerateQuery(messy)).toEqual([{ roundId: round, questionId: 'q-1111' }]);
  });
});

describe('the §8 fallback', () => {
  it('names the correct answer, subject and level, gives generic key points and cites nothing', () => {
    const f = fallbackExplanation({ questionId: 'q-1', subject: 'history', level: 'advanced', correctAnswer: '1066', chosenAnswer: '1067', topic: 'norman-conquest', now: new Date('2026-11-23T00:00:00Z') });
    expect(f.textExplanation).toBe('The correct answer is "1066". You chose "1067", which is not the answer to this question. This is an advanced history question about norman conquest.');
    expect(f.keyPoints[0]).toBe('The correct answer is 1066.');
    expect(f.keyPoints.length).toBeGreaterThanOrEqual(3);
    expect(f).toMatchObject({ grounded: false, sources: [], relatedTopics: ['norman conquest'], generator: 'fallback' });
    const skipped = fallbackExplanation({ questionId: 'q-1', subject: 'history', level: 'beginner', correctAnswer: 'Rome', chosenAnswer: null, now: new Date() });
    expect(skipped.textExplanation).toContain('left unanswered');
  });
});

describe('slides', () => {
  it('one slide per script paragraph: the question first (with its image), the answer last, key points between', () => {
    const slides = videoSlides({ question: 'Q?', correctAnswer: 'Paris', imageUrl: '/flags/x.svg', explanation: { videoScript: 'Intro words here.\n\nWhy it is Paris.\n\n  \n\nA point.\n\nRemember Paris.' } });
    expect(slides.map((s) => [s.kind, s.heading, s.text, s.imageUrl])).toEqual([
      ['question', 'The question', 'Q?', '/flags/x.svg'],
      ['point', 'Why', 'Why it is Paris.', null],
      ['point', 'Key point 1', 'A point.', null],
      ['answer', 'The answer', 'Paris', null],
    ]);
    expect(slides.every((s) => s.seconds >= 3)).toBe(true);
    expect(videoSlides({ question: 'Q?', correctAnswer: 'Paris', imageUrl: null, explanation: { videoScript: Array(300).fill('w').join(' ') } })[0]!.seconds).toBe(120);
  });
});
