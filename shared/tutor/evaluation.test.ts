import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerBody, containsTerm, evalSetSchema, grade, isAbstention, normalise, percentile, tally } from './evaluation.ts';
import { TUTOR_MESSAGES } from './tutor.ts';

const sources = '\n\nSources: [1] Canada (country fact sheet); [2] Capital Cities That Surprise People (study guide)';

describe('the evaluation set (eval/tutor-questions.json)', () => {
  const set = evalSetSchema.parse(JSON.parse(readFileSync(new URL('../../eval/tutor-questions.json', import.meta.url), 'utf8')));

  it('holds at least 150 questions across the three subjects and every question type, about a third phrased unlike the bank', () => {
    expect(set.questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(set.questions.map((q) => q.subject))).toEqual(new Set(['geography', 'history', 'religion']));
    expect(new Set(set.questions.map((q) => q.type)).size).toBe(9);
    expect(set.questions.filter((q) => q.phrasing === 'novel').length / set.questions.length).toBeGreaterThanOrEqual(0.3);
  });
});

describe('grading an answer', () => {
  const ottawa = { accept: [['Ottawa']] };

  it('right: the expected fact is stated in the answer', () => {
    expect(grade(ottawa, { response: `The capital of Canada is Ottawa. [1]${sources}`, grounded: true })).toBe('right');
  });

  it('wrong: a different fact is asserted (the issue’s Canberra answer)', () => {
    expect(grade(ottawa, { response: 'Australia’s capital is Canberra, not Sydney or Melbourne. [1]', grounded: true })).toBe('wrong');
  });

  it('the Sources line and citation marks do not count as the answer', () => {
    expect(grade({ accept: [['Canada']] }, { response: `Ottawa is a city. [1]${sources}`, grounded: true })).toBe('wrong');
    expect(answerBody(`Ottawa. [1] Yes [2]${sources}`)).toBe('Ottawa. Yes');
  });

  it('abstained: not grounded, an answer opening “I’m not sure”, or the nothing-found and §8 texts — even when the fact appears', () => {
    expect(grade(ottawa, { response: TUTOR_MESSAGES.nothingFound, grounded: false })).toBe('abstained');
    expect(grade(ottawa, { response: "I'm not sure; here is what our guides say about Canada: Canada’s capital is Ottawa.", grounded: true })).toBe('abstained');
    expect(isAbstention(TUTOR_MESSAGES.noContent, true)).toBe(true);
    expect(isAbstention(TUTOR_MESSAGES.connection, true)).toBe(true);
    expect(isAbstention('Lima.', true)).toBe(false);
  });

  it('an alternative is right only when all its terms are found; any alternative will do', () => {
    const both = { accept: [['English', 'French']] };
    expect(grade(both, { response: 'The official languages of Canada are English and French.', grounded: true })).toBe('right');
    expect(grade(both, { response: 'Canada’s official language is English.', grounded: true })).toBe('wrong');
    const either = { accept: [['8.5 million', '7.7 million'], ['8,515,767', '7,692,024']] };
    expect(grade(either, { response: 'Brazil covers 8,515,767 square kilometres and Australia 7,692,024.', grounded: true })).toBe('right');
  });

  it('terms match as whole words, with spelling variants, accents and plurals folded', () => {
    expect(containsTerm('Judaism, Christianity and Islam are Abrahamic religions.', 'Abraham')).toBe(false);
    expect(containsTerm('each traces its story to Abraham.', 'Abraham')).toBe(true);
    expect(containsTerm('The capital is Brasilia.', 'Brasília')).toBe(true);
    expect(containsTerm('the Polish złoty', 'zloty')).toBe(true);
    expect(containsTerm('Kami are the spirits venerated at shrines', 'spirit')).toBe(true);
    expect(containsTerm('The Qur’an has 114 surahs', "Qur'an|Koran")).toBe(true);
    expect(containsTerm('It was 1945.', '1945')).toBe(true);
    expect(containsTerm('In 19450 years', '1945')).toBe(false);
    expect(containsTerm('The Islamic calendar is lunisolar', 'lunar')).toBe(false);
  });

  it('normalises case, accents and dashes', () => {
    expect(normalise('Bahá’u’lláh — Non-violence')).toBe("baha'u'llah non violence");
  });
});

describe('figures', () => {
  it('percentiles by nearest rank', () => {
    const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });

  it('tallies outcomes per key and overall', () => {
    const rows = [
      { s: 'history', o: 'right' as const },
      { s: 'history', o: 'wrong' as const },
      { s: 'religion', o: 'abstained' as const },
    ];
    const t = tally(rows, (r) => r.o, (r) => r.s);
    expect(t.get('all')).toEqual({ right: 1, wrong: 1, abstained: 1 });
    expect(t.get('history')).toEqual({ right: 1, wrong: 1, abstained: 0 });
    expect(tally(rows, (r) => r.o, () => 'all').get('all')).toEqual({ right: 1, wrong: 1, abstained: 1 });
  });
});
