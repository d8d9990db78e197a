import { describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '../../shared/groups/study-groups.ts';
import { PROFILE_MESSAGES } from '../../shared/profile.ts';
import { mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { pdfText } from '../support/pdf-text.ts';
import { player, premium } from '../support/players.ts';

/**
 * What people write is kept as written (the web shows it as text),
 * with invisible characters removed; a name is one line of plain text, also in the e-mailed PDF.
 */
const { mailbox } = useLocalStack();
const { handler: toggleBookmark } = await import('../../functions/quiz/toggle-bookmark.ts');
const { handler: saveNotes } = await import('../../functions/review/save-notes.ts');
const { handler: listReview } = await import('../../functions/review/list-review.ts');
const { handler: createGroup } = await import('../../functions/groups/create-group.ts');
const { handler: sendMessage } = await import('../../functions/groups/send-message.ts');
const { handler: listMessages } = await import('../../functions/groups/list-messages.ts');
const { handler: updateProfile } = await import('../../functions/profile/update-profile.ts');
const { handler: getMe } = await import('../../functions/profile/get-me.ts');
const { handler: sendReport } = await import('../../functions/reports/send-report.ts');
const { getBankMeta } = await import('../../functions/questions/data/question-bank.ts');

type Handler = (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>;
const call = async (h: Handler, sub: string, input: Parameters<typeof httpEvent>[0] = {}) => parse(await h(httpEvent({ sub, ...input })));

describe('notes and chat keep what the person wrote', () => {
  it('notes: markup and comparisons are stored and read back as typed; control characters go', async () => {
    const me = await player();
    const meta = (await getBankMeta('history', 'beginner'))!;
    const questionId = meta.publicIds[Object.values(meta.topics).flat()[0]!]!;
    expect((await call(toggleBookmark, me.user_id, { body: { questionId } })).status).toBe(200);
    for (const [written, stored] of [
      ['<<b>img src=x onerror=alert(1)>', '<<b>img src=x onerror=alert(1)>'],
      ['a < b and c > d', 'a < b and c > d'],
      ['  1066\u0007 <b>Hastings</b>\r\nremember\u202E  ', '1066 <b>Hastings</b>\nremember'],
    ]) {
      expect(await call(saveNotes, me.user_id, { body: { notes: written }, path: { questionId } })).toEqual({ status: 200, body: { notes: stored } });
      expect((await call(listReview, me.user_id)).body.items[0].notes).toBe(stored);
    }
  });

  it('chat: an honest comparison is stored whole; an invisible-only message is refused', async () => {
    const me = await player(premium);
    const group = (await call(createGroup, me.user_id, { body: { name: 'Plain text club' } })).body.group;
    for (const text of ['a < b and c > d', '<<b>img src=x onerror=alert(1)>']) {
      const sent = await call(sendMessage, me.user_id, { path: { groupId: group.id }, body: { message: text } });
      expect(sent.status).toBe(201);
      expect(sent.body.message.message).toBe(text);
    }
    const refused = await call(sendMessage, me.user_id, { path: { groupId: group.id }, body: { message: '\u200B\u0007 ' } });
    expect(refused.body.error.message).toBe(GROUP_MESSAGES.messageEmpty);
    const listed = (await call(listMessages, me.user_id, { path: { groupId: group.id } })).body.messages.map((m: { message: string }) => m.message);
    expect(listed).toEqual(['a < b and c > d', '<<b>img src=x onerror=alert(1)>']);
  });
});

describe('a full name is one line of plain text', () => {
  it('profile edit stores a name with line breaks on one line and refuses markup', async () => {
    const me = await player();
    const saved = await call(updateProfile, me.user_id, { body: { full_name: 'Ada\r\nLovelace\u2028Byron', phone_number: '' } });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.metadata.full_name).toBe('Ada Lovelace Byron');
    const markup = await call(updateProfile, me.user_id, { body: { full_name: 'Ada\nBcc: x@evil.test <b>hi</b>', phone_number: '' } });
    expect(markup.status).toBe(400);
    expect(markup.body.error.message).toBe(PROFILE_MESSAGES.fullNamePlain);
    expect((await call(getMe, me.user_id)).body.profile.metadata.full_name).toBe('Ada Lovelace Byron');
  });

  it('a name stored with a line break (from before the rule) prints on the PDF’s one Name line', async () => {
    const me = await player({ ...premium, metadata: { full_name: 'Ada\r\nBcc: x@evil.test <b>hi</b>' } });
    const to = uniqueEmail('names');
    expect((await call(sendReport, me.user_id, { body: { email: to, days: 7 } })).status).toBe(201);
    const mail = await mailTo(mailbox, to, /progress report/);
    const lines = pdfText(Buffer.from(mail!.attachments![0]!.base64, 'base64'));
    expect(lines).toContain('Name: Ada Bcc: x@evil.test <b>hi</b>');
    expect(lines.filter((line) => line.includes('Bcc:'))).toEqual(['Name: Ada Bcc: x@evil.test <b>hi</b>']);
  });
});
