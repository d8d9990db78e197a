import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { runOnce } from '../data/processed-events.ts';
import { sendMail } from '../lib/mail.ts';
import { confirmationMail, invitationMail, passwordResetMail, welcomeMail } from '../lib/mail-templates.ts';
import { siteUrl } from '../lib/site-url.ts';
import { eventHandler } from '../lib/instrument.ts';

const emailRequested = envelopeSchema('EmailRequested');
const accountConfirmed = envelopeSchema('AccountConfirmed');

/** Builds the message an event asks for; links are absolute, on the configured origin. */
async function mailFor(event: EventBridgeEvent<string, unknown>) {
  const site = await siteUrl();
  if (event['detail-type'] === 'AccountConfirmed') {
    const { detail } = accountConfirmed.parse(event);
    return welcomeMail(detail.email, `${site}/auth`);
  }
  const { detail } = emailRequested.parse(event);
  const link = `${site}${detail.path}`;
  switch (detail.template) {
    case 'confirm-sign-up':
      return confirmationMail(detail.to, link);
    case 'invite':
      return invitationMail(detail.to, link);
    case 'reset-password':
      return passwordResetMail(detail.to, link);
  }
}

/** EmailRequested and AccountConfirmed → one e-mail each, however often the event is delivered. */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const mail = await mailFor(event);
  await runOnce('send-email', event.id, () => sendMail(mail));
});
