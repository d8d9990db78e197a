import { request } from 'node:http';

/**
 * A JSON POST from a chosen loopback address (any of 127.0.0.0/8 reaches a server on
 * 127.0.0.1). The server takes the caller's address from the connection, so this is how a
 * test plays several machines: to the server these are different viewers.
 */
export function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

let next = 10;
/** A loopback address no other test of this process has used. */
export function freshLoopbackAddress(): string {
  next += 1;
  return `127.0.${Math.floor(next / 250) + 1}.${(next % 250) + 1}`;
}
