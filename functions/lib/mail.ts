import { SendEmailCommand, type Message, type MessageTag } from '@aws-sdk/client-sesv2';
import { mailClient } from './clients.ts';
import { env } from './env.ts';
import { currentCorrelationId } from './invocation.ts';
import { log } from './log.ts';
import { countMetric, METRIC } from './metrics.ts';

/** Header text on one line: a CR, LF, NEL, LS or PS in it would start a header of its own (`Bcc: …`). */
const oneLine = (value: string) => value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A file sent with a message (SES v2 simple content's `Attachments`). */
export interface Attachment {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/**
 * SES v2 simple content: SES writes the MIME (headers, multipart, base64) itself, and the
 * call is authorised as `ses:SendEmail`, attachments included (`Content.Raw` would need
 * `ses:SendRawEmail`: tests/infra/bundles.test.ts reads the `Content` kind of every
 * `new SendEmailCommand` and checks the role). Subject and file names become header text,
 * so each is one line: a line break in them must not be able to start a header of its own.
 */
export function simpleMessage(mail: Mail, attachments: readonly Attachment[] = []): Message {
  return {
    Subject: { Data: oneLine(mail.subject), Charset: 'UTF-8' },
    Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
    ...(attachments.length
      ? {
          Attachments: attachments.map((a) => ({
            FileName: oneLine(a.filename).replace(/["\\]/g, '_'),
            ContentType: a.contentType,
            ContentDisposition: 'ATTACHMENT' as const,
            ContentTransferEncoding: 'BASE64' as const,
            RawContent: a.data,
          })),
        }
      : {}),
  };
}

/**
 * SES message tags allow letters, digits, `_` and `-` only; the correlation id becomes one, so a
 * bounce or complaint that SES reports (with the message's tags) leads back to the request.
 */
export function correlationTag(correlationId: string | undefined): MessageTag[] {
  const value = correlationId?.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256);
  return value ? [{ Name: 'correlation_id', Value: value }] : [];
}

/**
 * Sends through SES; locally the runtime's SES emulation files it (attachments too) in the
 * /_dev/mail mailbox. Counted (MailsSent, MailsFailed) and logged under the invocation's
 * correlation id; a failure is rethrown for the caller's retry.
 */
async function send(mail: Mail, attachments: readonly Attachment[]): Promise<void> {
  const about = { subject: oneLine(mail.subject), attachments: attachments.length };
  try {
    const { MessageId } = await mailClient().send(
      new SendEmailCommand({
        FromEmailAddress: oneLine(env().MAIL_FROM),
        Destination: { ToAddresses: [oneLine(mail.to)] },
        Content: { Simple: simpleMessage(mail, attachments) },
        // Bounces and complaints are counted per configuration set (set on mail senders in AWS only).
        ...(env().MAIL_CONFIGURATION_SET ? { ConfigurationSetName: env().MAIL_CONFIGURATION_SET } : {}),
        EmailTags: correlationTag(currentCorrelationId()),
      }),
    );
    countMetric(METRIC.mailsSent);
    log.info('mail sent', { ...about, message_id: MessageId });
  } catch (error) {
    countMetric(METRIC.mailsFailed);
    log.warn('mail failed', { ...about, error: String(error) });
    throw error;
  }
}

/** Sends a message of text and HTML. */
export const sendMail = (mail: Mail): Promise<void> => send(mail, []);

/** Sends a message with attachments (SES v2 simple content with `Attachments`, not raw MIME). */
export const sendMailWithAttachments = (mail: Mail, attachments: readonly Attachment[]): Promise<void> => send(mail, attachments);
