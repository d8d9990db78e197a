import { describe, expect, it } from 'vitest';
import type { KnowledgeBase, Passage } from '../ai/types.ts';
import { findPassages } from './answer.ts';

const passage = (text: string): Passage => ({ chunkId: text, text, subject: 'geography', category: 'test', source: { kind: 'document', id: 'd', title: 'T' }, similarity: 0.8 });

/** A knowledge base that finds Peru's Andes only when the query names Peru, and a mountain passage from elsewhere for any "mountains". */
function recording(): { kb: KnowledgeBase; queries: string[] } {
  const queries: string[] = [];
  const kb: KnowledgeBase = {
    search: async ({ query }) => {
      queries.push(query);
      if (/peru/i.test(query)) return [passage('The Andes mountains run through Peru from north to south.')];
      return /mountains/i.test(query) ? [passage('The Alps are the highest mountains in Europe.')] : [];
    },
  };
  return { kb, queries };
}

describe('the tutor follows a question that points back', () => {
  const history = [
    { type: 'user' as const, content: 'Tell me about Peru' },
    { type: 'ai' as const, content: 'Peru is in South America.' },
  ];

  it('searches with the previous question when the new one says "it"', async () => {
    const { kb, queries } = recording();
    const found = await findPassages(kb, 'Which mountains run through it?', 'geography', history);
    expect(found.map((p) => p.text)).toEqual(['The Andes mountains run through Peru from north to south.']);
    expect(queries[0]).toBe('Tell me about Peru Which mountains run through it?');
  });

  it('searches a question that stands alone on its own words', async () => {
    const { kb, queries } = recording();
    const found = await findPassages(kb, 'Which mountains are highest in Europe?', 'geography', history);
    expect(found.map((p) => p.text)).toEqual(['The Alps are the highest mountains in Europe.']);
    expect(queries).toEqual(['Which mountains are highest in Europe?']);
  });
});
