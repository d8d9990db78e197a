import { CHAT_MESSAGE_TYPE, chatMessageSchema, messageSentSchema } from '#shared/groups/study-groups.ts';
import { enforceAccountRateLimit } from '../lib/data/rate-limits.ts';
import { putMessage } from './data/study-groups.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { pushToTopic } from '../lib/push.ts';
import { groupIdParam, requireGroupsCaller, requireMember } from './group-access.ts';

/**
 * POST /api/groups/{groupId}/messages {message}: members only, rate-limited per account;
 * stored, then pushed to the group's topic (`chat.message`). The message stands even if the
 * push fails: members who missed it get it on their next fetch.
 */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const { message } = parseBody(event, chatMessageSchema);
  const me = await requireGroupsCaller(event);
  await requireMember(groupId, me.user_id);
  await enforceAccountRateLimit('groupChat', me.user_id, Date.now());

  const stored = await putMessage({ group_id: groupId, user_id: me.user_id, email: me.email, message, created_at: new Date().toISOString() });
  await pushToTopic(`group:${groupId}`, { type: CHAT_MESSAGE_TYPE, data: stored }).catch((error: unknown) =>
    log.warn('chat message not pushed', { groupId, error: String(error) }),
  );
  return respond(messageSentSchema, { message: stored }, 201);
});
