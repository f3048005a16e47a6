import { paths } from '@tca/contracts';
import { ASSOCIATION } from '../../shared/association.js';
import type { LegalDocument } from './legal-types.js';

const { legalName, privacyEmail } = ASSOCIATION;
const mail = `[${privacyEmail}](mailto:${privacyEmail})`;

/**
 * The privacy policy under the Australian Privacy Principles. It describes what this website actually
 * stores and sends; keep it in step with the services when that changes.
 */
export const PRIVACY: LegalDocument = {
  lastUpdated: '2026-11-25',
  intro: [
    `${legalName} (“the Association”, “we”, “us”) respects your privacy. This policy explains what personal information this website collects, why, where it goes, how long we keep it and what you can ask us to do with it. We handle personal information in line with the Australian Privacy Principles (APPs) in the Privacy Act 1988 (Cth).`,
  ],
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: [
        'We collect only what you give us through the website, plus the technical records every website keeps. Specifically:',
        [
          'Your account: first name, last name, e-mail address, phone number (with its country), and that you accepted our terms. Your password is never stored as you typed it: we keep only a one-way, salted hash of it, so nobody at the Association can read it.',
          'Contact messages: your name, e-mail address, phone number and message.',
          'Support tickets: your name, e-mail address, phone number and country code, the type of issue and your description of it, and the reference number we give the ticket.',
          'If you are logged in when you send a contact message or raise a support ticket, we also record which account sent it, so it can be shown to you when you are logged in.',
          'Membership purchases: the level you chose and your member details (name, e-mail, phone, address, date of birth, gender, marital status, profession and who referred you, if anyone). For family levels, your spouse’s name and age and your children’s names and ages. Any identity or supporting documents you upload, such as a passport page or a student card.',
          'Payments: card payments are made on Stripe’s hosted Checkout page. Your card number, expiry date and security code go straight to Stripe and never reach the Association. Stripe tells us the payment’s reference, amount, status and the e-mail address used.',
          'Technical records: when your browser asks our server for a page or sends a form, the server logs the time, the address requested, the result, your IP address and the browser’s description of itself (its user agent).',
        ],
        'You can browse the website, read our pages and use the contact form without an account. You may use a first name only, but we need a working e-mail address or phone number to answer you.',
      ],
    },
    {
      id: 'browser-storage-and-sessions',
      title: 'Logging in: what your browser and our server keep',
      body: [
        'When you log in, your browser’s local storage (on your own device) keeps two items: “user”, holding your user number, name, e-mail address and phone number together with the time your login expires, and “token”, the key that proves to our server that you are logged in. Our server keeps a matching session record, holding only a fingerprint (hash) of the token, never the token itself. Both expire after 24 hours; logging out removes them from your browser straight away.',
        'We use no advertising or analytics cookies, no tracking pixels and no third-party advertising or social media trackers. The links to our social media pages are plain links: those platforms learn nothing from this website unless you follow a link to them.',
      ],
    },
    {
      id: 'how-we-use-it',
      title: 'How we use your information',
      body: [
        'We use your personal information only to:',
        [
          'create and run your account, keep you logged in and let you reset a forgotten password;',
          'answer your messages and resolve your support tickets;',
          'process your membership, check your eligibility for the level you chose (using any documents you upload) and keep the register of members that the law requires an incorporated association to keep;',
          'send you the e-mails described below;',
          'keep the website secure, stop abuse (for example by limiting how often forms can be sent) and fix faults.',
        ],
        'We do not sell, rent or trade personal information, and we do not use it for direct marketing by anyone else. We will only send you news about the Association if you ask us to, and every such e-mail will let you opt out.',
      ],
    },
    {
      id: 'emails-we-send',
      title: 'E-mails we send',
      body: [
        'The website sends e-mails only when you do something that calls for one:',
        [
          'a password reset link when you ask for one; the link works once and expires after 1 hour;',
          'a receipt and a confirmation when you buy a membership or submit member and family details;',
          'an acknowledgement with a copy of your message or ticket (and the ticket’s reference number) when you contact us or raise a ticket.',
        ],
        'Each contact message and support ticket is also e-mailed to the Association’s own inbox, where the committee members and volunteers who answer them can read it.',
      ],
    },
    {
      id: 'who-we-share-it-with',
      title: 'Who we share it with',
      body: [
        'Within the Association, only the committee members and volunteers who need your information for the purposes above can see it. Outside the Association we share it only with:',
        [
          '[Stripe](https://stripe.com/au/privacy), which processes card payments. Stripe is based in the United States and may store and process payment information in the United States and other countries, under its own privacy policy and security certifications;',
          'the providers that host our website and database and deliver our e-mail, who act on our instructions and may not use it for anything else;',
          'anyone the law requires or authorises us to give it to, for example a court order or a request from a law enforcement body.',
        ],
        'Apart from Stripe, the information you give us stays in the systems we use for the website and our inbox.',
      ],
    },
    {
      id: 'how-we-protect-it',
      title: 'How we protect it',
      body: [
        'The website uses encrypted connections (HTTPS). Passwords are stored only as salted hashes, password reset links expire after an hour, access to the database, uploaded documents and the inbox is limited to the people who need it, and the forms are protected against automated abuse.',
        'No system is perfectly secure. If a data breach is likely to cause serious harm to the people involved, we will notify them and the Office of the Australian Information Commissioner as the Notifiable Data Breaches scheme requires.',
      ],
    },
    {
      id: 'how-long-we-keep-it',
      title: 'How long we keep it',
      body: [
        [
          'Login sessions: 24 hours, in your browser and on our server.',
          'Password reset links: 1 hour.',
          'Your account: for as long as it is open. When you ask us to close it, we delete your account details within 30 days, apart from the membership and payment records below.',
          'Contact messages and support tickets, and the e-mails about them: deleted 2 years after they were sent.',
          'Membership records and payment references: 7 years after the membership ends, because the law requires incorporated associations to keep their accounting records and register of members.',
          'Uploaded identity and supporting documents: only until we have checked your eligibility, and no longer than 12 months after your application.',
          'Server logs: 90 days.',
        ],
      ],
    },
    {
      id: 'access-correction-deletion',
      title: 'Seeing, correcting and deleting your information',
      body: [
        `You can see the details we hold about you and your membership on your [profile](${paths.profile}). To correct anything, or to ask us to delete your information or close your account, e-mail us at ${mail} from the address you registered with.`,
        'We will reply within 30 days. We may need to confirm your identity first, and we may have to keep some records (such as payment records) for as long as the law requires; if so, we will tell you which and why. Giving you access or correcting your information is free.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      body: [
        'Accounts are for adults. Children’s names and ages reach us only when a parent or guardian includes them in a family membership, and we use them only to administer that membership.',
      ],
    },
    {
      id: 'complaints',
      title: 'Questions and complaints',
      body: [
        `If you have a question or a complaint about how we have handled your personal information, please e-mail us at ${mail}. We will acknowledge it within 7 days and aim to resolve it within 30 days.`,
        'If you are not satisfied with our answer, you can complain to the Office of the Australian Information Commissioner (OAIC): [www.oaic.gov.au](https://www.oaic.gov.au), phone 1300 363 992.',
      ],
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to this policy',
      body: [
        'We will update this policy when the website or the law changes. The date at the top shows when it last changed; if a change affects how we use information we already hold, we will tell members by e-mail first.',
      ],
    },
  ],
};
