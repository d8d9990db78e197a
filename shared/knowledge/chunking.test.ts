import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, chunkText, simpleSentences } from './chunking.ts';

describe('chunkText (3-learning §9: chunks of 512 characters)', () => {
  it('keeps a short text whole', () => {
    expect(chunkText('One sentence. Another one.')).toEqual(['One sentence. Another one.']);
  });

  it('packs whole sentences up to 512 characters, never cutting one that fits', () => {
    const sentence = `${'word '.repeat(19)}end.`; // 100 characters
    const chunks = chunkText(sentence.repeat(12).replace(/\.w/g, '. w'));
    expect(chunks.every((c) => c.length <= CHUNK_SIZE)).toBe(true);
    expect(chunks.every((c) => c.endsWith('end.'))).toBe(true);
    expect(chunks.join(' ').split('end.').length - 1).toBe(12);
    expect(chunks).toHaveLength(3);
  });

  it('cuts a sentence longer than 512 characters at a space', () => {
    const long = `${'abcdefghi '.repeat(80)}.`;
    const chunks = chunkText(long);
    expect(chunks.length).toBe(2);
    expect(chunks.every((c) => c.length <= CHUNK_SIZE)).toBe(true);
    expect(chunks[0]!.endsWith('abcdefghi')).toBe(true);
  });

  it('cuts hard at the limit when there is no space', () => {
    expect(chunkText('x'.repeat(1100)).map((c) => c.length)).toEqual([512, 512, 76]);
  });

  it('takes another sentence splitter (the functions pass wink-nlp) and drops empty text', () => {
    expect(chunkText('a|b', 10, (t) => t.split('|'))).toEqual(['a b']);
    expect(chunkText('   ')).toEqual([]);
  });

  it('splits plain text into sentences', () => {
    expect(simpleSentences('First one. Second! Third? "Quoted."')).toEqual(['First one.', 'Second!', 'Third?', '"Quoted."']);
  });
});
