import { describe, expect, it, vi } from 'vitest';
import { bestSentences, clozeQuestions, contentTerms, keyTerms, nlpEngine, sentences, summarize } from './nlp.ts';
import type { Passage } from './types.ts';

const FRANCE =
  'France is a country in Western Europe. Its capital is Paris, and it uses the Euro (EUR). It borders Belgium, Germany, Spain and Italy. Its area is 551,695 square kilometres.';
const HASTINGS = 'The Battle of Hastings took place in 1066. William the Conqueror defeated King Harold II. It began the Norman conquest of England.';

const passage = (id: string, text: string, similarity = 0.8): Passage => ({
  chunkId: `${id}#000`,
  text,
  subject: 'geography',
  category: 'country',
  source: { kind: 'country', id, title: id },
  similarity,
});

describe('sentences', () => {
  it('splits on sentence boundaries, not on abbreviations or decimals', () => {
    expect(sentences('Mr. Smith paid 3.5 euros. He left.  ')).toEqual(['Mr. Smith paid 3.5 euros.', 'He left.']);
    expect(sentences(FRANCE)).toHaveLength(4);
    expect(sentences('   ')).toEqual([]);
  });
});

describe('contentTerms', () => {
  it('keeps content words as lower-case lemmas', () => {
    expect(contentTerms('What is the capital of France?')).toEqual(['capital', 'france']);
    expect(contentTerms('Which armies were defeated in 1066?')).toEqual(['army', 'defeat', '1066']);
  });
});

describe('keyTerms', () => {
  it('ranks names (multi-word ones, "of" inside included) before common nouns', () => {
    expect(keyTerms(HASTINGS, 3)).toEqual(['Battle of Hastings', 'William the Conqueror', 'King Harold II']);
    expect(keyTerms(FRANCE, 2)).toEqual(['Western Europe', 'France']);
    expect(keyTerms('', 3)).toEqual([]);
  });
});

describe('bestSentences', () => {
  it('picks the sentences sharing the query\'s rarer words, each with its passage', () => {
    const best = bestSentences([passage('fra', FRANCE), passage('hastings', HASTINGS, 0.4)], 'Who won the Battle of Hastings?', 2);
    // Only sentences that share a word with the query: "battle" and "hastings".
    expect(best.map((s) => s.text)).toEqual(['The Battle of Hastings took place in 1066.']);
    expect(best[0]!.passage.source.id).toBe('hastings');
    expect(bestSentences([passage('fra', FRANCE)], 'What is its capital and which nations does it border?', 2).map((s) => s.text)).toEqual([
      'Its capital is Paris, and it uses the Euro (EUR).',
      'It borders Belgium, Germany, Spain and Italy.',
    ]);
  });

  it('keeps the words that decide the question ("first") and matches a word family ("Rome", "Roman")', () => {
    const charlemagne = passage('q-800', 'Who was crowned emperor in Rome in 800? Charlemagne, king of the Franks, was crowned emperor in Rome in 800, reviving the idea of a Western empire.');
    const rome = passage(
      'rome',
      'According to legend, Rome was founded in 753 BCE. His adopted heir Octavian defeated his rivals and in 27 BCE became Augustus, the first Roman emperor.',
    );
    expect(contentTerms('Who was the first emperor of Rome?')).toEqual(['first', 'emperor', 'rome']);
    const best = bestSentences([charlemagne, rome], 'Who was the first emperor of Rome?', 3).map((s) => s.text);
    expect(best[0]).toBe('His adopted heir Octavian defeated his rivals and in 27 BCE became Augustus, the first Roman emperor.');
    // The bank's question is not part of an answer.
    expect(best).not.toContain('Who was crowned emperor in Rome in 800?');
  });

  it('falls back to the opening sentence of each passage when no word matches', () => {
    const best = bestSentences([passage('fra', FRANCE), passage('hastings', HASTINGS, 0.4)], 'zzz qqq', 5);
    expect(best.map((s) => s.text)).toEqual(['France is a country in Western Europe.', 'The Battle of Hastings took place in 1066.']);
  });

  it('returns nothing for no passages', () => {
    expect(bestSentences([], 'anything', 3)).toEqual([]);
  });
});

describe('clozeQuestions', () => {
  it('blanks a name or a number in each sentence, with distractors of the same kind and the source', () => {
    const questions = clozeQuestions(passage('fra', FRANCE), 3);
    expect(questions.map((q) => [q.prompt, q.answer])).toEqual([
      ['France is a country in _____.', 'Western Europe'],
      ['Its capital is _____, and it uses the Euro (EUR).', 'Paris'],
      ['It borders _____, Germany, Spain and Italy.', 'Belgium'],
    ]);
    for (const q of questions) {
      expect(q.prompt.replace('_____', q.answer)).toBe(q.sentence);
      expect(q.distractors).not.toContain(q.answer);
      expect(q.source).toEqual({ kind: 'country', id: 'fra', title: 'fra' });
    }
    expect(clozeQuestions(FRANCE, 10).find((q) => q.answer === '551,695')?.prompt).toBe('Its area is _____ square kilometres.');
  });
});

describe('summarize', () => {
  it('keeps the n most central sentences in their order', () => {
    expect(summarize(FRANCE, 2)).toHaveLength(2);
    expect(summarize(FRANCE, 2)[0]).toBe('France is a country in Western Europe.');
    expect(summarize('One. Two.', 5)).toEqual(['One.', 'Two.']);
  });
});

describe('without wink-nlp (a Lambda shipped without it): the plain tokenizer', () => {
  it('still splits, finds names, picks answering sentences and makes cloze questions', async () => {
    const { useNlpEngineForTests } = await import('./nlp.ts');
    useNlpEngineForTests('plain');
    try {
      expect(sentences(FRANCE)).toHaveLength(4);
      expect(contentTerms('What is the capital of France?')).toEqual(['capital', 'france']);
      expect(keyTerms(HASTINGS, 3).join(' | ')).toMatch(/Hastings/);
      expect(bestSentences([passage('fra', FRANCE)], 'What is the capital of France?', 1)[0]!.text).toMatch(/capital is Paris|France is a country/);
      const cloze = clozeQuestions(FRANCE, 2);
      expect(cloze.length).toBeGreaterThan(0);
      for (const q of cloze) expect(q.prompt.replace('_____', q.answer)).toBe(q.sentence);
    } finally {
      useNlpEngineForTests('wink');
    }
  });
});

describe('nlpEngine', () => {
  it('is wink where wink-nlp and its model are installed', () => {
    expect(nlpEngine()).toBe('wink');
  });

  it('is plain where wink-nlp cannot be loaded, and says so in one warning per process', async () => {
    vi.resetModules();
    const warn = vi.fn();
    vi.doMock('../lib/log.ts', () => ({ log: { info: vi.fn(), warn, error: vi.fn() } }));
    vi.doMock('node:module', async (actual) => ({
      ...(await actual<typeof import('node:module')>()),
      createRequire: () => (name: string) => {
        throw new Error(`Cannot find module '${name}'`);
      },
    }));
    try {
      const fresh = await import('./nlp.ts');
      expect(fresh.nlpEngine()).toBe('plain');
      expect(fresh.sentences(FRANCE)).toHaveLength(4);
      fresh.keyTerms(HASTINGS, 3);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('wink-nlp'), { error: "Cannot find module 'wink-nlp'" });
    } finally {
      vi.doUnmock('node:module');
      vi.doUnmock('../lib/log.ts');
      vi.resetModules();
    }
  });
});
