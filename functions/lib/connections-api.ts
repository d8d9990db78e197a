import { ApiGatewayManagementApiClient, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from './env.ts';

/**
 * API Gateway's management API for the WebSocket stage (`@connections`), shared by push.ts
 * (send) and close-connections.ts (close). Undefined where no WebSocket API is configured.
 */
let client: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;

export function managementClient(): ApiGatewayManagementApiClient | undefined {
  const endpoint = env().WEBSOCKET_CALLBACK_URL;
  if (!endpoint) return undefined;
  if (client?.endpoint !== endpoint) client = { endpoint, client: new ApiGatewayManagementApiClient({ endpoint }) };
  return client.client;
}

/** The connection is no longer known to the gateway (410). */
export function isGone(error: unknown): boolean {
  if (error instanceof GoneException) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return status === 410 || (error as { name?: unknown } | undefined)?.name === 'GoneException';
}
