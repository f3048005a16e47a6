/**
 * The association's public contact details, in one place for the contact page, the Tamil school
 * page and the legal pages. The e-mail address is a placeholder on the association's own name:
 * replace it with the real inbox before going live.
 */
export const ASSOCIATION = {
  legalName: 'Adelaide Tamil Association Incorporated',
  city: 'Adelaide',
  state: 'South Australia',
  country: 'Australia',
  email: 'contact@adelaidetamilassociation.org.au',
  privacyEmail: 'contact@adelaidetamilassociation.org.au',
} as const;
