import * as z from 'zod';
import { SUBJECTS, type Subject } from '../constants.ts';

/**
 * The AI tutor (docs/ai.md): rules
 * shared by the chat screen and the Lambda. Answers are grounded in the knowledge base and
 * cite their passages; with nothing relevant found the tutor says so and never invents.
 */

/** The selector's choices: General Help searches every subject. */
export const TUTOR_SUBJECTS = ['general', ...SUBJECTS] as const;
export type TutorSubject = (typeof TUTOR_SUBJECTS)[number];

export const TUTOR_SUBJECT_LABELS: Record<TutorSubject, string> = {
  general: 'General Help',
  geography: 'Geography',
  history: 'History',
  religion: 'Religion',
};

/** The subject to search in, or undefined (General Help: all subjects). */
export const searchSubjectOf = (subject: TutorSubject): Subject | undefined => (subject === 'general' ? undefined : subject);

export const TUTOR_LIMITS = {
  /** The spec's context: the last 5 messages go with each question. */
  contextMessages: 5,
  /** Not in the spec: questions per account per UTC day (a reply costs model time in AWS). */
  dailyQuestions: 50,
  messageMax: 1000,
  /** A context message as sent back (a long earlier answer is cut, not refused). */
  contextMessageMax: 4000,
  /** Passages searched per question: the selection keeps only a sentence that matches the question, so it can look wider. */
  passages: 8,
} as const;

/** How an honest abstention opens: the tutor is not sure, then points to what the guides say. */
export const TUTOR_ABSTAIN_PREFIX = "I'm not sure";

export const TUTOR_MESSAGES = {
  welcome:
    "Hello! I'm your AI tutor. Ask me anything about geography, history or religion and I'll answer from our study material, with the sources I used. Pick a subject to focus my search.",
  /** docs/ai.md: a reply without content. */
  noContent: 'I apologize, but I encountered an error. Please try asking your question again.',
  /** docs/ai.md: the request failed. */
  connection:
    "I'm having trouble connecting right now. In the meantime, try checking our study guides or asking a more specific question about geography, history, or religion!",
  /** Not in the spec: nothing relevant in the knowledge base; the tutor never makes an answer up. */
  nothingFound:
    "I couldn't find anything about that in our study material, so I won't guess. Try the study guides (Study Guides, /study) or ask a more specific question about geography, history or religion.",
  dailyLimit: `You've reached today's limit of ${TUTOR_LIMITS.dailyQuestions} tutor questions. The limit resets at midnight UTC; the study guides are always open.`,
  premiumRequired: 'The AI tutor is part of Premium',
  messageTooLong: `Keep your question under ${TUTOR_LIMITS.messageMax} characters`,
  emptyMessage: 'Type a question first',
} as const;

/** Six quick questions, shown only while the welcome message is the only message. */
export const QUICK_QUESTIONS = [
  'What is the capital of Peru?',
  'Which is the largest continent?',
  'Who was the first emperor of Rome?',
  'When did the Second World War end?',
  'What are the Five Pillars of Islam?',
  'What is the holy book of Sikhism?',
] as const;

export type ChatRole = 'user' | 'ai';

/** A chat message as the screen keeps it (docs/ai.md). */
export interface ChatMessage {
  readonly id: string;
  readonly type: ChatRole;
  readonly content: string;
  readonly timestamp: string;
  readonly context: { readonly subject: TutorSubject; readonly level?: string };
  readonly citations?: readonly Citation[];
  /** The welcome message is not part of the conversation sent as context. */
  readonly welcome?: boolean;
  /** A failed reply (the error texts in docs/ai.md): shown, not sent back as context. */
  readonly failed?: boolean;
}

/** One earlier turn as sent with a question. */
export const contextMessageSchema = z.object({
  type: z.enum(['user', 'ai']),
  content: z.string().max(TUTOR_LIMITS.contextMessageMax),
});
export type ContextMessage = z.infer<typeof contextMessageSchema>;

/**
 * POST /api/tutor/chat (docs/ai.md: message, context {subject, previousMessages (last 5), userId}).
 * The user id is taken from the verified token, never from the body; requestId names the
 * streamed chunks that belong to this question (WebSocket push).
 */
export const tutorRequestSchema = z.object({
  message: z.string().trim().min(1, TUTOR_MESSAGES.emptyMessage).max(TUTOR_LIMITS.messageMax, TUTOR_MESSAGES.messageTooLong),
  context: z
    .object({
      subject: z.enum(TUTOR_SUBJECTS).default('general'),
      previousMessages: z.array(contextMessageSchema).max(TUTOR_LIMITS.contextMessages).default([]),
      userId: z.string().optional(),
    })
    .default({ subject: 'general', previousMessages: [] }),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type TutorRequest = z.input<typeof tutorRequestSchema>;

export const citationSchema = z.object({
  kind: z.enum(['document', 'country', 'question', 'guide']),
  id: z.string(),
  title: z.string(),
  /** The passage's words, so the student sees what the answer rests on. */
  excerpt: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const tutorResponseSchema = z.object({
  response: z.string(),
  citations: z.array(citationSchema),
  /** False when nothing relevant was found (the reply says so). */
  grounded: z.boolean(),
  /** Questions left today. */
  remaining: z.number().int().min(0),
  requestId: z.string().nullable(),
});
export type TutorResponse = z.infer<typeof tutorResponseSchema>;

/** A streamed piece of a reply, pushed on the account's own WebSocket topic. */
export const TUTOR_CHUNK_TYPE = 'tutor.chunk';
export const tutorChunkSchema = z.object({
  requestId: z.string(),
  seq: z.number().int().min(0),
  text: z.string(),
});
export type TutorChunk = z.infer<typeof tutorChunkSchema>;

/**
 * The context of a question: the last 5 messages of the conversation before it, oldest
 * first, without the welcome message and failed replies (they are not the conversation).
 */
export function tutorContext(messages: readonly ChatMessage[]): ContextMessage[] {
  return messages
    .filter((m) => !m.welcome && !m.failed)
    .slice(-TUTOR_LIMITS.contextMessages)
    .map((m) => ({ type: m.type, content: m.content.slice(0, TUTOR_LIMITS.contextMessageMax) }));
}

/** The text to send, or null: empty or whitespace messages are ignored, and nothing is sent while a reply is pending. */
export function messageToSend(draft: string, pending: boolean): string | null {
  if (pending) return null;
  const text = draft.trim();
  return text.length === 0 ? null : text;
}

/** Quick questions show only while the welcome message is the only message. */
export function showQuickQuestions(messages: readonly ChatMessage[]): boolean {
  return messages.length === 1 && messages[0]!.welcome === true;
}

/** Whether one more question is allowed when `used` were asked today. */
export const withinDailyLimit = (used: number, limit: number = TUTOR_LIMITS.dailyQuestions): boolean => used < limit;

/** Questions left after `used` were asked today. */
export const remainingToday = (used: number, limit: number = TUTOR_LIMITS.dailyQuestions): number => Math.max(0, limit - used);

/** Appends a streamed chunk in order: chunks can arrive once each, in any order; text is rebuilt by sequence number. */
export function joinChunks(chunks: ReadonlyMap<number, string>): string {
  return [...chunks.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text).join('');
}
