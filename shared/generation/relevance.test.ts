import { describe, expect, it } from 'vitest';
import { mentionsTopic, onTopicShare, topicStems } from './relevance.ts';

describe('topical relevance of a generated guide (issue 23 item 9)', () => {
  it('takes the topic’s content words as stems', () => {
    expect(topicStems('Rivers of Europe')).toEqual(['river', 'europe']);
    expect(topicStems('Ancient Egypt', 'Rosetta Stone')).toEqual(['ancient', 'egypt', 'rosetta', 'stone']);
    expect(topicStems('Countries and churches')).toEqual(['countr', 'church']);
  });

  it.each([
    ['The Danube river flows through ten countries.', true],
    ['European capitals grew along rivers.', true],
    ['Antarctica is the coldest continent.', false],
    ['The UN groups countries into regions.', false],
  ])('%s names Rivers of Europe: %s', (sentence, expected) => {
    expect(mentionsTopic(sentence, topicStems('Rivers of Europe'))).toBe(expected);
  });

  it('measures the share of sentences on the topic', () => {
    const stems = topicStems('Rivers of Europe');
    expect(onTopicShare(['The Rhine is a river.', 'Asia is large.', 'Africa is hot.', 'Europe is small.'], stems)).toBe(0.5);
    expect(onTopicShare([], stems)).toBe(1);
  });
});
