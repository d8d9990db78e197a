import { describe, expect, it } from 'vitest';
import { isGroundedReply, parseCitedAnswer, TUTOR_MODEL_INSTRUCTION } from './grounded.ts';

describe('the instruction a language model gets as the tutor', () => {
  it('grounds it on the passages and the fact sheets, asks for a citation per sentence and for the abstention', () => {
    expect(TUTOR_MODEL_INSTRUCTION).toContain('using only the numbered passages');
    expect(TUTOR_MODEL_INSTRUCTION).toContain('country fact sheet');
    expect(TUTOR_MODEL_INSTRUCTION).toContain('as [1]');
    expect(TUTOR_MODEL_INSTRUCTION).toContain('begins "I\'m not sure"');
  });
});

describe('reading a model’s cited answer', () => {
  it('“The capital of Canada is Ottawa. [1]”: cites passage 1, grounded', () => {
    const answer = parseCitedAnswer('The capital of Canada is Ottawa. [1] It lies in Ontario [2].\n\nSources: [1] Canada (country fact sheet); [2] Capitals (study guide)', 2);
    expect(answer).toMatchObject({ body: 'The capital of Canada is Ottawa. [1] It lies in Ontario [2].', cited: [1, 2], invalid: [], abstained: false, uncited: [] });
    expect(isGroundedReply(answer)).toBe(true);
  });

  it('marks listed together ([1, 3]) count each; a mark beyond the passages given is invalid', () => {
    const answer = parseCitedAnswer('Luther wrote the Ninety-five Theses in 1517 [1, 3].', 2);
    expect(answer.cited).toEqual([1]);
    expect(answer.invalid).toEqual([3]);
    expect(isGroundedReply(answer)).toBe(false);
  });

  it('a sentence stating something without a citation makes the reply ungrounded', () => {
    const answer = parseCitedAnswer('The Declaration of Independence was adopted in 1776 [1]. Thomas Jefferson wrote it.', 1);
    expect(answer.uncited).toEqual(['Thomas Jefferson wrote it.']);
    expect(isGroundedReply(answer)).toBe(false);
  });

  it('“I’m not sure …” is an abstention, whatever it cites', () => {
    const answer = parseCitedAnswer("I'm not sure; the passages are about the Continental Congress [1].", 1);
    expect(answer.abstained).toBe(true);
    expect(isGroundedReply(answer)).toBe(false);
  });
});
