import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import { describe, expect, it } from 'vitest';
import { LEVELS, SUBJECTS } from '../../shared/constants.ts';
import { useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { player, premium } from '../support/players.ts';

useLocalStack();
const { handler: startRound } = await import('../../functions/quiz/start-round.ts');
const { getRound } = await import('../../functions/quiz/data/rounds.ts');
const { getBankMeta, getQuestions } = await import('../../functions/questions/data/question-bank.ts');
const { toPlayQuestion } = await import('../../functions/quiz/to-play-round.ts');

const countries = createRequire(import.meta.url)('world-countries/countries.json') as Country[];
const CODES = new Set(countries.flatMap((c) => [c.cca2, c.cca3].map((code) => code.toLowerCase())));
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const NAMES = [...new Set(countries.flatMap((c) => [c.name.common, c.name.official]).map(normalize))];

/** `text` holds `phrase` as whole words (after normalising case, accents and punctuation). */
const containsWords = (text: string, phrase: string) => phrase.length > 0 && ` ${normalize(text)} `.includes(` ${phrase} `);

/**
 * Everything in one question's play payload that names a country or the answer. Ids and
 * image URLs must be opaque: no country code as an id part or path segment, no country
 * name, no answer. The other strings (question, caption, anything else but the options)
 * must not contain the answer.
 */
function leaks(payload: Record<string, unknown>, answer: string): string[] {
  const found: string[] = [];
  const opaque: [string, string][] = [['id', String(payload.id)]];
  if (typeof payload.image_url === 'string') opaque.push(['image_url', payload.image_url]);
  for (const [field, value] of opaque) {
    const parts = value.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    for (const part of parts) if (CODES.has(part)) found.push(`${field} ${value} has the country code ${part}`);
    for (const name of NAMES) if (containsWords(value, name)) found.push(`${field} ${value} names ${name}`);
    if (containsWords(value, normalize(answer))) found.push(`${field} ${value} holds the answer ${answer}`);
  }
  for (const [field, value] of Object.entries(payload)) {
    if (field === 'options' || field === 'id' || field === 'image_url' || typeof value !== 'string') continue;
    if (containsWords(value, normalize(answer))) found.push(`${field} "${value}" holds the answer ${answer}`);
  }
  return found;
}

describe('a question’s play payload does not give its answer away', () => {
  it('the leak check itself catches the old payloads', () => {
    const flag = { id: 'geo-beg-flag-pol', question: "Which country's flag is this?", options: ['Poland', 'Austria'], image_url: '/flags/4x3/pl.svg', image_caption: 'National flag' };
    expect(leaks(flag, 'Poland')).toEqual(expect.arrayContaining([expect.stringContaining('pol'), expect.stringContaining('pl')]));
    expect(leaks({ id: 'geo-exp-area-largest-arg', question: 'Which of these countries has the largest area?' }, 'Argentina')).not.toEqual([]);
    expect(leaks({ id: 'rel-beg-048', question: 'Which religion?', topic: 'jainism' }, 'Jainism')).not.toEqual([]);
    expect(leaks({ id: 'q-9f3a61c2d04b7e58', question: 'Which religion?', image_url: '/flags/0c1d2e3f4a5b6c7d.svg' }, 'Jainism')).toEqual([]);
  });

  it('no question in the bank names its answer, a country code or a country name in its id or image URL', async () => {
    let checked = 0;
    let images = 0;
    const problems: string[] = [];
    for (const subject of SUBJECTS) {
      for (const level of LEVELS) {
        const meta = await getBankMeta(subject, level);
        const indexes = [...new Set(Object.values(meta?.topics ?? {}).flat())];
        for (let i = 0; i < indexes.length; i += 100) {
          for (const question of await getQuestions(subject, level, indexes.slice(i, i + 100))) {
            const payload = toPlayQuestion({ ...question, level });
            problems.push(...leaks(payload, question.correct_answer));
            checked += 1;
            if (payload.image_url) images += 1;
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1_100);
    expect(images).toBeGreaterThan(150);
  });

  it('a started geography round sends opaque ids and flag URLs', async () => {
    const me = await player(premium);
    for (const level of LEVELS) {
      const { status, body } = parse(await startRound(httpEvent({ sub: me.user_id, body: { subject: 'geography', level, questionCount: 25 } })));
      expect(status).toBe(201);
      const stored = (await getRound(me.user_id, body.roundId))!;
      body.questions.forEach((payload: Record<string, unknown>, i: number) => {
        expect(leaks(payload, stored.questions[i]!.correct_answer)).toEqual([]);
        expect(payload).not.toHaveProperty('topic');
        if (payload.image_url) expect(payload.image_url).toMatch(/^\/flags\/[0-9a-f]{16}\.svg$/);
      });
    }
  });
});
