import { DeleteConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { connectionsOfUser, deleteConnection } from '../realtime/data/connections.ts';
import { isGone, managementClient } from './connections-api.ts';
import { log } from './log.ts';

/**
 * Closes one connection (DeleteConnection; API Gateway then sends the socket a close frame) and
 * forgets it with its subscriptions. The items go even when the gateway cannot be reached, so
 * nothing more is sent there.
 */
export async function closeConnection(connectionId: string): Promise<void> {
  const api = managementClient();
  if (api) {
    try {
      await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (!isGone(error)) log.warn('push: DeleteConnection failed', { connectionId, error: String(error) });
    }
  }
  await deleteConnection(connectionId);
}

/**
 * Closes every open connection of the account: a password reset, Delete Account. Kept apart
 * from push.ts, whose access re-check the callers here do not need in their bundles. Needs the
 * `push` access flag (DeleteConnection is execute-api:ManageConnections too).
 */
export async function closeConnectionsOf(userId: string): Promise<number> {
  const ids = await connectionsOfUser(userId);
  await Promise.all(ids.map(closeConnection));
  return ids.length;
}
