import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { bankQuestionSchema, type BankQuestion } from '#shared/quiz/question.ts';
import { generateGeographyQuestions } from './geography.ts';

/**
 * The question bank as shipped: geography generated from country data, history and
 * religion written by hand (bank/*.json). Every question is checked against the schema
 * and its answer against its options before anything is written.
 */
function readHandWritten(name: string): BankQuestion[] {
  const raw: unknown = JSON.parse(readFileSync(new URL(`./bank/${name}.json`, import.meta.url), 'utf8'));
  return z.array(bankQuestionSchema).parse(raw);
}

export function loadBank(): BankQuestion[] {
  const questions = [...generateGeographyQuestions(), ...readHandWritten('history'), ...readHandWritten('religion')];
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.id)) throw new Error(`Duplicate question id ${question.id}`);
    ids.add(question.id);
    if (!question.options.includes(question.correct_answer)) throw new Error(`${question.id}: the answer is not among the options`);
    if (new Set(question.options).size !== question.options.length) throw new Error(`${question.id}: repeated options`);
  }
  return questions;
}

/**
 * Part of every bank's content hash: bump it when what writeBank stores changes, so the
 * next seed rewrites banks whose questions did not (2: public ids).
 */
const STORED_FORMAT = 2;

export function groupByBank(questions: readonly BankQuestion[]): { subject: Subject; level: Level; questions: BankQuestion[]; hash: string }[] {
  return SUBJECTS.flatMap((subject) =>
    LEVELS.map((level) => {
      const bank = questions.filter((q) => q.subject === subject && q.level === level);
      return { subject, level, questions: bank, hash: createHash('sha256').update(JSON.stringify({ format: STORED_FORMAT, bank })).digest('hex').slice(0, 16) };
    }),
  );
}
