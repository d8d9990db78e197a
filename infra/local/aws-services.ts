import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { COGNITO_TRIGGERS } from '#functions/routes.ts';
import type { LocalEventBus, PutEntry } from './event-bus.ts';
import { invoke } from './lambda-host.ts';
import type { Mailbox, StoredMail } from './mailbox.ts';
import type { LocalQueue } from './queue.ts';
import type { WebSocketGateway } from './websocket-gateway.ts';

/**
 * The AWS APIs the handlers and cognito-local call that have no local emulator of their
 * own: SES v2 SendEmail with simple content, attachments included (into the mailbox),
 * EventBridge PutEvents (into the local bus) and Lambda Invoke (cognito-local calling the
 * trigger handlers). Each speaks the wire
 * format of the real API, so the unchanged SDK clients reach it by endpoint alone.
 * Also the WebSocket API's `@connections` management endpoint (PostToConnection,
 * DeleteConnection): an unknown connection answers 410 GoneException, as in AWS, and SQS
 * SendMessage (with DelaySeconds) into the local queues that functions send to by URL, and S3's
 * path-style GetObject, HeadObject, PutObject and DeleteObject on the stack's buckets (the knowledge index),
 * kept as files.
 */
const triggerEntries = new Map<string, string>(Object.values(COGNITO_TRIGGERS).map((t) => [t.name, t.entry]));

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface SesAttachment {
  FileName?: string;
  ContentType?: string;
  /** Base64 on the wire (a blob in the SDK). */
  RawContent?: string;
}

interface SesSendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: {
    Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } }; Attachments?: SesAttachment[] };
    Raw?: unknown;
    Template?: unknown;
  };
}

/** SES v2 simple content, attachments included: what the mailbox keeps of it. */
function simpleMail(simple: NonNullable<NonNullable<SesSendEmail['Content']>['Simple']>): Pick<StoredMail, 'subject' | 'text' | 'html' | 'attachments'> {
  const attachments = (simple.Attachments ?? []).map((a) => {
    const data = Buffer.from(a.RawContent ?? '', 'base64');
    return { filename: a.FileName ?? 'attachment', contentType: a.ContentType ?? 'application/octet-stream', size: data.length, base64: data.toString('base64') };
  });
  return {
    subject: simple.Subject?.Data ?? '',
    text: simple.Body?.Text?.Data ?? '',
    html: simple.Body?.Html?.Data ?? '',
    ...(attachments.length ? { attachments } : {}),
  };
}

interface SqsSendMessage {
  QueueUrl?: string;
  MessageBody?: string;
  DelaySeconds?: number;
}

/** A local queue's URL, as SendMessage names it: `<this endpoint>/<account>/<queue name>`. */
export const localQueueUrl = (endpoint: string, queueName: string) => `${endpoint}/000000000000/${queueName}`;

export function startAwsServices(options: {
  port: number;
  root: string;
  mailbox: Mailbox;
  bus: LocalEventBus;
  websocket?: WebSocketGateway;
  /** The queues functions send to directly (SendMessage), by queue name. */
  queues?: ReadonlyMap<string, LocalQueue>;
  /** S3 buckets (path-style GetObject, HeadObject, PutObject, DeleteObject), kept as files under `dir`. */
  storage?: LocalStorage;
}): Promise<Server> {
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const bytes = await readBytes(req);
      const body = bytes.toString('utf8');
      const url = req.url ?? '/';

      if (options.storage && (await serveObject(options.storage, req, bytes, res))) return;

      if (req.method === 'POST' && url === '/v2/email/outbound-emails') {
        const input = JSON.parse(body) as SesSendEmail;
        const simple = input.Content?.Simple;
        // The product sends simple content only (functions/lib/mail.ts): its role has ses:SendEmail,
        // not the ses:SendRawEmail that Raw content needs, so a raw or templated send is refused here too.
        if (!simple) return send(400, { message: 'Local SES emulation accepts Content.Simple only (Raw needs ses:SendRawEmail, which no function is granted)' }, { 'x-amzn-errortype': 'BadRequestException' });
        const mail = options.mailbox.add({ from: input.FromEmailAddress ?? '', to: input.Destination?.ToAddresses ?? [], ...simpleMail(simple) });
        return send(200, { MessageId: mail.id });
      }

      if (req.method === 'POST' && req.headers['x-amz-target'] === 'AWSEvents.PutEvents') {
        const { Entries = [] } = JSON.parse(body) as { Entries?: PutEntry[] };
        return send(200, { FailedEntryCount: 0, Entries: Entries.map((entry) => ({ EventId: options.bus.put(entry) })) });
      }

      // SQS's JSON protocol; the SDK checks the body's MD5 in the answer.
      if (req.method === 'POST' && req.headers['x-amz-target'] === 'AmazonSQS.SendMessage') {
        const input = JSON.parse(body) as SqsSendMessage;
        const queue = options.queues?.get(input.QueueUrl?.split('/').pop() ?? '');
        const error = (type: string, message: string) => send(400, { __type: `com.amazonaws.sqs#${type}`, message }, { 'x-amzn-query-error': `AWS.SimpleQueueService.${type};Sender` });
        if (!queue) return error('NonExistentQueue', `The specified queue does not exist: ${input.QueueUrl}`);
        if (typeof input.MessageBody !== 'string' || input.MessageBody === '') return error('MissingParameter', 'MessageBody is required');
        let messageId: string;
        try {
          messageId = queue.send(input.MessageBody, input.DelaySeconds ?? 0);
        } catch (refused) {
          return error('InvalidParameterValue', refused instanceof Error ? refused.message : String(refused));
        }
        return send(200, { MessageId: messageId, MD5OfMessageBody: createHash('md5').update(input.MessageBody, 'utf8').digest('hex') });
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

export interface LocalStorage {
  readonly dir: string;
  readonly buckets: readonly string[];
}

function s3Error(res: ServerResponse, status: number, code: string, message: string, head: boolean): void {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-error-code': code });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * An S3 object request on one of the stack's buckets, answered as S3 answers it (true), or not
 * one (false). A key's segments are URI-encoded into file names under the bucket's folder, so no
 * key reaches outside it.
 */
async function serveObject(storage: LocalStorage, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://local').pathname;
  const [bucket, ...segments] = path.slice(1).split('/').map((s) => decodeURIComponent(s));
  if (!bucket || !storage.buckets.includes(bucket)) return false;
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && req.method !== 'PUT' && req.method !== 'DELETE' && !head) return false;
  if (segments.length === 0 || segments.some((s) => s === '' || s === '.' || s === '..')) {
    s3Error(res, 400, 'InvalidRequest', 'Local S3 emulation serves objects only (GetObject, HeadObject, PutObject, DeleteObject)', head);
    return true;
  }
  const key = segments.join('/');
  const file = join(storage.dir, bucket, ...segments.map((s) => encodeURIComponent(s)));
  if (req.method === 'PUT') {
    const data = (req.headers['content-encoding'] ?? '').includes('aws-chunked') ? decodeAwsChunked(body) : body;
    await mkdir(dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half an object.
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
    res.writeHead(200, { etag: `"${createHash('md5').update(data).digest('hex')}"` });
    res.end();
    return true;
  }
  if (req.method === 'DELETE') {
    // As S3: deleting a key that is not there succeeds too.
    await rm(file, { force: true });
    res.writeHead(204);
    res.end();
    return true;
  }
  let data: Buffer;
  let modified: Date;
  try {
    [data, modified] = await Promise.all([readFile(file), stat(file).then((s) => s.mtime)]);
  } catch {
    s3Error(res, 404, 'NoSuchKey', `The specified key does not exist: ${key}`, head);
    return true;
  }
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(data.length),
    etag: `"${createHash('md5').update(data).digest('hex')}"`,
    'last-modified': modified.toUTCString(),
  });
  res.end(head ? undefined : data);
  return true;
}

/** The payload of an `aws-chunked` body: `<hex size>[;extensions]\r\n<bytes>\r\n` chunks up to a 0-size one (trailers ignored). */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
