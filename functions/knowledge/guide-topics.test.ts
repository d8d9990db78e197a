import { describe, expect, it } from 'vitest';
import { passageTopic, topicClassifier, type TopicExample } from './guide-topics.ts';
import { guideChunks, GUIDE_CATEGORY } from './material.ts';

const examples: TopicExample[] = [
  { subject: 'history', topic: 'egypt', text: 'Which river was the lifeline of ancient Egyptian civilisation? The Nile. Ancient Egypt depended on the Nile flood.' },
  { subject: 'history', topic: 'egypt', text: 'For which pharaoh was the Great Pyramid of Giza built? Khufu. The pyramid was a royal tomb.' },
  { subject: 'history', topic: 'egypt', text: 'Which stone helped to decipher Egyptian hieroglyphs? The Rosetta Stone. Champollion read it in 1822.' },
  { subject: 'history', topic: 'rome', text: 'Who was the first Roman emperor? Augustus. Octavian took the name Augustus in 27 BCE.' },
  { subject: 'history', topic: 'rome', text: 'In which year was Julius Caesar assassinated? 44 BCE. Caesar was killed by senators in Rome.' },
  { subject: 'history', topic: 'rome', text: 'Which emperor ruled the Roman Empire at its greatest extent? Trajan. Under Trajan the empire reached its largest size.' },
  { subject: 'religion', topic: 'buddhism', text: 'Who founded Buddhism? Siddhartha Gautama, the Buddha, who taught the Four Noble Truths.' },
];
const split = (text: string) => text.split(/(?<=\.)\s+/);

describe('the topic of a guide passage, derived from the bank', () => {
  const classifier = topicClassifier(examples);

  it('labels a passage with the topic its nearest bank questions share', () => {
    const text = 'Egypt was ruled by pharaohs. The Great Pyramid of Giza was built as a tomb for the pharaoh Khufu.';
    expect(passageTopic(classifier, 'history', text, split(text))).toBe('egypt');
    const rome = 'Julius Caesar was assassinated in 44 BCE and Octavian became Augustus, the first emperor.';
    expect(passageTopic(classifier, 'history', rome, split(rome))).toBe('rome');
  });

  it('leaves unlabelled a passage one of whose sentences is clearly about another topic', () => {
    const text = 'The Great Pyramid of Giza was built for the pharaoh Khufu as a tomb on the Nile. Julius Caesar was assassinated in 44 BCE and Augustus became the first Roman emperor.';
    expect(classifier.topicOf('history', split(text)[1]!)).toBe('rome');
    expect(passageTopic(classifier, 'history', text, split(text))).toBeUndefined();
  });

  it('leaves unlabelled what shares no telling word with the bank, and other subjects', () => {
    expect(passageTopic(classifier, 'history', 'Visitors are welcome and people are glad to explain.', ['Visitors are welcome and people are glad to explain.'])).toBeUndefined();
    expect(classifier.topicOf('geography', 'The Great Pyramid of Giza')).toBeUndefined();
  });

  it('labels the seeded guides from the real bank: the pyramid passage is ancient-civilizations material, a mixed overview is not any one religion', () => {
    const chunks = guideChunks();
    const pyramids = chunks.find((c) => c.sourceId === 'ancient-egypt' && c.text.includes('Great Pyramid of Giza'));
    expect(pyramids?.category).toBe('ancient-civilizations');
    const overview = chunks.filter((c) => c.sourceId === 'world-religions-overview');
    expect(overview.length).toBeGreaterThan(0);
    for (const c of overview) expect(c.category).toBe(GUIDE_CATEGORY);
  });
});
