import { randomBytes } from 'node:crypto';
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

/**
 * A loopback address no other test of this run has used. Random, not counted: each test file
 * runs in a process of its own, while the per-address sign-in counts live in the shared table.
 */
const used = new Set<string>();
export function freshLoopbackAddress(): string {
  for (;;) {
    const [a = 0, b = 0, c = 0] = randomBytes(3);
    // 127.1.0.1 and up: never 127.0.0.x, where the browser's and the plain fetches' sign-ins come from.
    const address = `127.${(a % 254) + 1}.${b}.${(c % 254) + 1}`;
    if (!used.has(address)) {
      used.add(address);
      return address;
    }
  }
}
