import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/** The local stand-in for people's inboxes: every e-mail the product sends lands here. */
export interface StoredMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** Files sent with the message (SES v2 simple content's `Attachments`), base64; /_dev/mail/<id>/attachments/<n> downloads one. */
  attachments?: StoredAttachment[];
}

export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  base64: string;
}

export class Mailbox {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  add(mail: Omit<StoredMail, 'id' | 'sentAt'>): StoredMail {
    const sentAt = new Date().toISOString();
    const stored = { id: `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`, sentAt, ...mail };
    // Written aside and renamed, so a reader (the mailbox page, a test) never sees half a file.
    const file = join(this.dir, `${stored.id}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(stored, null, 2));
    renameSync(`${file}.tmp`, file);
    return stored;
  }

  /** Newest first. */
  list(): StoredMail[] {
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as StoredMail);
  }

  get(id: string): StoredMail | undefined {
    return this.list().find((mail) => mail.id === id);
  }
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}a{color:#4338ca}.note{color:#6b7280}iframe{width:100%;height:28rem;border:1px solid #e5e7eb;border-radius:8px}</style></head><body>${body}</body></html>`;

export function renderMailList(mails: StoredMail[]): string {
  const rows = mails
    .map((m) => `<tr><td>${escape(m.sentAt.replace('T', ' ').slice(0, 19))}</td><td>${escape(m.to.join(', '))}</td><td><a href="/_dev/mail/${encodeURIComponent(m.id)}">${escape(m.subject)}</a></td></tr>`)
    .join('');
  return page(
    'Local mailbox',
    `<h1>Local mailbox</h1><p class="note">Every e-mail the product sends on this machine lands here. This page exists only in the local runtime.</p>${
      mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No e-mails yet.</p>'
    }`,
  );
}

/** Stand-in for the external checkout page (a payment provider's site in production). */
export function renderCheckout(plan: string, email: string): string {
  return page(
    'Checkout (local stand-in)',
    `<h1>Checkout</h1><p class="note">In production this is the payment provider's card checkout page, configured as CHECKOUT_URL. Locally no payment is taken.</p><p>Plan: <strong>${escape(plan)}</strong><br>Account: ${escape(email)}</p>`,
  );
}

export function renderMail(mail: StoredMail): string {
  return page(
    mail.subject,
    `<p><a href="/_dev/mail">← All e-mails</a></p><h1>${escape(mail.subject)}</h1><p class="note">From ${escape(mail.from)} to ${escape(mail.to.join(', '))}, ${escape(mail.sentAt)}</p>
<iframe title="Message" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escape(`<base target="_top">${mail.html}`)}"></iframe>
${attachmentList(mail)}
<h2>Plain text</h2><pre>${escape(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>`,
  );
}

function attachmentList(mail: StoredMail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments
    .map((a, i) => `<li><a href="/_dev/mail/${encodeURIComponent(mail.id)}/attachments/${i}" download="${escape(a.filename)}">${escape(a.filename)}</a> <span class="note">(${escape(a.contentType)}, ${Math.ceil(a.size / 1024)} KB)</span></li>`)
    .join('');
  return `<h2>Attachments</h2><ul aria-label="Attachments">${items}</ul>`;
}
