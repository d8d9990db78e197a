import { describe, expect, it } from 'vitest';
import { GROUP_SEARCH, indexWords, matchesWords, newestFirst, searchWord, words } from './group-search.ts';

describe('group search words (issue 17)', () => {
  it('splits on anything but letters and digits, lower-cased, without repeats, any script', () => {
    expect(words('World Capitals: EUROPE, europe & Ásia 2026!')).toEqual(['world', 'capitals', 'europe', 'ásia', '2026']);
    expect(words('Мировые столицы')).toEqual(['мировые', 'столицы']);
  });

  it('indexes the name first, then the description, words of 2+ letters cut to 30, at most 60', () => {
    expect(indexWords({ name: 'A Rivers Club', description: 'rivers and a lake' })).toEqual(['rivers', 'club', 'and', 'lake']);
    expect(indexWords({ name: 'Long', description: 'x'.repeat(40) })).toEqual(['long', 'x'.repeat(30)]);
    const many = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    expect(indexWords({ name: 'Name', description: many })).toHaveLength(GROUP_SEARCH.maxWords);
    expect(indexWords({ name: 'Name', description: many })[0]).toBe('name');
  });

  it('looks up the longest query word; none under 2 letters', () => {
    expect(searchWord('the volcanoes club')).toBe('volcanoes');
    expect(searchWord('a b')).toBeNull();
    expect(searchWord('  ')).toBeNull();
  });

  it.each([
    ['volc', true],
    ['VOLCANOES lava', true],
    ['canoes', false],
    ['volcanoes glaciers', false],
    ['', true],
  ])('%s matches “Volcanoes / Lava flows”: %s', (q, ok) => expect(matchesWords({ name: 'Volcanoes', description: 'Lava flows' }, q)).toBe(ok));

  it('sorts newer creations first within a word', () => {
    expect(newestFirst('2026-11-26T10:00:00.000Z') < newestFirst('2026-11-26T09:00:00.000Z')).toBe(true);
    expect(newestFirst('2026-11-26T10:00:00.000Z')).toHaveLength(13);
  });
});
