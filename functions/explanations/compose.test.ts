import { describe, expect, it } from 'vitest';
import type { GenerateRequest, KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';
import { videoSlides } from '#shared/explanations/explanations.ts';
import { cleanGenerated, composeExplanation, groundsAnswer, mentions, mentionsApart, onTopic, quotable } from './compose.ts';

const passage = (text: string, over: Partial<Passage> = {}): Passage => ({
  chunkId: `c-${text.length}-${text.slice(0, 8)}`,
  text,
  subject: 'geography',
  category: 'country',
  source: { kind: 'country', id: 'fin', title: 'Finland' },
  similarity: 0.7,
  ...over,
});

describe('what grounds an answer', () => {
  it.each([
    ['The capital of Finland is Helsinki.', 'Helsinki', true],
    ['Helsinki’s harbour', 'Helsinki', true],
    ['The Helsinkian style', 'Helsinki', false],
    ['São Tomé is the capital.', 'Sao Tome', true],
    ['It was fought in 1066 at Hastings.', '1066', true],
    ['It was fought in 10660.', '1066', false],
    ['', 'x', false],
  ])('%j mentions %j: %s', (text, phrase, expected) => expect(mentions(text, phrase)).toBe(expected));

  it.each([
    ['South-Eastern Asia belongs elsewhere.', 'Eastern Asia', 'South-Eastern Asia', false],
    ['South-Eastern Asia lies south of Eastern Asia.', 'Eastern Asia', 'South-Eastern Asia', true],
    ['Eastern Asia holds China.', 'Eastern Asia', 'South-Eastern Asia', true],
    ['Niger and Nigeria are neighbours.', 'Niger', 'Nigeria', true],
    ['The capital of Finland is Helsinki.', 'Helsinki', null, true],
    ['The capital of Finland is Helsinki.', 'Helsinki', 'Helsinki', true],
  ])('%j names %j apart from %j: %s', (text, phrase, longer, expected) => expect(mentionsApart(text, phrase, longer)).toBe(expected));

  it('drops the bank’s question lines and answer lines, keeps the explanation', () => {
    const p = passage('What is the capital of Finland? Answer: Helsinki. The capital of Finland is Helsinki.', { source: { kind: 'question', id: 'geo-1', title: 'What is the capital of Finland?' } });
    expect(quotable(p)?.text).toBe('The capital of Finland is Helsinki.');
    expect(quotable(passage('Which one? Answer: this.'))).toBeNull();
  });

  it('a passage grounds the answer when it names it, holds most words of a long answer, or is the bank’s explanation of this question', () => {
    const q = 'Why did the Romans build roads?';
    expect(groundsAnswer(passage('Roads let legions move quickly.'), q, 'To move legions quickly')).toBe(true);
    expect(groundsAnswer(passage('Aqueducts carried water.'), q, 'To move legions quickly')).toBe(false);
    expect(groundsAnswer(passage('Roads were paved.', { source: { kind: 'question', id: 'h-1', title: q } }), q, 'Trade')).toBe(true);
    expect(groundsAnswer(passage('Trade flourished.'), q, 'Trade')).toBe(true);
    expect(groundsAnswer(passage('Commerce flourished.'), q, 'Trade')).toBe(false);
  });

  it('removes the generator’s citation marks and sources line', () => {
    expect(cleanGenerated('Helsinki is the capital [1]. It is by the sea [2, 3].\n\nSources: [1] Finland (country fact sheet)')).toBe('Helsinki is the capital. It is by the sea.');
  });
});

describe('composeExplanation', () => {
  const facts = { questionId: 'q-1', question: 'What is the capital of Finland?', subject: 'geography' as const, level: 'beginner' as const, topic: 'capitals', correctAnswer: 'Helsinki', chosenAnswer: 'London' };
  const generated: GenerateRequest[] = [];
  const generator: TextGenerator = {
    id: 'test',
    async *generate(request) {
      generated.push(request);
      yield `${request.passages.map((p) => p.text).join(' ')} [1]`;
    },
  };
  const kb = (list: Passage[]): KnowledgeBase => ({ search: async () => list });

  it('writes only from the passages, with the chosen option’s passage for why it is wrong, and cites both', async () => {
    const right = passage('What is the capital of Finland? Answer: Helsinki. The capital of Finland is Helsinki. Finland is in Northern Europe.');
    const chosen = passage('The capital of the United Kingdom is London.', { source: { kind: 'country', id: 'gbr', title: 'United Kingdom' } });
    const off = passage('Finland shares land borders with Norway, Sweden and Russia.', { similarity: 0.9, source: { kind: 'question', id: 'g-2', title: 'Which country borders Finland?' } });
    const e = (await composeExplanation(facts, { knowledgeBase: kb([right, chosen, off]), generator, now: new Date('2026-11-23T00:00:00Z') }))!;
    expect(e.textExplanation).toBe('You chose London, but the correct answer is Helsinki. The capital of Finland is Helsinki. Finland is in Northern Europe. About London: The capital of the United Kingdom is London.');
    expect(e.keyPoints[0]).toBe('The capital of Finland is Helsinki.');
    expect(e.sources.map((s) => s.id)).toEqual(['fin', 'gbr']);
    expect(generated.at(-1)!.passages.map((p) => p.text)).toEqual(['The capital of Finland is Helsinki. Finland is in Northern Europe.']);
    expect(e.videoScript.split('\n\n')[0]).toBe("Let's look at this geography question. What is the capital of Finland?");
    expect(e.videoScript.endsWith('Remember: the answer is Helsinki.')).toBe(true);
    expect(e.relatedTopics[0]).toBe('capitals');
    expect(e.relatedTopics).not.toContain('Helsinki');
    expect(e).toMatchObject({ grounded: true, generator: 'test', generatedAt: '2026-11-23T00:00:00.000Z' });
  });

  it('an option whose name holds the right answer’s ("South-Eastern Asia" for "Eastern Asia") still gets its own passage, and that passage does not ground the answer', async () => {
    const asked = { ...facts, question: 'In which region is Japan?', correctAnswer: 'Eastern Asia', chosenAnswer: 'South-Eastern Asia' };
    const right = passage('Japan lies in Eastern Asia, east of the Korean peninsula.');
    const chosen = passage('South-Eastern Asia belongs to a different place altogether.', { source: { kind: 'country', id: 'sea', title: 'South-Eastern Asia' } });
    const e = (await composeExplanation(asked, { knowledgeBase: kb([right, chosen]), generator, now: new Date() }))!;
    expect(e.textExplanation.endsWith('About South-Eastern Asia: South-Eastern Asia belongs to a different place altogether.')).toBe(true);
    expect(generated.at(-1)!.passages.map((p) => p.text)).toEqual(['Japan lies in Eastern Asia, east of the Korean peninsula.']);
    expect(e.sources.map((s) => s.id)).toEqual(['fin', 'sea']);
  });

  it('returns null (the caller falls back) when no passage grounds the answer, and never calls the generator', async () => {
    const before = generated.length;
    const e = await composeExplanation(facts, { knowledgeBase: kb([passage('Finland shares land borders with Norway.', { similarity: 0.95 })]), generator, now: new Date() });
    expect(e).toBeNull();
    expect(generated.length).toBe(before);
  });
});

describe('an explanation is about its own question (fixed passages, no round drawn)', () => {
  const facts = { questionId: 'hist-beg-040', question: 'In which country did the Industrial Revolution begin?', subject: 'history' as const, level: 'beginner' as const, topic: 'modern-world', correctAnswer: 'Great Britain', chosenAnswer: 'France' };
  const own = passage('In which country did the Industrial Revolution begin? Answer: Great Britain. The Industrial Revolution began in Great Britain in the 18th century with new machines, factories and steam power.', {
    source: { kind: 'question', id: 'hist-beg-040', title: 'In which country did the Industrial Revolution begin?' },
    similarity: 0.6,
  });
  // Names the answer, ranks higher, but is about something else.
  const india = passage('India became independent from Great Britain on 15 August 1947, when British India was partitioned.', { similarity: 0.9, source: { kind: 'question', id: 'hist-int-011', title: 'From which country did India gain independence in 1947?' } });
  const france = passage('The French Revolution began in France in 1789 with the storming of the Bastille.', { source: { kind: 'question', id: 'hist-beg-031', title: 'In which year did the French Revolution begin?' } });
  // Echoes its passages: a model that writes only what it is given.
  const generator: TextGenerator = { id: 'echo', async *generate(request) { yield request.passages.map((p) => p.text).join(' '); } };
  const kb: KnowledgeBase = { search: async () => [india, own, france] };

  it('puts the passage about exactly that question first and leaves out one that only names the answer', () => {
    expect(onTopic([india, own].map((p) => quotable(p)!), facts.question).map((p) => p.source.id)).toEqual(['hist-beg-040']);
  });

  it('explains why the chosen option is wrong and the right one right from that passage, and asserts nothing from the unrelated one', async () => {
    const e = (await composeExplanation(facts, { knowledgeBase: kb, generator, now: new Date('2026-11-23T00:00:00Z') }))!;
    expect(e.textExplanation.startsWith('You chose France, but the correct answer is Great Britain. The Industrial Revolution began in Great Britain in the 18th century')).toBe(true);
    expect(e.textExplanation).toContain('About France: The French Revolution began in France in 1789');
    expect(e.textExplanation).not.toContain('India');
    expect(e.keyPoints).toEqual(['The Industrial Revolution began in Great Britain in the 18th century with new machines, factories and steam power.']);
    expect(e.sources.map((c) => c.id)).toEqual(['hist-beg-040', 'hist-beg-031']);
    // No sentence says the chosen option is the answer.
    expect(e.textExplanation).not.toMatch(/answer is France/);
  });

  it('the video slides built from it: the question, then the passage’s own points, then the right answer — never the chosen one as the answer', async () => {
    const e = (await composeExplanation(facts, { knowledgeBase: kb, generator, now: new Date() }))!;
    const slides = videoSlides({ question: facts.question, correctAnswer: facts.correctAnswer, imageUrl: null, explanation: e });
    expect(slides[0]).toMatchObject({ kind: 'question', text: facts.question });
    expect(slides.at(-1)).toMatchObject({ kind: 'answer', text: 'Great Britain' });
    const points = slides.filter((s) => s.kind === 'point').map((s) => s.text);
    expect(points).toContain('The Industrial Revolution began in Great Britain in the 18th century with new machines, factories and steam power.');
    expect(points.join(' ')).not.toContain('India');
    expect(slides.map((s) => s.narration).join(' ')).not.toMatch(/answer is France/);
  });
});
