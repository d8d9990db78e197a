import type * as Nlp from '#functions/ai/nlp.ts';

/**
 * Answers of the NLP module that tell wink-nlp from the plain tokenizer (lemmas, names, sentence
 * picks, cloze blanks). tests/infra/ai-bundles.test.ts computes them from source and inside a
 * Lambda bundle's probe, and expects the same.
 */
const HASTINGS = 'The Battle of Hastings took place in 1066. William the Conqueror defeated King Harold II. It began the Norman conquest of England.';
const QUESTION = 'Which armies were defeated in 1066?';

export function nlpAnswers(nlp: Pick<typeof Nlp, 'sentences' | 'contentTerms' | 'keyTerms' | 'bestSentences' | 'clozeQuestions'>) {
  const passage = { chunkId: 'hastings#000', text: HASTINGS, subject: 'history', category: 'battle', source: { kind: 'country', id: 'hastings', title: 'Hastings' }, similarity: 0.8 } as const;
  return {
    sentences: nlp.sentences(HASTINGS),
    contentTerms: nlp.contentTerms(QUESTION),
    keyTerms: nlp.keyTerms(HASTINGS, 3),
    best: nlp.bestSentences([passage], QUESTION, 1).map((s) => s.text),
    cloze: nlp.clozeQuestions(HASTINGS, 2).map((q) => [q.prompt, q.answer]),
  };
}
