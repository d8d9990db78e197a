import * as z from 'zod';
import { clientClockSchema } from '../tournaments/clock-sync.ts';

/**
 * What travels over the WebSocket, both ways. A topic names who may hear a message:
 * `user:<id>` (that account only: notifications), `group:<id>` (a study group's members:
 * chat), `match:<id>` (a live match's registered players). Each area defines the `data`
 * of its own message types with zod beside its domain code; this envelope is shared.
 */
export const TOPIC_KINDS = ['user', 'group', 'match'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export type Topic = `${TopicKind}:${string}`;

export const topicSchema = z
  .string()
  .max(120)
  .regex(/^(user|group|match):[A-Za-z0-9_-]{1,100}$/, 'Unknown topic')
  .transform((value) => value as Topic);

export function parseTopic(topic: Topic): { kind: TopicKind; id: string } {
  const at = topic.indexOf(':');
  return { kind: topic.slice(0, at) as TopicKind, id: topic.slice(at + 1) };
}

/** Server → browser. */
export const serverMessageSchema = z.object({
  topic: topicSchema,
  /** e.g. `notification.created`, `chat.message`, `match.question-open`. */
  type: z.string().min(1).max(60),
  data: z.unknown(),
});
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * `ping`: a keep-alive; with `t` (the client's clock when sent, a sane reading or the ping is
 * refused) it asks for the server's clock in the pong, a clock-sync sample
 * (shared/tournaments/clock-sync.ts). Unknown fields are dropped, so nothing else is echoed.
 */
export const pingMessageSchema = z.object({ action: z.literal('ping'), t: clientClockSchema.optional() });

/** Browser → server: routed by `action` (API Gateway's `$request.body.action`). */
export const clientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), topic: topicSchema }),
  z.object({ action: z.literal('unsubscribe'), topic: topicSchema }),
  pingMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
