import { describe, expect, it } from 'vitest';
import {
  QUICK_QUESTIONS,
  TUTOR_LIMITS,
  TUTOR_SUBJECT_LABELS,
  joinChunks,
  messageToSend,
  remainingToday,
  searchSubjectOf,
  showQuickQuestions,
  tutorContext,
  tutorRequestSchema,
  withinDailyLimit,
  type ChatMessage,
} from './tutor.ts';

const msg = (n: number, type: 'user' | 'ai', extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${n}`,
  type,
  content: `message ${n}`,
  timestamp: '2026-11-23T10:00:00.000Z',
  context: { subject: 'general' },
  ...extra,
});
const welcome = msg(0, 'ai', { welcome: true, content: 'Hello!' });

describe('tutor context: the last 5 messages', () => {
  it.each([
    { messages: 0, expected: [] as string[] },
    { messages: 1, expected: ['message 1'] },
    { messages: 5, expected: ['message 1', 'message 2', 'message 3', 'message 4', 'message 5'] },
    { messages: 6, expected: ['message 2', 'message 3', 'message 4', 'message 5', 'message 6'] },
    { messages: 12, expected: ['message 8', 'message 9', 'message 10', 'message 11', 'message 12'] },
  ])('$messages messages after the welcome give $expected.length', ({ messages, expected }) => {
    const conversation = [welcome, ...Array.from({ length: messages }, (_, i) => msg(i + 1, i % 2 === 0 ? 'user' : 'ai'))];
    expect(tutorContext(conversation).map((m) => m.content)).toEqual(expected);
  });

  it('leaves out the welcome message and failed replies, keeps roles and order', () => {
    const conversation = [welcome, msg(1, 'user'), msg(2, 'ai', { failed: true }), msg(3, 'user'), msg(4, 'ai')];
    expect(tutorContext(conversation)).toEqual([
      { type: 'user', content: 'message 1' },
      { type: 'user', content: 'message 3' },
      { type: 'ai', content: 'message 4' },
    ]);
  });

  it('the server refuses more than 5 context messages', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ type: 'user' as const, content: `m${i}` }));
    expect(tutorRequestSchema.safeParse({ message: 'hi', context: { subject: 'geography', previousMessages: six } }).success).toBe(false);
    expect(tutorRequestSchema.safeParse({ message: 'hi', context: { subject: 'geography', previousMessages: six.slice(1) } }).success).toBe(true);
  });
});

describe('sending', () => {
  it.each([
    { draft: '', pending: false, sent: null },
    { draft: '   \n\t ', pending: false, sent: null },
    { draft: '  What is the capital of Peru? ', pending: false, sent: 'What is the capital of Peru?' },
    { draft: 'What is the capital of Peru?', pending: true, sent: null },
  ])('"$draft" while pending=$pending sends $sent', ({ draft, pending, sent }) => {
    expect(messageToSend(draft, pending)).toBe(sent);
  });

  it('the server trims and refuses an empty message', () => {
    expect(tutorRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    const ok = tutorRequestSchema.parse({ message: ' Lima? ' });
    expect(ok.message).toBe('Lima?');
    expect(ok.context.subject).toBe('general');
  });
});

describe('quick questions', () => {
  it('six of them, shown only while the welcome message is alone', () => {
    expect(QUICK_QUESTIONS).toHaveLength(6);
    expect(showQuickQuestions([welcome])).toBe(true);
    expect(showQuickQuestions([welcome, msg(1, 'user')])).toBe(false);
    expect(showQuickQuestions([])).toBe(false);
  });
});

describe('subjects', () => {
  it('General Help, Geography, History, Religion; General Help searches all subjects', () => {
    expect(Object.values(TUTOR_SUBJECT_LABELS)).toEqual(['General Help', 'Geography', 'History', 'Religion']);
    expect(searchSubjectOf('general')).toBeUndefined();
    expect(searchSubjectOf('history')).toBe('history');
  });
});

describe('daily limit', () => {
  it.each([
    { used: 0, allowed: true, left: 50 },
    { used: 49, allowed: true, left: 1 },
    { used: 50, allowed: false, left: 0 },
    { used: 75, allowed: false, left: 0 },
  ])('$used used: allowed=$allowed, $left left', ({ used, allowed, left }) => {
    expect(TUTOR_LIMITS.dailyQuestions).toBe(50);
    expect(withinDailyLimit(used)).toBe(allowed);
    expect(remainingToday(used)).toBe(left);
  });
});

describe('streamed chunks', () => {
  it('rebuilds the text in sequence order whatever the arrival order', () => {
    expect(joinChunks(new Map([[2, 'Peru.'], [0, 'Lima is '], [1, 'the capital of ']]))).toBe('Lima is the capital of Peru.');
  });
});
