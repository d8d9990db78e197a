import { parseTopic, type Topic } from '#shared/realtime/messages.ts';
import { canSubscribeToGroup } from '../groups/topic-access.ts';
import { canSubscribeToMatch, matchListenersAllowed } from '../tournaments/topic-access.ts';

/**
 * Whether the account may listen to a topic: its own `user:` topic only; a group's or a
 * match's as the owning area decides (members, registered players).
 */
export async function canSubscribe(userId: string, topic: Topic): Promise<boolean> {
  const { kind, id } = parseTopic(topic);
  switch (kind) {
    case 'user':
      return id === userId;
    case 'group':
      return canSubscribeToGroup(userId, id);
    case 'match':
      return canSubscribeToMatch(userId, id);
    default:
      return false;
  }
}

/**
 * Which of these accounts may still hear the topic, checked as a push goes. The same rule as
 * canSubscribe; a match's listeners are checked together (up to 1,000 at a question).
 */
export async function allowedAmong(topic: Topic, userIds: readonly string[]): Promise<Set<string>> {
  const { kind, id } = parseTopic(topic);
  if (kind === 'match') return matchListenersAllowed(id, userIds);
  const allowed = await Promise.all(userIds.map(async (userId) => ((await canSubscribe(userId, topic)) ? userId : undefined)));
  return new Set(allowed.filter((userId): userId is string => userId !== undefined));
}
