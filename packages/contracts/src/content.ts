import { z } from 'zod';
import { ISO_DATE_PATTERN, TIME_OF_DAY_PATTERN } from './content-lists.js';
import { textField } from './text-field.js';

/** The content API's answers (spec §3, §7: content-lists.ts) and the two public forms (§5). */

// The lists' schemas are in zod/mini (content-lists.ts); these classic ones serve the operators' importer.
/** `YYYY-MM-DD`, a calendar date in Adelaide. */
export const isoDateSchema = z.string().regex(ISO_DATE_PATTERN, 'a date written YYYY-MM-DD');
/** `HH:MM`, 24-hour. */
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, 'a time written HH:MM (24-hour)');

export * from './content-lists.js';
export { excerpt } from './content-text.js';

// The content URLs live in a module without zod, so a page that only builds image or calendar links
// does not pull the validation library into its first load.
export { EVENTS_CALENDAR_PATH, eventCalendarPath, eventsCalendarPath, uploadUrl } from './content-paths.js';

// ---------------------------------------------------------------------------------------------
// Forms (spec §5 contact and support ticket). One schema for the browser and the server.
// ---------------------------------------------------------------------------------------------

const required = (label: string) => textField(label).trim().min(1, `${label} is required`);

/**
 * The honeypot: a field people never see (hidden from view and from assistive technology). A bot that
 * fills it gets a 400, and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';
const honeypot = z.string().max(0, 'This field must be left empty').optional();

export const contactMessageSchema = z
  .object({
    name: required('Name').max(200, 'Name must be at most 200 characters'),
    phoneNumber: required('Phone').max(40, 'Phone must be at most 40 characters'),
    senderEmail: required('Email').max(320, 'Email must be at most 320 characters').pipe(z.email('Invalid email format')),
    subject: textField('Subject').trim().max(200, 'Subject must be at most 200 characters').default('Message from the website'),
    message: required('Message').max(5000, 'Message must be at most 5000 characters'),
    [HONEYPOT_FIELD]: honeypot,
  })
  .strict();
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactAnswerSchema = z.object({ message: z.string(), id: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** Spec §9 lists +91, +1, +44 (default +91); +61 is added because the association is in Adelaide. */
export const TICKET_COUNTRY_CODES = ['+91', '+61', '+1', '+44'] as const;
export const DEFAULT_TICKET_COUNTRY_CODE = '+91';

export const ISSUE_TYPES = [
  { value: 'technical', label: 'Technical Issue' },
  { value: 'billing', label: 'Billing Issue' },
  { value: 'general', label: 'General Inquiry' },
  { value: 'feedback', label: 'Feedback' },
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number]['value'];
const issueTypeValues = ISSUE_TYPES.map((t) => t.value) as [IssueType, ...IssueType[]];

export const supportTicketSchema = z
  .object({
    name: required('Name').max(200, 'Name must be at most 200 characters'),
    email: required('Email').max(320, 'Email must be at most 320 characters').pipe(z.email('Invalid email format')),
    countryCode: z.enum(TICKET_COUNTRY_CODES, 'Choose a country code from the list').default(DEFAULT_TICKET_COUNTRY_CODE),
    phone: required('Phone').max(40, 'Phone must be at most 40 characters'),
    issueType: z.enum(issueTypeValues, 'Issue type is required'),
    issueDescription: required('Issue description').max(5000, 'Issue description must be at most 5000 characters'),
    [HONEYPOT_FIELD]: honeypot,
  })
  .strict();
export type SupportTicketInput = z.input<typeof supportTicketSchema>;
export type SupportTicket = z.output<typeof supportTicketSchema>;

/** The human reference of a ticket: `TCA-<year>-<6-digit sequence>`, e.g. TCA-2026-000123. */
export const TICKET_REFERENCE_PATTERN = /^TCA-\d{4}-\d{6,}$/;
export function formatTicketReference(year: number, sequence: number): string {
  return `TCA-${year}-${String(sequence).padStart(6, '0')}`;
}

export const ticketAnswerSchema = z.object({ message: z.string(), reference: z.string().regex(TICKET_REFERENCE_PATTERN) });
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Beyond the spec: what a logged-in member sent (GET /email/mine, GET /supportdesk/mine, Bearer),
// for "Download my data" on the profile. A message or ticket is the member's when it was sent with
// their session; newest first. `createdAt` is an ISO 8601 instant.
// ---------------------------------------------------------------------------------------------

export const myContactMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type MyContactMessage = z.infer<typeof myContactMessageSchema>;
export const myContactMessagesSchema = z.array(myContactMessageSchema);

export const mySupportTicketSchema = z.object({
  reference: z.string(),
  issueType: z.string(),
  issueDescription: z.string(),
  name: z.string(),
  email: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  createdAt: z.string(),
});
export type MySupportTicket = z.infer<typeof mySupportTicketSchema>;
export const mySupportTicketsSchema = z.array(mySupportTicketSchema);
