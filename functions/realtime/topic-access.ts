import { parseTopic, type Topic } from '#shared/realtime/messages.ts';
import { canSubscribeToGroup } from '../groups/topic-access.ts';
import { canSubscribeToMatch } from '../tournaments/topic-access.ts';

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
