import { describe, expect, it } from 'vitest';
import type { KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';
import { TUTOR_MESSAGES } from '#shared/tutor/tutor.ts';
import { answerQuestion, chunkBatcher, citationsFor } from './answer.ts';

const passage = (id: string, kind: Passage['source']['kind'], title: string, text: string): Passage => ({
  chunkId: `${kind}#${id}#000`,
  text,
  subject: 'geography',
  category: 'country',
  source: { kind, id, title },
  similarity: 0.8,
});
const bank = passage('q1', 'question', 'What is the capital of Peru?', 'What is the capital of Peru? Answer: Lima. The capital of Peru is Lima.');
const sheet = passage('per', 'country', 'Peru', 'Peru is a country in South America. The capital of Peru is Lima.');
const doc = passage('d1', 'document', 'Peru fact sheet', 'The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535.');

describe('citations', () => {
  it('follow the generator’s numbered sources, so [n] in the text is the n-th citation', () => {
    const answer = 'The capital of Peru is Lima. [1] The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535. [2]\n\nSources: [1] What is the capital of Peru? (question bank explanation); [2] Peru fact sheet (document)';
    expect(citationsFor(answer, [bank, sheet, doc]).map((c) => c.id)).toEqual(['q1', 'd1']);
  });

  it('without a sources list: the passages whose sentences the answer uses, in the order used', () => {
    expect(citationsFor('Founded by Francisco Pizarro in 1535, Lima. Peru is a country in South America.', [bank, sheet, doc]).map((c) => c.id)).toEqual(['per']);
  });

  it('a model’s own words: every passage it was given, once per source', () => {
    expect(citationsFor('Lima is Peru’s capital.', [bank, sheet, doc, { ...doc, chunkId: 'document#d1#001' }]).map((c) => c.id)).toEqual(['q1', 'per', 'd1']);
  });
});

describe('answering', () => {
  const kb = (found: Passage[]): KnowledgeBase => ({ search: async () => found });
  const generator: TextGenerator = {
    id: 'test',
    async *generate(request) {
      yield `${request.passages[0]!.text} [1]`;
      yield `\n\nSources: [1] ${request.passages[0]!.source.title} (document)`;
    },
  };

  it('with nothing found says so without calling the generator', async () => {
    let called = false;
    const answer = await answerQuestion({ message: 'xyz', subject: 'general', history: [] }, { knowledgeBase: kb([]), generator: async () => ((called = true), generator) });
    expect(answer).toMatchObject({ response: TUTOR_MESSAGES.nothingFound, grounded: false, citations: [] });
    expect(called).toBe(false);
  });

  it('streams the generator’s pieces and returns the whole answer with its citations', async () => {
    const pieces: string[] = [];
    const answer = await answerQuestion({ message: 'capital of Peru?', subject: 'geography', history: [], onText: (p) => void pieces.push(p) }, { knowledgeBase: kb([doc]), generator: async () => generator });
    expect(pieces.join('')).toBe(answer.response);
    expect(answer.grounded).toBe(true);
    expect(answer.citations.map((c) => c.title)).toEqual(['Peru fact sheet']);
  });

  it('an empty reply is the §8 error text', async () => {
    const empty: TextGenerator = { id: 'empty', async *generate() {} };
    const answer = await answerQuestion({ message: 'capital?', subject: 'geography', history: [] }, { knowledgeBase: kb([doc]), generator: async () => empty });
    expect(answer.response).toBe(TUTOR_MESSAGES.noContent);
  });
});

describe('chunk batching for the WebSocket', () => {
  it('sends at most one push per interval and the rest at the end, in order', async () => {
    const sent: [number, string][] = [];
    const batcher = chunkBatcher(async (seq, text) => void sent.push([seq, text]), 60_000);
    for (const piece of ['Lima ', 'is ', 'the ', 'capital.']) await batcher.add(piece);
    await batcher.flush();
    expect(sent).toEqual([
      [0, 'Lima '],
      [1, 'is the capital.'],
    ]);
  });
});
