import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { runOnce } from '../data/processed-events.ts';
import { sendMail } from '../lib/mail.ts';
import { welcomeMail } from '../lib/mail-templates.ts';
import { siteUrl } from '../lib/site-url.ts';

const accountConfirmed = envelopeSchema('AccountConfirmed');

/** AccountConfirmed → one welcome e-mail, however often the event is delivered. */
export const handler = async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { id, detail } = accountConfirmed.parse(event);
  await runOnce('send-welcome-email', id, async () => {
    await sendMail(welcomeMail(detail.email, `${await siteUrl()}/auth`));
  });
};
