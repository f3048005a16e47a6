/**
 * The register page's Terms and Conditions modal: the eight sections of spec §2.3 in short form. The
 * full text is the /terms&conditions page (mf-content).
 */
export const TERMS_SUMMARY: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Introduction',
    text: 'This website is run by the Adelaide Tamil Association, a not-for-profit association in South Australia. By creating an account you agree to these terms.',
  },
  {
    title: 'User Accounts',
    text: 'You must be at least 18, give your own true name, e-mail address and phone number, keep your password secret and tell us at once if someone else may have used your account. You are responsible for what is done through it.',
  },
  {
    title: 'Privacy Policy',
    text: 'We use your details only to run your account and membership and to contact you about the Association, as our Privacy Policy explains. We never sell them, and you can download everything we hold about you from your profile.',
  },
  {
    title: 'Content',
    text: 'The text, photos and logos on this website belong to the Association or the people who gave them to us. You may share them for personal, non-commercial use with credit; anything you send us must be lawful and respectful.',
  },
  {
    title: 'Termination',
    text: 'You may close your account at any time by writing to us. We may suspend or close an account that breaks these terms or the Association’s constitution, after telling you why where the law allows.',
  },
  {
    title: 'Limitation of Liability',
    text: 'We take care to keep the website accurate and available, but provide it as it is. As far as the law allows, we are not liable for indirect loss; nothing in these terms limits your rights under the Australian Consumer Law.',
  },
  {
    title: 'Governing Law',
    text: 'These terms are governed by the law of South Australia, and its courts have jurisdiction over any dispute about them.',
  },
  {
    title: 'Changes to Terms',
    text: 'We may update these terms. The date at the top of the full terms shows the latest change, and we will tell members by e-mail of any change that affects them significantly.',
  },
];
