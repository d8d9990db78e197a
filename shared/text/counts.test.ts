import { describe, expect, it } from 'vitest';
import { articleFor, countOf, nounFor, pluralOf, withArticle } from './counts.ts';

describe('counts and articles in copy (issue 23)', () => {
  it.each([
    ['quiz', 'quizzes'],
    ['Quiz', 'Quizzes'],
    ['player', 'players'],
    ['match', 'matches'],
    ['study guide', 'study guides'],
    ['study', 'studies'],
    ['day', 'days'],
    ['person', 'people'],
    ['class', 'classes'],
  ])('the plural of %s is %s', (singular, plural) => expect(pluralOf(singular)).toBe(plural));

  it.each([
    [0, 'quiz', '0 quizzes'],
    [1, 'quiz', '1 quiz'],
    [2, 'quiz', '2 quizzes'],
    [1, 'player', '1 player'],
    [1234, 'player', '1,234 players'],
    [1.5, 'hour', '1.5 hours'],
    [1, 'quiz completed', '1 quiz completed'],
  ])('%d %s reads %s', (count, singular, text) => expect(countOf(count, singular)).toBe(text));

  it('takes an explicit plural for a phrase', () => {
    expect(countOf(3, 'quiz completed', 'quizzes completed')).toBe('3 quizzes completed');
    expect(nounFor(1, 'quiz completed', 'quizzes completed')).toBe('quiz completed');
  });

  it.each([
    ['Auditory', 'an'],
    ['Visual', 'a'],
    ['Kinesthetic', 'a'],
    ['Reading/Writing', 'a'],
    ['Expert', 'an'],
    ['hour', 'an'],
    ['unique', 'a'],
    ['European', 'a'],
    ['Advanced', 'an'],
  ])('%s takes "%s"', (word, article) => expect(articleFor(word)).toBe(article));

  it('puts the article before the word', () => expect(withArticle('Auditory')).toBe('an Auditory'));
});
