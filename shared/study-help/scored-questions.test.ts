import { describe, expect, it } from 'vitest';
import { isSameQuestion, revealsScored, scoredQuestionAnswered, scoredQuestionAsked, type ScoredQuestion } from './scored-questions.ts';

const mongolia: ScoredQuestion = { id: 'geo-cap-mng', question: 'What is the capital of Mongolia?', answer: 'Ulan Bator', mode: 'live match' };
const akkad: ScoredQuestion = { id: 'hist-exp-001', question: 'Which Akkadian ruler created what is often called the first empire in Mesopotamia, in the 24th century BC?', answer: 'Sargon of Akkad', mode: 'quiz round' };
const passage = (kind: string, id: string, title: string, text: string) => ({ text, source: { kind, id, title } });

describe('isSameQuestion', () => {
  it.each([
    ['the question pasted', 'What is the capital of Mongolia?', true],
    ['reworded', "mongolia's capital city, please", true],
    ['with the options pasted after it', 'What is the capital of Mongolia? Ulan Bator, Astana, Bishkek, Tashkent', true],
    ['another country', 'What is the capital of Kazakhstan?', false],
    ['one word of it', 'Tell me about capitals', false],
  ])('%s', (_name, text, same) => {
    expect(isSameQuestion(text, mongolia.question)).toBe(same);
  });

  it('a long question reworded keeps most of its words', () => {
    expect(isSameQuestion('who was the Akkadian ruler who created the first empire in Mesopotamia?', akkad.question)).toBe(true);
    expect(isSameQuestion('Tell me about Mesopotamia', akkad.question)).toBe(false);
  });
});

describe('scoredQuestionAsked', () => {
  it('names the scored question a text asks', () => {
    expect(scoredQuestionAsked('capital of MONGOLIA?', [akkad, mongolia])).toBe(mongolia);
    expect(scoredQuestionAsked('What is photosynthesis?', [akkad, mongolia])).toBeUndefined();
  });
});

describe('scoredQuestionAnswered', () => {
  const chile: ScoredQuestion = { id: 'geo-flag-chl', question: "Which country's flag is this?", answer: 'Chile', mode: 'daily challenge' };
  const answered = (id: string, question: string, correctAnswer: string) => ({ id, question, correctAnswer });

  it('is the scored question with the same id, or the same text and answer under another id', () => {
    expect(scoredQuestionAnswered(answered('geo-cap-mng', 'anything', 'anything'), [akkad, mongolia])).toBe(mongolia);
    expect(scoredQuestionAnswered(answered('geo-cap-mng-2', 'What is the capital of Mongolia?', 'Ulan Bator'), [akkad, mongolia])).toBe(mongolia);
    expect(scoredQuestionAnswered(answered('geo-flag-chl-2', "Which country's flag is this?", 'chile'), [chile])).toBe(chile);
  });

  it('tells a templated text apart by its answer: another flag is another question', () => {
    expect(scoredQuestionAnswered(answered('geo-flag-per', "Which country's flag is this?", 'Peru'), [chile, mongolia])).toBeUndefined();
  });
});

describe('revealsScored', () => {
  it.each([
    ['the question’s own chunk, by id', passage('question', 'geo-cap-mng', 'x', 'y'), true],
    ['a copy of the question under another id', passage('question', 'other', 'What is the capital of Mongolia?', 'Answer: Ulan Bator.'), true],
    ['the country sheet naming the capital', passage('country', 'MNG', 'Mongolia', 'Mongolia is in Eastern Asia. Its capital is Ulan Bator.'), true],
    ['a sheet naming the answer without the question’s subject', passage('country', 'X', 'Trains', 'The Trans-Siberian branch reaches Ulan Bator.'), false],
    ['an unrelated sheet', passage('country', 'KAZ', 'Kazakhstan', 'Its capital is Astana.'), false],
  ])('%s', (_name, p, reveals) => {
    expect(revealsScored(p, [mongolia])).toBe(reveals);
  });

  it('a passage naming the distinctive word of a longer answer gives it away', () => {
    const giza: ScoredQuestion = { id: 'hist-beg-001', question: 'Which ancient civilisation built the pyramids at Giza?', answer: 'The ancient Egyptians', mode: 'daily challenge' };
    expect(revealsScored(passage('guide', 'egypt', 'Ancient Egypt', 'The Egyptians built the pyramids as royal tombs.'), [giza])).toBe(true);
    expect(revealsScored(passage('guide', 'rome', 'Ancient Rome', 'Roman engineers built aqueducts.'), [giza])).toBe(false);
  });
});
