import { describe, expect, it } from 'vitest';
import {
  GENERATION_MESSAGES as M,
  checkAnswerKey,
  countWords,
  generateGuideRequestSchema,
  generateQuestionsRequestSchema,
  guideLengthLabel,
  isRecommendedCount,
  lengthVerdict,
  parseFocusAreas,
  parseQuestionCount,
  supports,
  topicTag,
  validateForBank,
  verdictFor,
  wordBudget,
} from './generation.ts';

describe('question generation count (5-50, default 25)', () => {
  it.each([
    { value: undefined, result: { ok: true, count: 25 } },
    { value: '', result: { ok: true, count: 25 } },
    { value: 5, result: { ok: true, count: 5 } },
    { value: 50, result: { ok: true, count: 50 } },
    { value: '30', result: { ok: true, count: 30 } },
    { value: 4, result: { ok: false, message: M.countRange } },
    { value: 51, result: { ok: false, message: M.countRange } },
    { value: 25.5, result: { ok: false, message: M.countRange } },
    { value: 'ten', result: { ok: false, message: M.countRange } },
    { value: -10, result: { ok: false, message: M.countRange } },
  ])('$value → $result', ({ value, result }) => {
    expect(parseQuestionCount(value)).toEqual(result);
  });

  it.each([
    [24, false],
    [25, true],
    [35, true],
    [36, false],
  ])('%i recommended: %s', (count, recommended) => expect(isRecommendedCount(count)).toBe(recommended));

  it('the request needs a document or content of at least 50 characters; level defaults to beginner', () => {
    expect(generateQuestionsRequestSchema.parse({ documentId: 'doc-1' })).toMatchObject({ documentId: 'doc-1', level: 'beginner', count: 25 });
    expect(generateQuestionsRequestSchema.safeParse({}).success).toBe(false);
    expect(generateQuestionsRequestSchema.safeParse({ content: 'too short', subject: 'history' }).success).toBe(false);
    expect(generateQuestionsRequestSchema.safeParse({ documentId: 'doc-1', count: 51 }).success).toBe(false);
  });
});

describe('guide lengths', () => {
  it.each([
    { length: 'short', label: 'Short (500-800 words)', budget: { min: 500, max: 800 } },
    { length: 'medium', label: 'Medium (800-1500 words)', budget: { min: 800, max: 1500 } },
    { length: 'comprehensive', label: 'Comprehensive (1500+ words)', budget: { min: 1500, max: 2500 } },
  ] as const)('$length: $label', ({ length, label, budget }) => {
    expect(guideLengthLabel(length)).toBe(label);
    expect(wordBudget(length)).toEqual(budget);
  });

  it.each([
    { words: 499, length: 'short', verdict: 'short-of-range' },
    { words: 500, length: 'short', verdict: 'in-range' },
    { words: 800, length: 'short', verdict: 'in-range' },
    { words: 801, length: 'short', verdict: 'over-range' },
    { words: 800, length: 'medium', verdict: 'in-range' },
    { words: 1500, length: 'medium', verdict: 'in-range' },
    { words: 1501, length: 'medium', verdict: 'over-range' },
    { words: 1499, length: 'comprehensive', verdict: 'short-of-range' },
    { words: 9000, length: 'comprehensive', verdict: 'in-range' },
  ] as const)('$words words for $length: $verdict', ({ words, length, verdict }) => {
    expect(lengthVerdict(words, length)).toBe(verdict);
  });

  it('counts words', () => {
    expect(countWords('Lima is the capital of Peru, founded in 1535.')).toBe(9);
    expect(countWords('')).toBe(0);
  });
});

describe('focus areas (comma-separated, trimmed, empty entries dropped)', () => {
  it.each([
    { input: undefined, areas: [] },
    { input: '', areas: [] },
    { input: ' , ,, ', areas: [] },
    { input: 'rivers', areas: ['rivers'] },
    { input: ' rivers ,  mountain   ranges ,, capitals ', areas: ['rivers', 'mountain ranges', 'capitals'] },
    { input: 'Rivers, rivers, RIVERS', areas: ['Rivers'] },
    { input: ['rivers, lakes', ' capitals '], areas: ['rivers', 'lakes', 'capitals'] },
  ])('$input → $areas', ({ input, areas }) => {
    expect(parseFocusAreas(input)).toEqual(areas);
  });

  it('the request parses them, and needs a topic', () => {
    const parsed = generateGuideRequestSchema.parse({ subject: 'geography', difficulty_level: 'beginner', topic: ' South America ', focus_areas: 'Andes, , Amazon ' });
    expect(parsed).toMatchObject({ topic: 'South America', length: 'medium', focus_areas: ['Andes', 'Amazon'] });
    const missing = generateGuideRequestSchema.safeParse({ subject: 'geography', difficulty_level: 'beginner', topic: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(M.topicRequired);
  });
});

const passage = 'Peru is a country in western South America. Its capital is Lima, on the Pacific coast. The Inca capital was Cusco, high in the Andes.';

describe('cloze answer key against the source passage', () => {
  it.each([
    { name: 'a right key', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast.', options: ['Lima', 'Cusco', 'Quito', 'Bogotá'], correct_answer: 'Lima' }, problems: [] },
    { name: 'the key not in the passage', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast.', options: ['Lima', 'Quito'], correct_answer: 'Quito' }, problems: [M.answerNotInSource] },
    { name: 'the key in the passage but not completing the sentence', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast.', options: ['Lima', 'Cusco'], correct_answer: 'Cusco' }, problems: [M.answerNotInSource, M.answerTwice] },
    { name: 'the key not among the options', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast.', options: ['Cusco', 'Quito'], correct_answer: 'Lima' }, problems: [M.answerNotInOptions] },
    { name: 'repeated options (any case)', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast.', options: ['Lima', 'lima', 'Quito'], correct_answer: 'Lima' }, problems: [M.optionsRepeated, M.answerTwice] },
    { name: 'a question that holds its own answer', q: { question: 'Fill in the blank: Its capital is _____, on the Pacific coast (Lima).', options: ['Lima', 'Quito'], correct_answer: 'Lima' }, problems: [M.answerGivenAway, M.answerNotInSource] },
    { name: 'a plain question whose key is in the passage', q: { question: 'What is the capital of Peru?', options: ['Lima', 'Quito'], correct_answer: 'Lima' }, problems: [] },
  ])('$name', ({ q, problems }) => {
    expect(checkAnswerKey(q, passage)).toEqual(problems);
  });
});

describe('the bank’s rules on approval', () => {
  const good = {
    id: 'ai-g-1234',
    subject: 'geography',
    level: 'beginner',
    question: 'Fill in the blank: Its capital is _____, on the Pacific coast.',
    options: ['Lima', 'Cusco', 'Quito'],
    correct_answer: 'Lima',
    topic: 'south-america',
    explanation: 'Its capital is Lima, on the Pacific coast.',
  };
  it('accepts a valid question', () => expect(validateForBank(good).ok).toBe(true));
  it.each([
    { change: { options: ['Lima'] }, name: 'one option' },
    { change: { correct_answer: 'Bogotá' }, name: 'answer not an option' },
    { change: { options: ['Lima', 'Lima', 'Quito'] }, name: 'repeated option' },
    { change: { question: 'Hi?' }, name: 'question too short' },
    { change: { topic: 'South America' }, name: 'topic not a tag' },
  ])('refuses $name', ({ change }) => expect(validateForBank({ ...good, ...change }).ok).toBe(false));

  it.each([
    ['South America', 'south-america'],
    ['world-capitals', 'world-capitals'],
    ['!', 'ai-generated'],
  ])('topic tag of %s is %s', (value, tag) => expect(topicTag(value)).toBe(tag));
});

describe('fact check verdicts', () => {
  it.each([
    { sentence: 'The capital of Peru is Lima.', supported: true },
    { sentence: 'Lima is on the Pacific coast.', supported: true },
    { sentence: 'The capital of Peru is Quito.', supported: false },
    { sentence: 'Peru was founded by Martians in 1066.', supported: false },
    { sentence: 'The Inca capital was Cusco, high in the Andes.', supported: true },
  ])('"$sentence" supported: $supported', ({ sentence, supported }) => {
    expect(supports(sentence, passage)).toBe(supported);
  });

  it('names the first supporting passage', () => {
    const passages = [{ text: 'Chile is long and narrow.', id: 'a' }, { text: passage, id: 'b' }];
    expect(verdictFor('Its capital is Lima.', passages)).toEqual({ supported: true, passage: passages[1] });
    expect(verdictFor('Its capital is Santiago.', passages)).toEqual({ supported: false, passage: null });
  });
});
