import { describe, expect, it } from 'vitest';
import { httpEvent } from '../../tests/support/http-event.ts';
import { clientIp } from './viewer-address.ts';

const SECRET = 'edge-secret-0123456789abcdef';

function from(sourceIp: string, headers: Record<string, string>) {
  const event = httpEvent({ ip: sourceIp });
  Object.assign(event.headers, headers);
  return event;
}

describe('clientIp', () => {
  it.each([
    ['the edge’s viewer address, with the edge’s secret', { 'x-origin-verify': SECRET, 'x-viewer-address': '203.0.113.9' }, '203.0.113.9'],
    ['the connection, when the secret is wrong', { 'x-origin-verify': 'guess-guess-guess-guess!', 'x-viewer-address': '203.0.113.9' }, '198.51.100.1'],
    ['the connection, when the secret is missing', { 'x-viewer-address': '203.0.113.9' }, '198.51.100.1'],
    ['the connection, never a client’s X-Forwarded-For', { 'x-forwarded-for': '192.0.2.1, 192.0.2.2' }, '198.51.100.1'],
    ['the connection, when the edge sent an empty address', { 'x-origin-verify': SECRET, 'x-viewer-address': ' ' }, '198.51.100.1'],
  ])('takes %s', (_, headers, expected) => {
    expect(clientIp(from('198.51.100.1', headers), SECRET)).toBe(expected);
  });

  it('trusts no header when no secret is configured', () => {
    expect(clientIp(from('198.51.100.1', { 'x-origin-verify': '', 'x-viewer-address': '203.0.113.9' }), '')).toBe('198.51.100.1');
  });
});
