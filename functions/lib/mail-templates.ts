import type { Mail } from './mail.ts';

/** The product's e-mails. Links are absolute, built from the configured site origin. */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escape(action.href)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#555">Or open this link: ${escape(action.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><h1 style="font-size:20px">${escape(title)}</h1>${body}${button}</body></html>`;
}

export function confirmationMail(to: string, link: string): Mail {
  const lines = ['Welcome to QuizQuest! Confirm your e-mail address to finish creating your account.', 'If you did not sign up, you can ignore this message.'];
  return {
    to,
    subject: 'Confirm your QuizQuest account',
    text: `${lines[0]}\n\n${link}\n\n${lines[1]}`,
    html: layout('Confirm your account', lines, { label: 'Confirm my account', href: link }),
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  const lines = [
    'We received a request to reset your QuizQuest password.',
    'This link expires in 1 hour and can be used once. If you did not ask for it, ignore this message; your password stays the same.',
  ];
  return {
    to,
    subject: 'Reset your QuizQuest password',
    text: `${lines[0]}\n\n${link}\n\n${lines[1]}`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', href: link }),
  };
}

export function invitationMail(to: string, link: string): Mail {
  const lines = [
    'An administrator created a QuizQuest account for you with this e-mail address.',
    'Choose your password to start. The link works once and expires in 7 days; after that, use "Forgot your password?" on the sign-in page.',
  ];
  return {
    to,
    subject: 'You are invited to QuizQuest',
    text: `${lines[0]}\n\n${link}\n\n${lines[1]}`,
    html: layout('Your QuizQuest account is ready', lines, { label: 'Choose my password', href: link }),
  };
}

export function welcomeMail(to: string, link: string): Mail {
  const lines = [
    'Your account is ready. Take your first quiz in geography, history or religion, earn points and start a streak.',
    'Premium is free for 7 days whenever you want to try it.',
  ];
  return {
    to,
    subject: 'Welcome to QuizQuest',
    text: `${lines.join('\n\n')}\n\n${link}`,
    html: layout('Welcome aboard', lines, { label: 'Open QuizQuest', href: link }),
  };
}
