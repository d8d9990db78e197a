import { createServer, type IncomingMessage, type Server } from 'node:http';
import { COGNITO_TRIGGERS } from '#functions/routes.ts';
import type { LocalEventBus, PutEntry } from './event-bus.ts';
import { invoke } from './lambda-host.ts';
import { decodeHeader, leafParts } from '#functions/lib/mime.ts';
import type { Mailbox, StoredMail } from './mailbox.ts';
import type { WebSocketGateway } from './websocket-gateway.ts';

/**
 * The AWS APIs the handlers and cognito-local call that have no local emulator of their
 * own: SES v2 SendEmail (into the mailbox), EventBridge PutEvents (into the local bus)
 * and Lambda Invoke (cognito-local calling the trigger handlers). Each speaks the wire
 * format of the real API, so the unchanged SDK clients reach it by endpoint alone.
 * Also the WebSocket API's `@connections` management endpoint (PostToConnection,
 * DeleteConnection): an unknown connection answers 410 GoneException, as in AWS.
 */
const triggerEntries = new Map<string, string>(Object.values(COGNITO_TRIGGERS).map((t) => [t.name, t.entry]));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface SesSendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } }; Raw?: { Data?: string } };
}

/** SES v2 `Content.Raw` (base64 MIME on the wire): its subject, text, HTML and attachments for the mailbox. */
function rawMail(base64: string): Pick<StoredMail, 'subject' | 'text' | 'html' | 'attachments'> {
  const raw = Buffer.from(base64, 'base64').toString('latin1');
  const parts = leafParts(raw);
  const top = parts.length ? /^([\s\S]*?)\r?\n\r?\n/.exec(raw)?.[1] ?? '' : '';
  const subject = decodeHeader(/^Subject:\s*(.*)$/im.exec(top)?.[1]?.trim() ?? '');
  const type = (p: (typeof parts)[number]) => (p.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const isFile = (p: (typeof parts)[number]) => /attachment/i.test(p.headers['content-disposition'] ?? '');
  const text = parts.find((p) => !isFile(p) && type(p) === 'text/plain')?.body.toString('utf8') ?? '';
  const html = parts.find((p) => !isFile(p) && type(p) === 'text/html')?.body.toString('utf8') ?? '';
  const attachments = parts.filter(isFile).map((p) => ({
    filename: /filename="?([^";]+)"?/i.exec(p.headers['content-disposition'] ?? '')?.[1] ?? 'attachment',
    contentType: type(p),
    size: p.body.length,
    base64: p.body.toString('base64'),
  }));
  return { subject, text, html, attachments };
}

export function startAwsServices(options: { port: number; root: string; mailbox: Mailbox; bus: LocalEventBus; websocket?: WebSocketGateway }): Promise<Server> {
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const body = await readBody(req);
      const url = req.url ?? '/';

      if (req.method === 'POST' && url === '/v2/email/outbound-emails') {
        const input = JSON.parse(body) as SesSendEmail;
        const simple = input.Content?.Simple;
        const raw = input.Content?.Raw?.Data;
        const mail = options.mailbox.add({
          from: input.FromEmailAddress ?? '',
          to: input.Destination?.ToAddresses ?? [],
          ...(raw
            ? rawMail(raw)
            : { subject: simple?.Subject?.Data ?? '', text: simple?.Body?.Text?.Data ?? '', html: simple?.Body?.Html?.Data ?? '' }),
        });
        return send(200, { MessageId: mail.id });
      }

      if (req.method === 'POST' && req.headers['x-amz-target'] === 'AWSEvents.PutEvents') {
        const { Entries = [] } = JSON.parse(body) as { Entries?: PutEntry[] };
        return send(200, { FailedEntryCount: 0, Entries: Entries.map((entry) => ({ EventId: options.bus.put(entry) })) });
      }

      const connectionMatch = /^\/@connections\/([^/?]+)$/.exec(url);
      if (connectionMatch && options.websocket && (req.method === 'POST' || req.method === 'DELETE')) {
        const connectionId = decodeURIComponent(connectionMatch[1]!);
        const found = req.method === 'POST' ? options.websocket.post(connectionId, Buffer.from(body, 'utf8')) : options.websocket.close(connectionId);
        if (!found) return send(410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
        res.writeHead(req.method === 'POST' ? 200 : 204);
        return res.end();
      }

      const invokeMatch = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(url);
      if (req.method === 'POST' && invokeMatch) {
        const name = decodeURIComponent(invokeMatch[1]!);
        const entry = triggerEntries.get(name);
        if (!entry) return send(404, { Type: 'User', message: `Function not found: ${name}` });
        try {
          const result = await invoke(entry, name, JSON.parse(body), options.root);
          return send(200, result ?? null);
        } catch (error) {
          console.error(`[lambda] ${name} failed:`, error);
          const message = error instanceof Error ? error.message : String(error);
          return send(200, { errorMessage: message, errorType: 'Error' }, { 'x-amz-function-error': 'Unhandled' });
        }
      }

      send(404, { message: `Not emulated: ${req.method} ${url}` });
    } catch (error) {
      console.error('[aws-services]', error);
      send(500, { message: 'Local AWS emulation failed' });
    }
  });
  return new Promise((resolve) => server.listen(options.port, '127.0.0.1', () => resolve(server)));
}
