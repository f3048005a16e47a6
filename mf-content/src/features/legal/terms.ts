import { paths } from '@tca/contracts';
import { ASSOCIATION } from '../../shared/association.js';
import type { LegalDocument } from './legal-types.js';

const { legalName, email } = ASSOCIATION;

/** The eight numbered sections of spec §2.3, in order. */
export const TERMS_SECTION_TITLES = [
  'Introduction',
  'User Accounts',
  'Privacy Policy',
  'Content',
  'Termination',
  'Limitation of Liability',
  'Governing Law',
  'Changes to Terms',
] as const;

export const TERMS: LegalDocument = {
  lastUpdated: '2026-11-25',
  intro: [
    `Please read these terms before you use this website, create an account or buy a membership. They are short and written in plain English; if anything is unclear, e-mail us at [${email}](mailto:${email}).`,
  ],
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      body: [
        `This website is run by ${legalName} (“the Association”, “we”, “us”), a not-for-profit association incorporated in South Australia under the Associations Incorporation Act 1985 (SA). We bring Adelaide’s Tamil community together through language, culture, events and community support.`,
        'These terms apply to everyone who uses the website, including when you:',
        [
          'read the pages, blog, gallery and event listings;',
          'send us a message through the contact form or raise a support ticket;',
          'register an account, log in or reset your password;',
          'buy a membership and give us member or family details.',
        ],
        'By using the website you agree to these terms. If you do not agree, please do not use it. Our constitution and any rules made under it continue to govern membership of the Association; if they conflict with these terms, the constitution prevails.',
      ],
    },
    {
      id: 'user-accounts',
      title: 'User Accounts',
      body: [
        'You need an account to buy a membership and to see your profile. When you register you must:',
        [
          'be at least 18 years old (children are included in a family membership by a parent or guardian, not through their own account);',
          'give your own true name, e-mail address and phone number, and keep them up to date;',
          'keep your password secret and not share your account with anyone else;',
          `tell us straight away at [${email}](mailto:${email}) if you think someone else has used your account.`,
        ],
        'You are responsible for what is done through your account. We never ask for your password by e-mail or phone.',
        'Membership fees are shown in Australian dollars on the membership page. Annual levels run for one year from the date of purchase; life-time levels last for as long as the Association exists, subject to section 5. Card payments are processed by Stripe on its own secure checkout page. Fees are not refundable, except where we cancel a membership without cause or where the Australian Consumer Law gives you a right to a refund.',
        'The member and family details you give us must be accurate. If you upload identity or supporting documents (for example to show eligibility for the student level), they must be genuine and your own or those of a family member you are authorised to act for.',
      ],
    },
    {
      id: 'privacy-policy',
      title: 'Privacy Policy',
      body: [
        `Our [Privacy Policy](${paths.privacy}) explains what personal information we collect through this website, why we collect it, who we share it with (such as our payment provider), how long we keep it, and how you can see, correct or delete it. It forms part of these terms.`,
        'We follow the Australian Privacy Principles in the Privacy Act 1988 (Cth). We do not sell your personal information and the website carries no advertising trackers.',
      ],
    },
    {
      id: 'content',
      title: 'Content',
      body: [
        'The text, photographs, logos and other material on this website belong to the Association or to the people who gave us permission to publish them. You may view, download and print pages for your own personal, non-commercial use and share links to them. Please ask us before copying material for any other purpose.',
        `Photographs in the gallery are taken at our public events. If you appear in a photograph and would like it removed, e-mail us at [${email}](mailto:${email}) and we will take it down promptly.`,
        'When you send us a message, raise a ticket or upload a document, you must not send anything that is unlawful, misleading, defamatory, offensive or that infringes someone else’s rights, and you must not try to disrupt the website, probe its security or use automated tools to submit forms. We may decline to act on, and delete, anything that breaks this rule.',
        'Event details, times and prices can change; we try to keep them accurate but please check with the organiser before you travel. Links to other websites (for example ticket sellers, sponsors or social media) are provided for convenience; we do not control those sites and are not responsible for their content or their privacy practices.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      body: [
        `You can stop using the website at any time. To close your account, e-mail us at [${email}](mailto:${email}) from the address you registered with; we will close it and deal with your personal information as our Privacy Policy describes.`,
        'We may suspend or close an account, or refuse a membership application, if:',
        [
          'the account holder breaches these terms, for example by giving false details or documents;',
          'a payment is reversed, disputed without reason or found to be fraudulent;',
          'the member is suspended or expelled under the Association’s constitution, following the procedure it sets out.',
        ],
        'Where we can, we will tell you why and give you a chance to respond first. Closing an account does not end a membership that has been paid for, except where the membership itself is ended under the constitution. Sections 4, 6 and 7 continue to apply after an account is closed.',
      ],
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of Liability',
      body: [
        'We are a volunteer-run community organisation. We work to keep the website available, accurate and secure, but we provide it “as is” and cannot promise that it will always be available or free of errors.',
        'Our goods and services come with guarantees that cannot be excluded under the Australian Consumer Law (Schedule 2 to the Competition and Consumer Act 2010 (Cth)). Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law or any other law that cannot lawfully be excluded.',
        'Subject to that, and to the extent the law allows:',
        [
          'we exclude all other warranties and conditions about the website and its content;',
          'where our liability for a failure to meet a consumer guarantee can be limited, it is limited to supplying the services again or paying the cost of having them supplied again (for a membership, a refund of the fee you paid);',
          'we are not liable for any indirect or consequential loss, or for loss caused by events outside our reasonable control, such as a failure of the internet, our hosting provider or a third party’s website.',
        ],
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: [
        'These terms are governed by the laws of South Australia and the Commonwealth of Australia. You and we submit to the non-exclusive jurisdiction of the courts of South Australia and the courts that can hear appeals from them.',
        'If a court decides that part of these terms cannot be enforced, that part is to be read down as far as needed to make it enforceable, and the rest of the terms continue to apply.',
      ],
    },
    {
      id: 'changes-to-terms',
      title: 'Changes to Terms',
      body: [
        'We may update these terms from time to time, for example when we add a service or when the law changes. The date at the top of this page shows when they last changed.',
        'If a change materially affects members, we will tell members by e-mail or by a notice on the website at least 14 days before it takes effect. If you keep using the website after a change takes effect, the new terms apply to you. If you do not accept them, you can close your account as section 5 describes.',
        `Questions about these terms are welcome at [${email}](mailto:${email}).`,
      ],
    },
  ],
};
