import type { Mail } from '../lib/mail.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail that carries a progress report; the PDF is attached. */
export function reportMail(to: string, studentEmail: string, period: string): Mail {
  const lines = [
    `${studentEmail} shared their QuizQuest progress report with you (${period.toLowerCase()}).`,
    'The report is attached as a PDF: quizzes taken, average score, study time, achievements, results per subject and recommendations.',
  ];
  return {
    to,
    subject: `QuizQuest progress report from ${studentEmail}`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><h1 style="font-size:20px">Progress report</h1>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}</body></html>`,
  };
}
