import { inject } from 'vitest';
import { Mailbox, type StoredMail } from '../../infra/local/mailbox.ts';

/** Points this test file's handlers at the shared local stack. Call before importing handlers. */
export function useLocalStack(): { mailbox: Mailbox } {
  Object.assign(process.env, inject('stackEnv'));
  return { mailbox: new Mailbox(inject('mailDir')) };
}

let counter = 0;
/** A fresh address per test, so tests sharing the table never meet. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** The newest e-mail to an address, waiting briefly for asynchronous senders (event consumers). */
export async function mailTo(mailbox: Mailbox, to: string, subject?: RegExp, timeoutMs = 5000): Promise<StoredMail | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailbox.list().find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
    if (found || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Resolves once the local bus has delivered every event put so far, every consumer's run
 * finished (retries included). What a test checks after this is final: a test that asserts
 * that nothing more happens needs no sleep.
 */
export async function eventsDelivered(): Promise<void> {
  const response = await fetch(inject('busDrainUrl'), { method: 'POST' });
  if (response.status !== 204) throw new Error(`the local bus did not drain: ${response.status} ${await response.text()}`);
}

export function linkToken(mail: StoredMail | undefined, param: 'confirm' | 'token'): string {
  const token = mail && new RegExp(`[?&]${param}=([\\w-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`No ${param} link in ${mail?.subject ?? 'missing mail'}`);
  return token;
}
