import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { EDGE_HEADERS } from '#functions/lib/viewer-address.ts';
import { apiHeaders, siteHeaders } from '../edge/security-headers.ts';
import { renderCheckout, renderMail, renderMailList, type Mailbox } from './mailbox.ts';

/**
 * The one local origin, routed as CloudFront routes it in AWS: `/api/*` to the HTTP API,
 * everything else to the built single-page app with index.html as the fallback. Like
 * CloudFront it adds the security headers and, towards the API, the viewer's address and
 * the origin secret (see functions/lib/viewer-address.ts). The `/_dev/*` pages exist only here.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};
// TrueType (the progress report's font, fetched on Download PDF) halves with gzip; WOFF2 is compressed already.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest', '.ttf']);

type ApiHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function serveFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string): void {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff' };
  if (COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    createReadStream(file).pipe(createGzip()).pipe(res);
  } else {
    res.writeHead(200, { ...headers, 'content-length': String(statSync(file).size) });
    createReadStream(file).pipe(res);
  }
}

/** The `/_dev/*` pages are plain HTML with their own small inline style sheet. */
const DEV_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:; frame-ancestors 'self'";

function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined; // malformed percent-encoding
  }
}

export function startWebServer(options: {
  port: number;
  host: string;
  webDist: string;
  api: ApiHandler;
  mailbox: Mailbox;
  /** What CloudFront sends the API as `x-origin-verify`; the functions read it as EDGE_SECRET. */
  edgeSecret: string;
  /** The WebSocket API, on `/ws` (CloudFront routes `/ws` to it in AWS). */
  websocket?: { handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void };
}): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        for (const [name, value] of Object.entries(apiHeaders())) res.setHeader(name, value);
        // Whatever the client sent under these names is replaced, as CloudFront does.
        req.headers[EDGE_HEADERS.viewerAddress] = req.socket.remoteAddress ?? '';
        req.headers[EDGE_HEADERS.originVerify] = options.edgeSecret;
        return await options.api(req, res, await readBody(req));
      }
      for (const [name, value] of Object.entries(siteHeaders())) res.setHeader(name, value);
      const path = decodedPath(url.pathname);
      if (path === undefined) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Bad request: malformed address');
      }

      if (url.pathname.startsWith('/_dev/')) res.setHeader('content-security-policy', DEV_PAGE_CSP);
      if (url.pathname === '/_dev/mail.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return res.end(JSON.stringify(options.mailbox.list()));
      }
      const attachment = /^\/_dev\/mail\/([^/]+)\/attachments\/(\d+)$/.exec(path);
      if (attachment) {
        const file = options.mailbox.get(attachment[1]!)?.attachments?.[Number(attachment[2])];
        if (!file) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          return res.end('No such attachment');
        }
        const data = Buffer.from(file.base64, 'base64');
        res.writeHead(200, {
          'content-type': file.contentType,
          'content-length': String(data.length),
          'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
          'cache-control': 'no-store',
        });
        return res.end(data);
      }
      if (url.pathname === '/_dev/mail' || url.pathname.startsWith('/_dev/mail/')) {
        const id = path.slice('/_dev/mail/'.length);
        const mail = id ? options.mailbox.get(id) : undefined;
        res.writeHead(id && !mail ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(mail ? renderMail(mail) : renderMailList(options.mailbox.list()));
      }

      if (url.pathname === '/_dev/checkout') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(renderCheckout(url.searchParams.get('plan') ?? '', url.searchParams.get('email') ?? ''));
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        return res.end();
      }
      const file = normalize(join(options.webDist, path));
      if (file.startsWith(options.webDist + sep) && existsSync(file) && statSync(file).isFile()) {
        const immutable = url.pathname.startsWith('/assets/');
        return serveFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      if (extname(url.pathname)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Not found');
      }
      serveFile(req, res, join(options.webDist, 'index.html'), 'no-cache');
    } catch (error) {
      console.error('[web]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Local server error');
    }
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/ws' || !options.websocket) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => socket.destroy());
    options.websocket.handleUpgrade(req, socket, head);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
