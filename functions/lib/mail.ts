import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mailClient } from './clients.ts';
import { env } from './env.ts';
import { buildMime, type Attachment } from './mime.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends through SES; locally the runtime's SES emulation files it in the /_dev/mail mailbox. */
export async function sendMail(mail: Mail): Promise<void> {
  await mailClient().send(
    new SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

/** Sends a message with attachments as SES v2 raw MIME (`Content.Raw`); locally the mailbox keeps the attachments. */
export async function sendMailWithAttachments(mail: Mail, attachments: readonly Attachment[]): Promise<void> {
  await mailClient().send(
    new SendEmailCommand({
      FromEmailAddress: env().MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: { Raw: { Data: buildMime({ ...mail, from: env().MAIL_FROM, attachments }) } },
    }),
  );
}
