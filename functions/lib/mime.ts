import { randomUUID } from 'node:crypto';

/**
 * A MIME message with attachments (RFC 2045/2046/2047), for SES v2's `Content.Raw`:
 * multipart/mixed holding a multipart/alternative (text, HTML) and each attachment.
 * Every body part is base64, so any text and any bytes travel unchanged.
 */
export interface Attachment {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export interface RawMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: readonly Attachment[];
}

/** Base64 in lines of 76 characters (RFC 2045). */
const base64Lines = (data: Uint8Array | string) => (Buffer.from(data).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** An address header on one line: a CR or LF in it would start a header of its own (`Bcc: …`). */
const oneLine = (value: string) => value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');

/** A header value outside ASCII as an RFC 2047 encoded word. */
export const encodeHeader = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`);

/** A file name safe inside a quoted header parameter. */
const safeName = (name: string) => name.replace(/["\\\r\n]/g, '_');

export function buildMime(mail: RawMail, now = new Date()): Uint8Array {
  const mixed = `mixed-${randomUUID()}`;
  const alt = `alt-${randomUUID()}`;
  const lines = [
    `From: ${oneLine(mail.from)}`,
    `To: ${oneLine(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${alt}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${alt}--`,
    ...mail.attachments.flatMap((a) => [
      `--${mixed}`,
      `Content-Type: ${a.contentType}; name="${safeName(a.filename)}"`,
      `Content-Disposition: attachment; filename="${safeName(a.filename)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(a.data),
    ]),
    `--${mixed}--`,
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

export interface ParsedPart {
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits a message into header map and decoded body; enough for the messages built above (and plain 7bit/8bit ones). */
function parsePart(raw: string): ParsedPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const bodyText = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  return { headers, body: encoding === 'base64' ? Buffer.from(bodyText.replace(/\s+/g, ''), 'base64') : Buffer.from(bodyText, 'latin1') };
}

/** Every leaf part of a message (multiparts opened recursively). The raw text is handled as latin1 so bytes survive. */
export function leafParts(raw: string): ParsedPart[] {
  const part = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (!/^multipart\//i.test(part.headers['content-type'] ?? '') || !boundary) return [part];
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const pieces = body.split(`--${boundary}`).slice(1);
  return pieces.filter((p) => !p.startsWith('--')).flatMap((p) => leafParts(p.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
}

/** The decoded subject (RFC 2047 B and Q words). */
export function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}
