import { CONSENT_MESSAGES } from '#shared/consent/consent-requests.ts';
import { countConsentRequest, declinedRecently } from '../parents/data/consent-requests.ts';
import { Conflict, TooManyRequests } from './errors.ts';

/**
 * Before a consent request is sent: refused for a while after the student said no
 * (409 declined_recently), and counted per pair and UTC day (429 over the limit).
 */
export async function allowConsentRequest(askerId: string, studentId: string, now: Date): Promise<void> {
  if (await declinedRecently(askerId, studentId, now)) throw new Conflict(CONSENT_MESSAGES.declinedRecently, 'declined_recently');
  if (!(await countConsentRequest(askerId, studentId, now))) throw new TooManyRequests(CONSENT_MESSAGES.tooManyToday);
}
