/** docs/ai.md: chunk size 512 characters. */
export const CHUNK_SIZE = 512;

/** A plain sentence splitter for when no NLP is at hand (the functions pass wink-nlp's). */
export function simpleSentences(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["')\]]*|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/**
 * Splits a text into chunks of at most `size` characters, ending on sentence boundaries where
 * possible: sentences are packed greedily; a sentence longer than `size` is cut at the last
 * space before the limit (or hard at the limit when it has none).
 */
export function chunkText(text: string, size: number = CHUNK_SIZE, split: (text: string) => string[] = simpleSentences): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) chunks.push(current.trim());
    current = '';
  };
  for (const raw of split(text)) {
    let sentence = raw.replace(/\s+/g, ' ').trim();
    if (!sentence) continue;
    if (current && current.length + 1 + sentence.length <= size) {
      current = `${current} ${sentence}`;
      continue;
    }
    flush();
    while (sentence.length > size) {
      const space = sentence.lastIndexOf(' ', size);
      const cut = space > size / 2 ? space : size;
      chunks.push(sentence.slice(0, cut).trim());
      sentence = sentence.slice(cut).trim();
    }
    current = sentence;
  }
  flush();
  return chunks;
}
