import { z } from 'zod';
import {
  AUSTRALIAN_STATES,
  CHILD_ROWS,
  DEMO_PRODUCT,
  GENDERS,
  MARITAL_STATUSES,
  CHILD_REQUIRED_MESSAGE,
  isValidPersonName,
  MEMBER_FIELD_LABELS,
  MEMBERSHIP_LEVEL_NAMES,
  membershipLevel,
  SPOUSE_AGE_MESSAGE,
  SPOUSE_NAME_MESSAGE,
  type MemberRequiredField,
} from './membership-rules.js';
import { textField } from './text-field.js';

export * from './membership-rules.js';

/**
 * The membership area (spec §3 membership level, submission and dependants; §5 member and family
 * details; §7 checkout calls; §9 levels and option lists: membership-rules.ts). Prices live there and on the server only:
 * the server rejects a price the browser sends that disagrees with this table.
 */

/** A stored upload (passport or supporting document), answered by POST /membership/documents. */
export const documentRefSchema = z.object({ id: textField('Document').min(1).max(100), fileName: textField('File name').min(1).max(255) }).strict();
export type DocumentRef = z.infer<typeof documentRefSchema>;
export const documentUploadAnswerSchema = documentRefSchema.extend({ type: z.string(), size: z.number().int() });

const requiredText = (field: MemberRequiredField, max = 200) =>
  textField(MEMBER_FIELD_LABELS[field]).trim().min(1, `${MEMBER_FIELD_LABELS[field]} is required`).max(max, `${MEMBER_FIELD_LABELS[field]} is too long`);

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
    referredBy: textField('Referred by').trim().max(200, 'Referred by is too long').optional(),
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
    customerEmail: textField('Email').trim().pipe(z.email('Invalid email format')),
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
    customerEmail: textField('Email').trim().pipe(z.email('Invalid email format')).optional(),
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

function isWholeNumberIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

export const personSchema = z.object({ name: textField('Name').trim().max(100), age: z.number() }).strict();

export const dependantsRequestSchema = z
  .object({
    userId: textField('Membership').min(1).max(100),
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
    checkoutSessionId: textField('Checkout session').min(1).max(255),
    userId: textField('User').min(1).max(50),
    membershipName: z.enum(MEMBERSHIP_LEVEL_NAMES),
    details: memberDetailsSchema,
    /** Cents, as Stripe reports them. */
    amountTotal: z.number().int().nonnegative(),
    currency: textField('Currency').length(3),
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
