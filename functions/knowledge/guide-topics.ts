import type { Subject } from '#shared/constants.ts';
import { contentTerms } from '../ai/nlp.ts';

/**
 * Which bank topic a study guide's paragraph is about, derived from the bank itself: the
 * paragraph is compared with every question (with its answer and explanation) of its subject
 * by the rare content words they share, and the topics of its nearest questions vote. A clear
 * winner becomes the paragraph's category (the Ancient Egypt guide's pyramid paragraph is
 * 'ancient-civilizations'); a paragraph that spans several topics (an overview, key points)
 * keeps the guide's own label. So a category filter, and everything that groups passages by
 * topic, sees what each part of a guide is about, with no hand-kept mapping to drift from the
 * bank.
 */
export interface TopicExample {
  readonly subject: Subject;
  readonly topic: string;
  /** The question, its answer and explanation. */
  readonly text: string;
}

/** A sentence whose winning topic has this much evidence names that topic clearly. */
const CLEAR_EVIDENCE = 0.6;
/** How many nearest questions vote. */
const NEIGHBOURS = 5;
/** The share of the vote a topic needs to be the paragraph's. */
const MAJORITY = 0.6;
/** A neighbour closer than this (cosine of rarity-weighted words) is no evidence. */
const MIN_SIMILARITY = 0.08;

interface Vectorised {
  readonly topic: string;
  readonly weights: Map<string, number>;
  readonly norm: number;
}

export interface TopicClassifier {
  /** The topic of a paragraph of `subject`, or undefined when no topic clearly wins. */
  topicOf(subject: Subject, text: string): string | undefined;
  /** The winning topic with its evidence: the summed similarity of its voting neighbours. */
  vote(subject: Subject, text: string): { topic: string; evidence: number } | undefined;
}

export function topicClassifier(examples: readonly TopicExample[]): TopicClassifier {
  const bySubject = new Map<Subject, { idf: Map<string, number>; rows: Vectorised[] }>();
  for (const subject of new Set(examples.map((e) => e.subject))) {
    const own = examples.filter((e) => e.subject === subject).map((e) => ({ topic: e.topic, terms: new Set(contentTerms(e.text)) }));
    const frequency = new Map<string, number>();
    for (const e of own) for (const t of e.terms) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    const idf = new Map([...frequency].map(([t, n]) => [t, Math.log((own.length + 1) / (n + 0.5))]));
    bySubject.set(subject, { idf, rows: own.map((e) => vectorise(e.topic, e.terms, idf)) });
  }
  const classifier: TopicClassifier = {
    topicOf: (subject, text) => classifier.vote(subject, text)?.topic,
    vote(subject, text) {
      const model = bySubject.get(subject);
      if (!model) return undefined;
      const query = vectorise('', new Set(contentTerms(text)), model.idf);
      if (query.norm === 0) return undefined;
      const nearest = model.rows
        .map((row) => ({ topic: row.topic, similarity: cosine(query, row) }))
        .filter((n) => n.similarity >= MIN_SIMILARITY)
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, NEIGHBOURS);
      const votes = new Map<string, number>();
      for (const n of nearest) votes.set(n.topic, (votes.get(n.topic) ?? 0) + n.similarity);
      const total = [...votes.values()].reduce((a, b) => a + b, 0);
      const [winner] = [...votes].sort((a, b) => b[1] - a[1]);
      return winner && total > 0 && winner[1] / total >= MAJORITY ? { topic: winner[0], evidence: winner[1] } : undefined;
    },
  };
  return classifier;
}

function vectorise(topic: string, terms: ReadonlySet<string>, idf: ReadonlyMap<string, number>): Vectorised {
  const weights = new Map<string, number>();
  for (const t of terms) {
    const w = idf.get(t);
    if (w !== undefined && w > 0) weights.set(t, w);
  }
  return { topic, weights, norm: Math.sqrt([...weights.values()].reduce((s, w) => s + w * w, 0)) };
}

function cosine(a: Vectorised, b: Vectorised): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  let dot = 0;
  for (const [t, w] of a.weights) dot += w * (b.weights.get(t) ?? 0);
  return dot / (a.norm * b.norm);
}

/**
 * The topic of a passage of a guide (a paragraph, the key points): the passage's own topic when
 * none of its sentences (`units`) clearly names another one; undefined otherwise. A paragraph
 * on Buddhism that ends on Jainism's teacher is about neither alone, and is not labelled as
 * either: a label must be true of the whole passage a student is shown.
 */
export function passageTopic(classifier: TopicClassifier, subject: Subject, text: string, units: readonly string[]): string | undefined {
  const topic = classifier.topicOf(subject, text);
  if (topic === undefined) return undefined;
  const contradicted = units.some((unit) => {
    const vote = classifier.vote(subject, unit);
    return vote !== undefined && vote.evidence >= CLEAR_EVIDENCE && vote.topic !== topic;
  });
  return contradicted ? undefined : topic;
}
