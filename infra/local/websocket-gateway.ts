import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayAuthorizerResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { WEBSOCKET_AUTHORIZER, WEBSOCKET_LIMITS, WEBSOCKET_ROUTES, WEBSOCKET_THROTTLE } from '#functions/realtime/routes.ts';
import { invoke } from './lambda-host.ts';

/**
 * A local API Gateway WebSocket API on the web server's origin (`/ws`): the same route
 * table and selection expression (`$request.body.action`) as the CDK realtime stack, the
 * same Lambda REQUEST authorizer run before the upgrade (401/403 refuse it), `$connect` and
 * `$disconnect` through the Lambda host, and the service's limits: 10 min idle, 2 h
 * lifetime, 128 KB messages (options shorten the first two so tests exercise reconnection);
 * and our own per-socket frame limit (WEBSOCKET_THROTTLE: a token bucket checked before any
 * parsing, so a flood costs the host next to nothing and never reaches the handlers).
 * `post` and `close` back the `@connections` management endpoint (aws-services.ts).
 */
export interface WebSocketGatewayOptions {
  root: string;
  idleTimeoutMs?: number;
  lifetimeMs?: number;
}

interface Connection {
  socket: WebSocket;
  authorizer: Record<string, string>;
  connectedAt: number;
  sourceIp: string;
  idleTimer: ReturnType<typeof setTimeout>;
  lifetimeTimer: ReturnType<typeof setTimeout>;
}

/**
 * Frames a socket may send: `frameBurst` at once, refilled at `framesPerSecond`. Over it a
 * frame is dropped; `dropsBeforeClose` dropped since the last accepted one close the socket.
 */
function frameBudget(now = Date.now) {
  const { framesPerSecond, frameBurst } = WEBSOCKET_THROTTLE;
  let tokens: number = frameBurst;
  let at = now();
  let dropped = 0;
  return {
    take(): 'ok' | 'drop' | 'close' {
      const t = now();
      tokens = Math.min(frameBurst, tokens + ((t - at) / 1000) * framesPerSecond);
      at = t;
      if (tokens >= 1) {
        tokens -= 1;
        dropped = 0;
        return 'ok';
      }
      dropped += 1;
      return dropped >= WEBSOCKET_THROTTLE.dropsBeforeClose ? 'close' : 'drop';
    },
  };
}

const ROUTE_BY_KEY = new Map<string, (typeof WEBSOCKET_ROUTES)[number]>(WEBSOCKET_ROUTES.map((route) => [route.routeKey, route]));
const route = (key: string) => ROUTE_BY_KEY.get(key)!;

/** API Gateway's connection ids are short, opaque and base64-like. */
const newConnectionId = () => randomBytes(12).toString('base64url');

/** `$request.body.action` when the body is a JSON object with a string action naming a route; otherwise `$default`. */
function selectRoute(body: string) {
  try {
    const parsed: unknown = JSON.parse(body);
    const action = parsed && typeof parsed === 'object' && 'action' in parsed ? parsed.action : undefined;
    if (typeof action === 'string' && !action.startsWith('$') && ROUTE_BY_KEY.has(action)) return route(action);
  } catch {
    // not JSON: $default
  }
  return route('$default');
}

export interface WebSocketGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** PostToConnection: false when the id is unknown (the endpoint answers 410). */
  post(connectionId: string, data: Buffer): boolean;
  /** DeleteConnection: false when the id is unknown. */
  close(connectionId: string): boolean;
  has(connectionId: string): boolean;
  /** Closes every socket (each gets its `$disconnect`). */
  stop(): Promise<void>;
}

export function createWebSocketGateway(options: WebSocketGatewayOptions): WebSocketGateway {
  const idleTimeoutMs = options.idleTimeoutMs ?? WEBSOCKET_LIMITS.idleTimeoutMs;
  const lifetimeMs = options.lifetimeMs ?? WEBSOCKET_LIMITS.lifetimeMs;
  const wss = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET_LIMITS.maxMessageBytes });
  const connections = new Map<string, Connection>();
  const disconnects = new Set<Promise<unknown>>();

  const requestContext = (connectionId: string, conn: Pick<Connection, 'authorizer' | 'connectedAt' | 'sourceIp'>, routeKey: string, eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT') => {
    const now = new Date();
    return {
      routeKey,
      eventType,
      messageId: eventType === 'MESSAGE' ? randomUUID() : undefined,
      extendedRequestId: randomUUID(),
      requestTime: now.toUTCString(),
      messageDirection: 'IN',
      stage: 'ws',
      connectedAt: conn.connectedAt,
      requestTimeEpoch: now.getTime(),
      requestId: randomUUID(),
      domainName: 'localhost',
      connectionId,
      apiId: 'local',
      identity: { sourceIp: conn.sourceIp },
      authorizer: conn.authorizer,
    };
  };

  const run = async (key: string, event: unknown): Promise<APIGatewayProxyStructuredResultV2 | undefined> => {
    const r = route(key);
    return (await invoke(r.entry, r.name, event, options.root)) as APIGatewayProxyStructuredResultV2 | undefined;
  };

  async function authorize(req: IncomingMessage, url: URL): Promise<{ status: 401 | 403 | 500 } | { context: Record<string, string> }> {
    const query = Object.fromEntries(url.searchParams);
    const event = {
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:local:000000000000:local/ws/$connect',
      resource: '$connect',
      path: '/ws',
      httpMethod: 'GET',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')])),
      multiValueHeaders: null,
      pathParameters: null,
      queryStringParameters: query,
      multiValueQueryStringParameters: null,
      stageVariables: null,
      requestContext: { routeKey: '$connect', eventType: 'CONNECT', stage: 'ws', apiId: 'local', requestId: randomUUID() },
    };
    // API Gateway refuses without calling the authorizer when the identity source is missing.
    if (!url.searchParams.get('token')) return { status: 401 };
    try {
      const result = (await invoke(WEBSOCKET_AUTHORIZER.entry, WEBSOCKET_AUTHORIZER.name, event, options.root)) as APIGatewayAuthorizerResult;
      const allowed = result.policyDocument.Statement.some((s) => 'Effect' in s && s.Effect === 'Allow');
      if (!allowed) return { status: 403 };
      const context = Object.fromEntries(Object.entries(result.context ?? {}).map(([k, v]) => [k, String(v)]));
      return { context: { principalId: result.principalId, ...context } };
    } catch (error) {
      if (error instanceof Error && error.message === 'Unauthorized') return { status: 401 };
      console.error('[ws] authorizer threw:', error);
      return { status: 500 };
    }
  }

  function refuse(socket: Duplex, status: number): void {
    const text = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : status === 429 ? 'Too Many Requests' : 'Internal Server Error';
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ message: text })}`);
  }

  function drop(connectionId: string, code: number, reason: string): void {
    connections.get(connectionId)?.socket.close(code, reason);
  }

  function accept(connectionId: string, socket: WebSocket, conn: Omit<Connection, 'socket' | 'idleTimer' | 'lifetimeTimer'>): void {
    const entry: Connection = {
      ...conn,
      socket,
      // API Gateway closes idle and old connections with 1001 "Going away".
      idleTimer: setTimeout(() => drop(connectionId, 1001, 'Going away'), idleTimeoutMs),
      lifetimeTimer: setTimeout(() => drop(connectionId, 1001, 'Going away'), lifetimeMs),
    };
    connections.set(connectionId, entry);

    // A message over the limit (ws closes with 1009, as API Gateway refuses it) or a broken
    // peer: the socket closes and 'close' below runs $disconnect.
    socket.on('error', (error) => console.warn(`[ws] ${connectionId}: ${error.message}`));
    const budget = frameBudget();
    let noticeAt = 0;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      // A connection closed by DeleteConnection runs nothing more, even before its peer answers the close.
      if (connections.get(connectionId) !== entry) return;
      const verdict = budget.take();
      if (verdict === 'close') {
        connections.delete(connectionId);
        socket.close(1008, 'Too many messages');
        setTimeout(() => socket.terminate(), 1000).unref();
        return;
      }
      if (verdict === 'drop') {
        // One notice a second at most, in API Gateway's throttling words.
        if (Date.now() - noticeAt >= 1000 && socket.readyState === WebSocket.OPEN) {
          noticeAt = Date.now();
          socket.send(JSON.stringify({ message: 'Too Many Requests', connectionId, requestId: randomUUID() }));
        }
        return;
      }
      entry.idleTimer.refresh();
      const body = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString(isBinary ? 'base64' : 'utf8');
      const selected = isBinary ? route('$default') : selectRoute(body);
      const event = { requestContext: requestContext(connectionId, entry, selected.routeKey, 'MESSAGE'), body, isBase64Encoded: isBinary };
      run(selected.routeKey, event).then(
        (result) => {
          if (selected.reply && result?.body !== undefined && socket.readyState === WebSocket.OPEN) socket.send(result.body);
        },
        (error: unknown) => {
          console.error(`[ws] ${selected.name} threw:`, error);
          // API Gateway's answer to an integration failure.
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ message: 'Internal server error', connectionId, requestId: randomUUID() }));
        },
      );
    });
    socket.on('close', () => {
      clearTimeout(entry.idleTimer);
      clearTimeout(entry.lifetimeTimer);
      if (connections.get(connectionId) === entry) connections.delete(connectionId);
      const done = run('$disconnect', { requestContext: requestContext(connectionId, entry, '$disconnect', 'DISCONNECT'), isBase64Encoded: false })
        .catch((error: unknown) => console.error('[ws] $disconnect threw:', error))
        .finally(() => disconnects.delete(done));
      disconnects.add(done);
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://local');
      void (async () => {
        const auth = await authorize(req, url);
        if ('status' in auth) return refuse(socket, auth.status);
        const connectionId = newConnectionId();
        const conn = { authorizer: auth.context, connectedAt: Date.now(), sourceIp: req.socket.remoteAddress ?? '127.0.0.1' };
        const query = Object.fromEntries(url.searchParams);
        let result: APIGatewayProxyStructuredResultV2 | undefined;
        try {
          result = await run('$connect', { requestContext: requestContext(connectionId, conn, '$connect', 'CONNECT'), queryStringParameters: query, headers: req.headers, isBase64Encoded: false });
        } catch (error) {
          console.error('[ws] $connect threw:', error);
          return refuse(socket, 500);
        }
        const status = result?.statusCode ?? 200;
        if (status < 200 || status >= 300) return refuse(socket, status === 401 || status === 429 ? status : 403);
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) => accept(connectionId, ws, conn));
      })().catch((error: unknown) => {
        console.error('[ws] upgrade failed:', error);
        refuse(socket, 500);
      });
    },
    post(connectionId, data) {
      const conn = connections.get(connectionId);
      if (!conn || conn.socket.readyState !== WebSocket.OPEN) return false;
      conn.socket.send(data.toString('utf8'));
      return true;
    },
    close(connectionId) {
      const conn = connections.get(connectionId);
      if (!conn) return false;
      // Gone at once for the management API (410 from now on) and for incoming frames; a
      // peer that never answers the close frame is cut after a second.
      connections.delete(connectionId);
      conn.socket.close(1000, 'Closed by the server');
      setTimeout(() => conn.socket.terminate(), 1000).unref();
      return true;
    },
    has: (connectionId) => connections.has(connectionId),
    async stop() {
      for (const conn of connections.values()) conn.socket.close(1001, 'Going away');
      // Sockets that do not finish the closing handshake promptly are cut.
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const conn of connections.values()) conn.socket.terminate();
      await Promise.all([...disconnects]);
      wss.close();
    },
  };
}
