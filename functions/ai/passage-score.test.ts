import { describe, expect, it } from 'vitest';
import { NAME_MATCH_WEIGHT, nameMatch, queryNames } from './passage-score.ts';

describe('the name match in the ranking', () => {
  it('takes the capitalised words after the first as the query’s names', () => {
    expect(queryNames('What is the Jewish coming-of-age ceremony for a boy at the age of 13 called?')).toEqual(['jewish']);
    expect(queryNames('Which queen ruled England when the Spanish Armada was defeated in 1588?')).toEqual(['england', 'spanish', 'armada']);
    expect(queryNames('what year did the soviet union collapse')).toEqual([]);
  });

  it('ranks a passage that names them up, in proportion to how many it names', () => {
    const names = queryNames('Which queen ruled England when the Spanish Armada was defeated?');
    expect(nameMatch(names, 'elizabeth i reigned from 1558 to 1603; the spanish armada sent against england was defeated in 1588.')).toBeCloseTo(NAME_MATCH_WEIGHT);
    expect(nameMatch(names, 'the hundred years’ war was fought between england and france.')).toBeCloseTo(NAME_MATCH_WEIGHT / 3);
    expect(nameMatch(names, 'queen victoria reigned from 1837 to 1901.')).toBe(0);
    expect(nameMatch([], 'anything')).toBe(0);
  });
});
