import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildPostings, decodeShard, encodeShards, searchPostings, shardOf, termFrequencies, weigh, type Posting, type TermPosting } from './bm25-postings.ts';
import { contentTerms } from './nlp.ts';

interface WinkBm25 {
  defineConfig(config: { fldWeights: Record<string, number> }): void;
  definePrepTasks(tasks: ((input: string) => string[])[]): void;
  addDoc(doc: Record<string, string>, id: string): void;
  consolidate(precision?: number): void;
  search(text: string, limit?: number): [string, number][];
}

const docs = [
  { title: 'Peru', text: 'Peru is a country in South America. Its capital is Lima and its currency is the sol.' },
  { title: 'Chile', text: 'Chile borders Peru, Bolivia and Argentina. Its capital is Santiago.' },
  { title: 'Kenya', text: 'Kenya uses the Kenyan shilling. Its capital is Nairobi; Mount Kenya is its highest mountain.' },
  { title: 'Austria', text: 'Austria borders Germany, Czechia, Slovakia, Hungary, Slovenia, Italy, Switzerland and Liechtenstein.' },
  { title: 'Belgium', text: 'Belgium has three official languages: Dutch, French and German. Its capital is Brussels.' },
  { title: 'Mongolia', text: 'Mongolia is a landlocked country between China and Russia, large and sparsely populated.' },
  { title: 'The Inca Empire', text: 'The Inca Empire ruled from Cusco, in today\'s Peru, until the Spanish conquest.' },
  { title: 'Capitals', text: 'A capital city is where a government sits: Lima, Santiago, Nairobi, Brussels.' },
];

function wink(): WinkBm25 {
  const engine = (createRequire(import.meta.url)('wink-bm25-text-search') as () => WinkBm25)();
  engine.defineConfig({ fldWeights: { text: 1, title: 2 } });
  engine.definePrepTasks([(text) => contentTerms(text)]);
  docs.forEach((doc, i) => engine.addDoc({ text: doc.text, title: doc.title }, String(`doc-${i}`)));
  engine.consolidate(4);
  return engine;
}

describe('BM25 postings', () => {
  const postings = buildPostings(docs)!;
  const lookup = async (term: string) => postings.get(term);

  it.each(['What is the capital of Peru?', 'Which countries border Austria?', 'capital capital Lima', 'Kenyan shilling currency', 'Inca conquest of Peru', 'languages spoken in Belgium'])(
    'ranks "%s" as wink-bm25-text-search does, with the same scores',
    async (query) => {
      const expected = wink().search(query, 200).map(([id, score]) => [Number(id.slice(4)), score]);
      const actual = await searchPostings(query, 200, lookup);
      expect(actual).toEqual(expected);
      expect(actual.length).toBeGreaterThan(0);
    },
  );

  it('keeps wink’s order among equal scores when it cuts to a few', async () => {
    for (const query of ['capital', 'capital of Peru', 'Santiago Lima Nairobi Brussels']) {
      for (const limit of [1, 2, 3]) {
        const expected = wink().search(query, limit).map(([id, score]) => [Number(id.slice(4)), score]);
        expect(await searchPostings(query, limit, lookup)).toEqual(expected);
      }
    }
  });

  it('finds nothing for a query without content words, and has no index below 3 chunks', async () => {
    expect(await searchPostings('what is the', 10, lookup)).toEqual([]);
    expect(buildPostings(docs.slice(0, 2))).toBeUndefined();
  });

  it('keeps the frequencies through shard bytes, each term in its shard, and weighs them as built', async () => {
    const { postings: raw, lengths } = termFrequencies(docs);
    const stats = { count: docs.length, totalLength: lengths.reduce((a, b) => a + b, 0), lengths };
    const shards = encodeShards(raw, 3).map(decodeShard);
    const fromShards = async (term: string): Promise<Posting | undefined> => {
      const stored = shards[shardOf(term, 3)]!.get(term);
      return stored && weigh(stored, stats);
    };
    for (const [term, posting] of postings) {
      const decoded = await fromShards(term);
      expect([...decoded!.ordinals]).toEqual([...posting.ordinals]);
      expect([...decoded!.weights]).toEqual([...posting.weights]);
    }
    expect(await searchPostings('capital of Peru', 5, fromShards)).toEqual(await searchPostings('capital of Peru', 5, lookup));
  });

  it('weighs chunks added after the first ones as if all had been built at once', async () => {
    const first = termFrequencies(docs.slice(0, 5));
    const added = termFrequencies(docs.slice(5), contentTerms, 5);
    const merged = new Map<string, TermPosting>(first.postings);
    for (const [term, p] of added.postings) {
      const old = merged.get(term);
      merged.set(term, old ? { ordinals: Uint32Array.from([...old.ordinals, ...p.ordinals]), freqs: Float64Array.from([...old.freqs, ...p.freqs]) } : p);
    }
    const lengths = Float64Array.from([...first.lengths, ...added.lengths]);
    const stats = { count: docs.length, totalLength: lengths.reduce((a, b) => a + b, 0), lengths };
    for (const query of ['What is the capital of Peru?', 'Inca conquest of Peru', 'Mongolia China Russia']) {
      const fromMerged = async (term: string) => {
        const p = merged.get(term);
        return p && weigh(p, stats);
      };
      expect(await searchPostings(query, 200, fromMerged)).toEqual(await searchPostings(query, 200, lookup));
    }
  });
});
