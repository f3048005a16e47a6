import { z } from 'zod';

/**
 * The membership area (spec §3 membership level, submission and dependants; §5 member and family
 * details; §7 checkout calls; §9 levels and option lists). Prices live here and on the server only:
 * the server rejects a price the browser sends that disagrees with this table.
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

/** A stored upload (passport or supporting document), answered by POST /membership/documents. */
export const documentRefSchema = z.object({ id: z.string().min(1).max(100), fileName: z.string().min(1).max(255) }).strict();
export type DocumentRef = z.infer<typeof documentRefSchema>;
export const documentUploadAnswerSchema = documentRefSchema.extend({ type: z.string(), size: z.number().int() });
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const requiredText = (field: MemberRequiredField, max = 200) =>
  z.string().trim().min(1, `${MEMBER_FIELD_LABELS[field]} is required`).max(max, `${MEMBER_FIELD_LABELS[field]} is too long`);

/** Spec §5 member details (the membership submission of §3, as the server takes it). */
export const memberDetailsSchema = z
  .object({
    firstName: requiredText('firstName', 100),
    lastName: requiredText('lastName', 100),
    email: requiredText('email', 320).pipe(z.email('Invalid email format')),
    phoneNumber: requiredText('phoneNumber', 40),
    addressLine1: requiredText('addressLine1'),
    suburb: requiredText('suburb', 100),
    stateProvince: z.enum(AUSTRALIAN_STATES, 'State is required'),
    postalCode: requiredText('postalCode', 10).regex(/^\d{4}$/, 'Postal Code must be 4 digits'),
    profession: requiredText('profession', 100),
    dateOfBirth: requiredText('dateOfBirth', 10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of Birth must be a date'),
    gender: z.enum(GENDERS, 'Gender is required'),
    maritalStatus: z.enum(MARITAL_STATUSES, 'Marital Status is required'),
    referredBy: z.string().trim().max(200, 'Referred by is too long').optional(),
    passport: documentRefSchema.nullable().default(null),
    supportingDocuments: z.array(documentRefSchema).max(5, 'At most 5 supporting documents').default([]),
  })
  .strict();
export type MemberDetails = z.output<typeof memberDetailsSchema>;
export type MemberDetailsInput = z.input<typeof memberDetailsSchema>;

/** POST /create-checkout-session for a membership (login required). */
export const membershipCheckoutRequestSchema = z
  .object({
    productName: z.enum(MEMBERSHIP_LEVEL_NAMES, 'Unknown membership level'),
    /** What the page showed; must equal the server's price for the level. */
    price: z.number().positive(),
    customerEmail: z.string().trim().pipe(z.email('Invalid email format')),
    membership: memberDetailsSchema,
  })
  .strict();
export type MembershipCheckoutRequest = z.input<typeof membershipCheckoutRequestSchema>;

/** POST /create-checkout-session for the demo book (no login). */
export const demoCheckoutRequestSchema = z
  .object({
    productName: z.literal(DEMO_PRODUCT.name),
    price: z.number().positive(),
    quantity: z.literal(1),
    customerEmail: z.string().trim().pipe(z.email('Invalid email format')).optional(),
  })
  .strict();
export type DemoCheckoutRequest = z.input<typeof demoCheckoutRequestSchema>;

export const checkoutAnswerSchema = z.object({ url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** GET /checkout-session/:id. `membershipType` and `userId` (the membership's request id) for a paid membership. */
export const sessionLookupAnswerSchema = z.object({
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  membershipType: z.string().optional(),
  userId: z.string().optional(),
});
export type SessionLookupAnswer = z.infer<typeof sessionLookupAnswerSchema>;

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

function isWholeNumberIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

export const personSchema = z.object({ name: z.string().trim().max(100), age: z.number() }).strict();

export const dependantsRequestSchema = z
  .object({
    userId: z.string().min(1).max(100),
    membershipType: z.enum(MEMBERSHIP_LEVEL_NAMES),
    spouse: personSchema.nullable(),
    children: z.array(personSchema).max(CHILD_ROWS, `At most ${CHILD_ROWS} children`),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.spouse) {
      if (!isValidPersonName(value.spouse.name)) ctx.addIssue({ code: 'custom', path: ['spouse', 'name'], message: SPOUSE_NAME_MESSAGE });
      if (!isWholeNumberIn(value.spouse.age, 0, 120)) ctx.addIssue({ code: 'custom', path: ['spouse', 'age'], message: SPOUSE_AGE_MESSAGE });
    }
    value.children.forEach((child, index) => {
      if (!isValidPersonName(child.name) || !isWholeNumberIn(child.age, 0, 18)) {
        ctx.addIssue({ code: 'custom', path: ['children', index], message: `Child ${index + 1}: a name (at least 2 letters) and an age from 0 to 18` });
      }
    });
    if (membershipLevel(value.membershipType)?.family && value.children.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['children'], message: CHILD_REQUIRED_MESSAGE });
    }
  });
export type DependantsRequest = z.infer<typeof dependantsRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Service to service (never forwarded by the gateway: /internal/* is not an API route).
// Identity owns membership records; payments asks it, with the shared SERVICE_TOKEN in the
// `X-Service-Token` header.
// ---------------------------------------------------------------------------------------------

export const SERVICE_TOKEN_HEADER = 'x-service-token';

/** POST identity /internal/memberships — idempotent per checkoutSessionId. */
export const createMembershipRequestSchema = z
  .object({
    checkoutSessionId: z.string().min(1).max(255),
    userId: z.string().min(1).max(50),
    membershipName: z.enum(MEMBERSHIP_LEVEL_NAMES),
    details: memberDetailsSchema,
    /** Cents, as Stripe reports them. */
    amountTotal: z.number().int().nonnegative(),
    currency: z.string().length(3),
  })
  .strict();
export type CreateMembershipRequest = z.input<typeof createMembershipRequestSchema>;

/** GET identity /internal/memberships/eligibility?userId=…&level=… — may this user start a checkout for this level? */
export const eligibilityAnswerSchema = z.object({
  allowed: z.boolean(),
  /** `already_active` (spec: 'You already have an active membership') or `submission_not_allowed` (a Pending/Current request). */
  reason: z.enum(['already_active', 'submission_not_allowed']).optional(),
  message: z.string().optional(),
});
export type EligibilityAnswer = z.infer<typeof eligibilityAnswerSchema>;
