import { randomUUID } from 'node:crypto';
import type { EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, ASSOCIATION_NAME, formatDateTimeIn, renderEmail, type EmailBrand, type EmailContent } from '@tca/service-kit';

export { ADELAIDE_TIME_ZONE, ASSOCIATION_NAME, brandFor } from '@tca/service-kit';

/** A page of the site: PUBLIC_URL (with or without a path prefix or trailing slash) plus `path`. */
export function sitePage(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** Job keys are random, so no two e-mails ever share one (a new database with an old Redis included). */
export function emailJob(kind: string, to: string, content: EmailContent, brand: EmailBrand): EmailJob {
  const { subject, text, html } = renderEmail(content, brand);
  return { key: `${kind}-${randomUUID()}`, to, subject, text, html };
}

export interface MailRecipient {
  email: string;
  firstName: string;
}

/** The reset link (spec §2.3 /reset-password/(token)): single use, valid until `expiresAt`. */
export function resetLinkEmail(user: MailRecipient, link: string, expiresAt: Date, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `Reset your password - ${ASSOCIATION_NAME}`,
    preheader: 'Use this link within an hour to choose a new password.',
    blocks: [
      { type: 'paragraph', text: `Dear ${user.firstName},` },
      { type: 'paragraph', text: `Someone asked to reset the password of the ${ASSOCIATION_NAME} account for ${user.email}. If it was you, choose a new password here:` },
      { type: 'link', text: 'Choose a new password', href: link },
      {
        type: 'paragraph',
        text: `The link works once, until ${formatDateTimeIn(expiresAt, ADELAIDE_TIME_ZONE)} (one hour). If it has expired, ask for a new one on the login page.`,
      },
      { type: 'paragraph', text: 'If you did not ask for this, ignore this e-mail: your password stays as it is.' },
    ],
  };
  return emailJob('password-reset', user.email, content, brand);
}

/** Tells the account's owner that the password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedEmail(user: MailRecipient, changedAt: Date, how: 'reset' | 'change', loginLink: string, brand: EmailBrand): EmailJob {
  const signedOut =
    how === 'reset' ? 'Every device that was logged in has been signed out.' : 'Every other device that was logged in has been signed out.';
  const content: EmailContent = {
    subject: `Your password was changed - ${ASSOCIATION_NAME}`,
    preheader: 'If this was you, there is nothing more to do.',
    blocks: [
      { type: 'paragraph', text: `Dear ${user.firstName},` },
      {
        type: 'paragraph',
        text: `The password of your ${ASSOCIATION_NAME} account (${user.email}) was ${how === 'reset' ? 'reset with an e-mailed link' : 'changed on your profile'} on ${formatDateTimeIn(changedAt, ADELAIDE_TIME_ZONE)}. ${signedOut}`,
      },
      { type: 'paragraph', text: 'If this was you, there is nothing more to do.' },
      {
        type: 'paragraph',
        text: 'If it was not you, someone else may know your password: ask for a reset link on the login page ("Forgot password") at once, and contact us.',
      },
      { type: 'link', text: 'Go to the login page', href: loginLink },
    ],
  };
  return emailJob('password-changed', user.email, content, brand);
}
