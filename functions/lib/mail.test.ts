import { describe, expect, it } from 'vitest';
import { simpleMessage } from './mail.ts';

const mail = { to: 'parent@example.com', subject: 'QuizQuest progress report from zoe@example.com', text: 'Line one\n\nLine two', html: '<p>Hi</p>' };
const pdf = { filename: 'progress-report-2026-11-26.pdf', contentType: 'application/pdf', data: new Uint8Array([0x25, 0x50, 0x44, 0x46]) };

describe('simpleMessage (SES v2 simple content)', () => {
  it('carries text, HTML and the attachment as SES simple content, no MIME of our own', () => {
    expect(simpleMessage(mail, [pdf])).toEqual({
      Subject: { Data: mail.subject, Charset: 'UTF-8' },
      Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      Attachments: [{ FileName: pdf.filename, ContentType: 'application/pdf', ContentDisposition: 'ATTACHMENT', ContentTransferEncoding: 'BASE64', RawContent: pdf.data }],
    });
    expect(simpleMessage(mail)).not.toHaveProperty('Attachments');
  });

  it.each(['\r\n', '\n', '\r', '\u0085', '\u2028', '\u2029'])('keeps the subject and file name on one line (%j cannot start a header)', (lineBreak) => {
    const message = simpleMessage({ ...mail, subject: `Report${lineBreak}Bcc: someone@example.com` }, [{ ...pdf, filename: `a${lineBreak}b".pdf` }]);
    expect(message.Subject!.Data).toBe('Report Bcc: someone@example.com');
    expect(message.Attachments![0]!.FileName).toBe('a b_.pdf');
    // The body keeps its lines.
    expect(message.Body!.Text!.Data).toBe(mail.text);
  });
});
