import { messagesResponseSchema } from '#shared/groups/study-groups.ts';
import { lastMessages } from './data/study-groups.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { groupIdParam, requireGroupsCaller, requireMember } from './group-access.ts';

/** GET /api/groups/{groupId}/messages: the last 50 messages, oldest first; members only. */
export const handler = httpHandler(async (event) => {
  const groupId = groupIdParam(event);
  const me = await requireGroupsCaller(event);
  await requireMember(groupId, me.user_id);
  return respond(messagesResponseSchema, { messages: await lastMessages(groupId) });
});
