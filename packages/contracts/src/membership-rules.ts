/**
 * The membership area's constants and rules without a validation library (levels and prices, option
 * lists, messages): pages import these on their first render, and zod stays in membership.ts's
 * schemas, which only forms and servers load.
 */

export const CURRENCY = 'aud';

export type MembershipTerm = 'annual' | 'life-time';

export interface MembershipLevel {
  /** The level's name, also the Checkout product name and `membershipName` on the record. */
  name: 'Silver-Single' | 'Silver-Family' | 'Gold-Student' | 'Gold-Single' | 'Gold-Family';
  /** Silver or Gold. */
  type: 'Silver' | 'Gold';
  /** The price as the card shows it, e.g. `$10`. */
  price: string;
  /** Whole Australian dollars. */
  amt: number;
  term: MembershipTerm;
  /** Family levels ask for spouse and children after payment (/confirmation). */
  family: boolean;
  benefits: readonly string[];
  /** The card's background (CSS gradient). */
  gradient: string;
  isVisible: boolean;
}

/** Spec §9. */
export const MEMBERSHIP_LEVELS: readonly MembershipLevel[] = [
  {
    name: 'Silver-Single',
    type: 'Silver',
    price: '$10',
    amt: 10,
    term: 'annual',
    family: false,
    benefits: ['25% discount on event tickets', 'Monthly community newsletter', 'Voting rights at the annual general meeting', 'Valid for one year'],
    gradient: 'linear-gradient(135deg, #5b6470 0%, #2f3640 100%)',
    isVisible: true,
  },
  {
    name: 'Silver-Family',
    type: 'Silver',
    price: '$20',
    amt: 20,
    term: 'annual',
    family: true,
    benefits: ['25% discount on event tickets for the whole family', 'Covers a spouse and children under 18', 'Monthly community newsletter', 'Valid for one year'],
    gradient: 'linear-gradient(135deg, #4f5b66 0%, #1f2a33 100%)',
    isVisible: true,
  },
  {
    name: 'Gold-Student',
    type: 'Gold',
    price: '$50',
    amt: 50,
    term: 'life-time',
    family: false,
    benefits: ['Life-time membership for students', '30% discount on event tickets', 'Priority places in Tamil school and youth programs', 'Voting rights at the annual general meeting'],
    gradient: 'linear-gradient(135deg, #8a5a00 0%, #4d3200 100%)',
    isVisible: true,
  },
  {
    name: 'Gold-Single',
    type: 'Gold',
    price: '$100',
    amt: 100,
    term: 'life-time',
    family: false,
    benefits: ['Life-time membership', '40% discount on event tickets', 'Reserved seating at cultural nights', 'Voting rights at the annual general meeting'],
    gradient: 'linear-gradient(135deg, #7a1f2b 0%, #4a0f18 100%)',
    isVisible: true,
  },
  {
    name: 'Gold-Family',
    type: 'Gold',
    price: '$200',
    amt: 200,
    term: 'life-time',
    family: true,
    benefits: ['Life-time membership for the whole family', '40% discount on event tickets for the family', 'Covers a spouse and children under 18', 'Reserved seating at cultural nights'],
    gradient: 'linear-gradient(135deg, #6b2a5e 0%, #3b1233 100%)',
    isVisible: true,
  },
];

export const MEMBERSHIP_LEVEL_NAMES = MEMBERSHIP_LEVELS.map((l) => l.name) as [MembershipLevel['name'], ...MembershipLevel['name'][]];
export type MembershipLevelName = MembershipLevel['name'];

export function membershipLevel(name: string): MembershipLevel | undefined {
  return MEMBERSHIP_LEVELS.find((level) => level.name === name);
}

/** The demo checkout (spec §2.3, §9): one book, $20.00, quantity 1. */
export const DEMO_PRODUCT = { name: 'Stubborn Attachments', amt: 20, quantity: 1 } as const;

/** Spec §9 option lists. */
export const AUSTRALIAN_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'separated', 'domestic_partnership', 'civil_union'] as const;

/** The labels the §5 message lists: 'Please fill in all required fields: (list)'. */
export const MEMBER_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  addressLine1: 'Address Line 1',
  suburb: 'Suburb',
  stateProvince: 'State',
  postalCode: 'Postal Code',
  profession: 'Profession',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  maritalStatus: 'Marital Status',
} as const;
export type MemberRequiredField = keyof typeof MEMBER_FIELD_LABELS;

export function missingFieldsMessage(missing: readonly MemberRequiredField[]): string {
  return `Please fill in all required fields: ${missing.map((field) => MEMBER_FIELD_LABELS[field]).join(', ')}`;
}

/** Passport and supporting documents: the largest accepted file and its types. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** Spec §8: the server reports an existing request for that e-mail and level. */
export const SUBMISSION_NOT_ALLOWED = {
  error: 'submission_not_allowed',
  title: 'Submission Not Allowed',
  message: 'A membership request has already been submitted with this email address.',
} as const;

// Family details (spec §5).
export const SPOUSE_NAME_MESSAGE = 'Please enter a valid spouse name (at least 2 characters, letters only).';
export const SPOUSE_AGE_MESSAGE = 'Please enter a valid spouse age (0-120).';
export const CHILD_REQUIRED_MESSAGE = 'Please include at least one child under 18 for Silver/Gold Family membership.';
export const CHILD_ROWS = 3;

/** At least 2 characters, letters and spaces only (Unicode letters, so Tamil names count). */
export function isValidPersonName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= 2 && /^[\p{L}\p{M} ]+$/u.test(trimmed);
}
