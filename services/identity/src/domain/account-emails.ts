import { randomUUID } from 'node:crypto';
import type { EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, formatDateTimeIn, renderEmail, type EmailBrand, type EmailContent, type SiteLang } from '@tca/service-kit';
import { associationIn, emailTexts } from './email-texts.js';

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
  /** The language their e-mails are written in (their account's); default English. */
  language?: SiteLang;
}

/** The reset link (spec §2.3 /reset-password/(token)): single use, valid until `expiresAt`. */
export function resetLinkEmail(user: MailRecipient, link: string, expiresAt: Date, brand: EmailBrand): EmailJob {
  const lang = user.language ?? 'en';
  const t = emailTexts(lang);
  const association = associationIn(lang);
  const content: EmailContent = {
    lang,
    subject: t('reset.subject', { site: association }),
    preheader: t('reset.preheader'),
    blocks: [
      { type: 'paragraph', text: t('greeting', { firstName: user.firstName }) },
      { type: 'paragraph', text: t('reset.asked', { site: association, address: user.email }) },
      { type: 'link', text: t('reset.link'), href: link },
      { type: 'paragraph', text: t('reset.expiry', { expiresAt: formatDateTimeIn(expiresAt, ADELAIDE_TIME_ZONE, lang) }) },
      { type: 'paragraph', text: t('reset.notYou') },
    ],
  };
  return emailJob('password-reset', user.email, content, brand);
}

/** Tells the account's owner that the password changed, so a change they did not make does not go unnoticed. */
export function passwordChangedEmail(user: MailRecipient, changedAt: Date, how: 'reset' | 'change', loginLink: string, brand: EmailBrand): EmailJob {
  const lang = user.language ?? 'en';
  const t = emailTexts(lang);
  const association = associationIn(lang);
  const when = { site: association, address: user.email, changedAt: formatDateTimeIn(changedAt, ADELAIDE_TIME_ZONE, lang) };
  const content: EmailContent = {
    lang,
    subject: t('changed.subject', { site: association }),
    preheader: t('changed.preheader'),
    blocks: [
      { type: 'paragraph', text: t('greeting', { firstName: user.firstName }) },
      { type: 'paragraph', text: how === 'reset' ? t('changed.byReset', when) : t('changed.byChange', when) },
      { type: 'paragraph', text: t('changed.wasYou') },
      { type: 'paragraph', text: t('changed.notYou') },
      { type: 'link', text: t('changed.link'), href: loginLink },
    ],
  };
  return emailJob('password-changed', user.email, content, brand);
}
