import { describe, expect, it } from 'vitest';
import { DECIDING_WORDS, STOP_WORDS } from './stop-words.ts';

describe('stop words', () => {
  it('holds the function words every matcher drops, and no content word', () => {
    for (const word of ['the', 'of', 'which', 'whats', 'because', 'onto', 'must']) expect(STOP_WORDS.has(word)).toBe(true);
    for (const word of ['emperor', 'capital', 'rome', 'river', 'year']) expect(STOP_WORDS.has(word)).toBe(false);
    expect(STOP_WORDS.size).toBe(117);
  });

  it('is lower-case single words, as the matchers compare them', () => {
    for (const word of STOP_WORDS) expect(word).toMatch(/^[a-z]+$/);
  });

  it('names the words that decide what is asked, even where a stop list drops them', () => {
    expect([...DECIDING_WORDS].filter((word) => STOP_WORDS.has(word)).sort()).toEqual(['first', 'only']);
    for (const word of ['first', 'last', 'largest', 'earliest']) expect(DECIDING_WORDS.has(word)).toBe(true);
  });
});
