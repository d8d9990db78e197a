import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockGenerator } from '../ai/bedrock.ts';
import type { KnowledgeBase, Passage, TextGenerator } from '../ai/types.ts';
import { TUTOR_MODEL_INSTRUCTION } from '#shared/tutor/grounded.ts';
import { parseFactSheet } from '#shared/tutor/country-facts.ts';
import { TUTOR_MESSAGES } from '#shared/tutor/tutor.ts';
import { answerQuestion, chunkBatcher, citationsFor, type TutorDeps } from './answer.ts';

const passage = (id: string, kind: Passage['source']['kind'], title: string, text: string): Passage => ({
  chunkId: `${kind}#${id}#000`,
  text,
  subject: 'geography',
  category: 'country',
  source: { kind, id, title },
  similarity: 0.8,
});
const bank = passage('q1', 'question', 'What is the capital of Peru?', 'What is the capital of Peru? Answer: Lima. The capital of Peru is Lima.');
const sheet = passage('per', 'country', 'Peru', 'Peru is a country in South America. The capital of Peru is Lima.');
const doc = passage('d1', 'document', 'Peru fact sheet', 'The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535.');

describe('citations', () => {
  it('follow the generator’s numbered sources, so [n] in the text is the n-th citation', () => {
    const answer = 'The capital of Peru is Lima. [1] The capital of Peru is Lima, its largest city, founded by Francisco Pizarro in 1535. [2]\n\nSources: [1] What is the capital of Peru? (question bank explanation); [2] Peru fact sheet (document)';
    expect(citationsFor(answer, [bank, sheet, doc]).map((c) => c.id)).toEqual(['q1', 'd1']);
  });

  it('without a sources list: the passages whose sentences the answer uses, in the order used', () => {
    expect(citationsFor('Founded by Francisco Pizarro in 1535, Lima. Peru is a country in South America.', [bank, sheet, doc]).map((c) => c.id)).toEqual(['per']);
  });

  it('a model’s own words: every passage it was given, once per source', () => {
    expect(citationsFor('Lima is Peru’s capital.', [bank, sheet, doc, { ...doc, chunkId: 'document#d1#001' }]).map((c) => c.id)).toEqual(['q1', 'per', 'd1']);
  });
});

describe('answering', () => {
  const kb = (found: Passage[]): KnowledgeBase => ({ search: async () => found });
  const generator: TextGenerator = {
    id: 'test',
    async *generate(request) {
      yield `${request.passages[0]!.text} [1]`;
      yield `\n\nSources: [1] ${request.passages[0]!.source.title} (document)`;
    },
  };

  it('with nothing found says so without calling the generator', async () => {
    let called = false;
    const answer = await answerQuestion({ message: 'xyz', subject: 'general', history: [] }, { knowledgeBase: kb([]), generator: async () => ((called = true), generator) });
    expect(answer).toMatchObject({ response: TUTOR_MESSAGES.nothingFound, grounded: false, citations: [] });
    expect(called).toBe(false);
  });

  it('streams the generator’s pieces and returns the whole answer with its citations', async () => {
    const pieces: string[] = [];
    const answer = await answerQuestion({ message: 'capital of Peru?', subject: 'geography', history: [], onText: (p) => void pieces.push(p) }, { knowledgeBase: kb([doc]), generator: async () => generator });
    expect(pieces.join('')).toBe(answer.response);
    expect(answer.grounded).toBe(true);
    expect(answer.citations.map((c) => c.title)).toEqual(['Peru fact sheet']);
  });

  it('an empty reply is the §8 error text', async () => {
    const empty: TextGenerator = { id: 'empty', async *generate() {} };
    const answer = await answerQuestion({ message: 'capital?', subject: 'geography', history: [] }, { knowledgeBase: kb([doc]), generator: async () => empty });
    expect(answer.response).toBe(TUTOR_MESSAGES.noContent);
  });
});

describe('chunk batching for the WebSocket', () => {
  it('sends at most one push per interval and the rest at the end, in order', async () => {
    const sent: [number, string][] = [];
    const batcher = chunkBatcher(async (seq, text) => void sent.push([seq, text]), 60_000);
    for (const piece of ['Lima ', 'is ', 'the ', 'capital.']) await batcher.add(piece);
    await batcher.flush();
    expect(sent).toEqual([
      [0, 'Lima '],
      [1, 'is the capital.'],
    ]);
  });
});

describe('country questions from the fact sheets (issue 20)', () => {
  const known = ['Canada', 'United States', 'Australia'];
  const canada = parseFactSheet('can', 'Canada', 'Canada is a country in North America, in Americas. The capital of Canada is Ottawa. The official languages of Canada are English and French. Canada shares land borders with United States. The area of Canada is 9,984,670 square kilometres.', known);
  const australia = parseFactSheet('aus', 'Australia', 'Australia is a country in Australia and New Zealand, in Oceania. The capital of Australia is Canberra. Australia has no land borders with other countries. The area of Australia is 7,692,024 square kilometres.', known);
  const us = parseFactSheet('usa', 'United States', 'United States is a country in North America, in Americas. The capital of United States is Washington D.C. The area of United States is 9,372,610 square kilometres.', known);
  const canberraGuide = passage('famous-capitals', 'guide', 'Capital Cities That Surprise People', 'Australia’s capital is Canberra, not Sydney or Melbourne. Canada’s capital is Ottawa, not Toronto.');
  const deps = (found: Passage[], extra: Partial<TutorDeps> = {}): TutorDeps => ({
    knowledgeBase: { search: async () => found },
    generator: async () => ({ id: 'unused', async *generate() { yield 'the generator was called'; } }),
    countryFacts: async () => [canada, australia, us],
    ...extra,
  });

  it('“capital of Canada” is answered from Canada’s sheet, never from a passage about Canberra, and cites the sheet', async () => {
    const pieces: string[] = [];
    const answer = await answerQuestion({ message: 'What is the capital city of Canada?', subject: 'general', history: [], onText: (p) => void pieces.push(p) }, deps([canberraGuide]));
    expect(answer.response).toBe('The capital of Canada is Ottawa. [1]\n\nSources: [1] Canada (country fact sheet); [2] Capital Cities That Surprise People (study guide)');
    expect(pieces.join('')).toBe(answer.response);
    expect(answer.citations.map((c) => [c.kind, c.id])).toEqual([
      ['country', 'can'],
      ['guide', 'famous-capitals'],
    ]);
    expect(answer.citations[0]!.excerpt).toBe('The capital of Canada is Ottawa.');
  });

  it('a superlative is computed over the sheets and cites the countries compared', async () => {
    const answer = await answerQuestion({ message: 'Which is the largest country in the world?', subject: 'geography', history: [] }, deps([]));
    expect(answer.response).toMatch(/^Canada is the largest country in the world by area: 9,984,670 square kilometres, followed by United States/);
    expect(answer.citations.map((c) => c.id)).toEqual(['can', 'usa']);
  });

  it('two countries by area: both figures and which is larger', async () => {
    const answer = await answerQuestion({ message: 'Which is bigger, Canada or Australia?', subject: 'geography', history: [] }, deps([]));
    expect(answer.response).toContain('Canada is larger than Australia.');
  });

  it('a why question, or a fact no sheet holds (population), goes to retrieval: answered from a passage that holds it, else an honest abstention', async () => {
    const why = await answerQuestion({ message: 'Why is Canberra the capital of Australia?', subject: 'geography', history: [] }, deps([canberraGuide]));
    expect(why.response).toBe('the generator was called');
    const population = await answerQuestion({ message: 'What is the population of Canada?', subject: 'geography', history: [] }, deps([canberraGuide]));
    expect(population).toMatchObject({
      response: "I'm not sure; here is what our guides say about Canada: “Capital Cities That Surprise People” (/study?guide=famous-capitals).",
      grounded: false,
      citations: [{ kind: 'guide', id: 'famous-capitals' }],
    });
  });

  it('without a guide on the topic the abstention says where to look instead, citing nothing', async () => {
    const doc = passage('d9', 'document', 'Peru fact sheet', 'The capital of Peru is Lima.');
    const answer = await answerQuestion({ message: 'Who wrote the Declaration of Independence?', subject: 'history', history: [] }, deps([doc]));
    expect(answer).toMatchObject({
      response: "I'm not sure, and our study material does not answer that, so I won't guess. Try the study guides (/study) or ask a more specific question about Declaration of Independence.",
      grounded: false,
      citations: [],
    });
  });

  it('a fact that would give away a question the caller can still score is left to the guarded retrieval', async () => {
    const answer = await answerQuestion({ message: 'capital of Canada?', subject: 'geography', history: [] }, deps([canberraGuide], { withholds: (p) => p.text.includes('Ottawa') }));
    expect(answer.response).toBe('the generator was called');
  });
});

describe('a language model as the tutor (Bedrock, mocked at the client)', () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  afterEach(() => bedrock.reset());
  const known = ['Canada', 'United States'];
  const canada = parseFactSheet('can', 'Canada', 'Canada is a country in North America, in Americas. The capital of Canada is Ottawa. Canada shares land borders with United States.', known);
  const guide = passage('famous-capitals', 'guide', 'Capital Cities That Surprise People', 'Canada’s capital is Ottawa, not Toronto: Queen Victoria chose it in 1857 as a compromise between English and French Canada.');
  const replies = (...pieces: string[]) =>
    bedrock.on(ConverseStreamCommand).resolves({
      stream: (async function* () {
        for (const text of pieces) yield { contentBlockDelta: { contentBlockIndex: 0, delta: { text } } };
      })(),
    } as never);
  const ask = (message: string) =>
    answerQuestion({ message, subject: 'geography', history: [] }, { knowledgeBase: { search: async () => [guide] }, generator: async () => bedrockGenerator('amazon.nova-lite-v1:0'), countryFacts: async () => [canada] });

  it('grounds the model on the fact sheet of the country named and the retrieved passages, asks it to cite and to abstain, and reads its [n] marks as the citations', async () => {
    replies('Queen Victoria chose Ottawa in 1857 [2], ', 'and it is the capital of Canada [1].\n\nSources: [1] Canada (country fact sheet); [2] Capital Cities That Surprise People (study guide)');
    const answer = await ask('Why did Canada choose Ottawa as its capital?');
    const input = bedrock.commandCalls(ConverseStreamCommand)[0]!.args[0].input;
    const system = input.system?.[0]?.text ?? '';
    expect(system).toContain('[1] Canada (country fact sheet): Canada is a country in North America');
    expect(system).toContain('[2] Capital Cities That Surprise People (study guide): Canada’s capital is Ottawa');
    expect(system).toContain('If the passages do not contain the answer, say so instead of guessing');
    expect(input.messages?.at(-1)?.content?.[0]?.text).toContain(TUTOR_MODEL_INSTRUCTION);
    expect(answer.grounded).toBe(true);
    expect(answer.citations.map((c) => [c.kind, c.id])).toEqual([
      ['guide', 'famous-capitals'],
      ['country', 'can'],
    ]);
  });

  it('a reply that says it is not sure is an honest abstention, not grounded, pointing to the guides', async () => {
    replies("I'm not sure; the passages are about how Ottawa became Canada's capital.");
    const answer = await ask('Why did Canada choose Ottawa as its capital?');
    expect(answer).toMatchObject({ grounded: false, citations: [{ kind: 'guide', id: 'famous-capitals' }] });
  });

  it('a reply with a claim it does not cite, or a citation of a passage it was not given, is not grounded', async () => {
    replies('Ottawa was chosen in 1857 [2]. It has a population of one million.');
    expect((await ask('Why did Canada choose Ottawa as its capital?')).grounded).toBe(false);
    bedrock.reset();
    replies('Ottawa was chosen in 1857 [7].');
    expect((await ask('Why did Canada choose Ottawa as its capital?')).grounded).toBe(false);
  });
});
