import { z } from 'zod';
import { CONTENT_KEY_MESSAGE, CONTENT_KEY_PATTERN, staffPostCoverSchema, versionSchemas } from './staff-content.js';
import { tamilAnswerSchema, tamilRequestSchema } from './staff-tamil.js';
import { textField } from './text-field.js';

/**
 * Team members and sponsors edited in the staff area (issue 14), under STAFF_CONTENT_API_PREFIX
 * (`/staff-api/content/team`, `/staff-api/content/sponsors`), editor or owner role. The field rules are the
 * folder importer's too (content-folder.ts builds team.json's and sponsors.json's entries from them).
 *
 * Order: PUT …/order takes every key in the new order. It is last-writer-safe rather than version-checked:
 * the request must name exactly the items that exist now (one added or removed meanwhile answers 409 with
 * the current list), so a reorder can never drop or resurrect an item; two reorders of the same items simply
 * apply in turn (the later one is what the person who made it sees). Moving items does not change their
 * versions, so an edit form left open while someone reorders still saves.
 */

export const TEAM_NAME_MAX = 200;
export const DESIGNATION_MAX = 200;
export const TEAM_DESCRIPTION_MAX = 5_000;
export const IMAGE_ALT_MAX = 300;
export const SPONSOR_LINK_MAX = 2_000;
/** At most this many items in one list (an order request names them all). */
export const ORDERED_LIST_MAX = 500;

const name = (label: string) =>
  textField(label)
    .trim()
    .min(1, `${label} is required`)
    .max(TEAM_NAME_MAX, `${label} must be at most ${TEAM_NAME_MAX} characters`);
/** A Tamil name: the English one's limit, and may be blank (none). */
const tamilName = (label: string) => textField(label).trim().max(TEAM_NAME_MAX, `${label} must be at most ${TEAM_NAME_MAX} characters`);
const imageAlt = (label: string) => textField(label).trim().max(IMAGE_ALT_MAX, `${label} must be at most ${IMAGE_ALT_MAX} characters`);

/** A team member's fields; `label` names the field in messages (the importer says `designation`, the page `Role`). */
export const TEAM_FIELD_RULES = {
  name,
  designation: (label: string) => textField(label).trim().max(DESIGNATION_MAX, `${label} must be at most ${DESIGNATION_MAX} characters`),
  description: (label: string) => textField(label).trim().max(TEAM_DESCRIPTION_MAX, `${label} must be at most ${TEAM_DESCRIPTION_MAX} characters`),
  imageAlt,
  tamilName,
} as const;

export const sponsorLinkMessage = (label: string) => `${label} must be a web address starting with http:// or https://`;

/** A sponsor's fields (the importer's sponsors.json entries use the same rules). */
export const SPONSOR_FIELD_RULES = {
  name,
  link: (label: string) =>
    z
      .url({ protocol: /^https?$/, error: sponsorLinkMessage(label) })
      .max(SPONSOR_LINK_MAX, `${label} must be at most ${SPONSOR_LINK_MAX} characters`),
  imageAlt,
  tamilName,
} as const;

/** A team member's Tamil name, role and about (staff-tamil.ts: blank is none; left out of an update keeps them). */
export const teamTamilRequestSchema = tamilRequestSchema({
  name: TEAM_FIELD_RULES.tamilName('Tamil name'),
  designation: TEAM_FIELD_RULES.designation('Tamil role'),
  description: TEAM_FIELD_RULES.description('Tamil about'),
});
export type TeamTamilRequest = z.input<typeof teamTamilRequestSchema>;
/** A sponsor's Tamil name. */
export const sponsorTamilRequestSchema = tamilRequestSchema({ name: SPONSOR_FIELD_RULES.tamilName('Tamil name') });
export type SponsorTamilRequest = z.input<typeof sponsorTamilRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const ITEM_VERSION_MESSAGE = 'version must be the version of the item you edited (a whole number from 1)';
const itemVersions = versionSchemas(ITEM_VERSION_MESSAGE);
const versionSchema = itemVersions.body;
/** `?version=N` of DELETE and the picture uploads. */
export const itemVersionQuerySchema = itemVersions.query;

const teamFields = {
  name: TEAM_FIELD_RULES.name('Name'),
  designation: TEAM_FIELD_RULES.designation('Role').default(''),
  description: TEAM_FIELD_RULES.description('About').default(''),
  /** The photo's alt text (kept also while no photo is uploaded). */
  imageAlt: TEAM_FIELD_RULES.imageAlt('Photo alt text').default(''),
  ta: teamTamilRequestSchema.optional(),
};

/** POST /staff-api/content/team (201 with StaffTeamMemberAnswer): added last; the key is made from the name. */
export const createTeamMemberRequestSchema = z.object(teamFields).strict();
export type CreateTeamMemberRequest = z.input<typeof createTeamMemberRequestSchema>;
export type TeamMemberFields = z.output<typeof createTeamMemberRequestSchema>;

/** PUT /staff-api/content/team/:key: every field, and the version edited (409 `stale` when someone saved meanwhile). */
export const updateTeamMemberRequestSchema = z.object({ ...teamFields, version: versionSchema }).strict();
export type UpdateTeamMemberRequest = z.input<typeof updateTeamMemberRequestSchema>;

const sponsorFields = {
  name: SPONSOR_FIELD_RULES.name('Name'),
  /** Where the logo links to; null or absent for none. */
  link: SPONSOR_FIELD_RULES.link('Link').nullish(),
  imageAlt: SPONSOR_FIELD_RULES.imageAlt('Logo alt text').default(''),
  ta: sponsorTamilRequestSchema.optional(),
};

/** POST /staff-api/content/sponsors (201 with StaffSponsorAnswer): added last. */
export const createSponsorRequestSchema = z.object(sponsorFields).strict();
export type CreateSponsorRequest = z.input<typeof createSponsorRequestSchema>;
export type SponsorFields = z.output<typeof createSponsorRequestSchema>;

/** PUT /staff-api/content/sponsors/:key. */
export const updateSponsorRequestSchema = z.object({ ...sponsorFields, version: versionSchema }).strict();
export type UpdateSponsorRequest = z.input<typeof updateSponsorRequestSchema>;

export const ORDER_KEYS_MESSAGE = 'keys must list every item once, in the new order';

/** PUT /staff-api/content/team/order and /sponsors/order: every key once, first shown first. */
export const orderRequestSchema = z
  .object({
    keys: z
      .array(z.string(ORDER_KEYS_MESSAGE).regex(CONTENT_KEY_PATTERN, `each key must be ${CONTENT_KEY_MESSAGE}`), ORDER_KEYS_MESSAGE)
      .max(ORDERED_LIST_MAX, `at most ${ORDERED_LIST_MAX} keys`)
      .refine((keys) => new Set(keys).size === keys.length, ORDER_KEYS_MESSAGE),
  })
  .strict();
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** Multipart field of PUT /team/:key/photo?version=N. */
export const TEAM_PHOTO_FIELD = 'photo';
/** Multipart field of PUT /sponsors/:key/logo?version=N. */
export const SPONSOR_LOGO_FIELD = 'logo';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const itemSchema = z.object({
  key: z.string(),
  name: z.string(),
  imageAlt: z.string(),
  /** Send it back with PUT / DELETE / uploads: a change made meanwhile makes it stale (409). */
  version: z.number().int().positive(),
  /** ISO 8601 instant of the last change. */
  updatedAt: z.string(),
});

export const staffTeamMemberSchema = itemSchema.extend({
  designation: z.string(),
  description: z.string(),
  photo: staffPostCoverSchema.nullable(),
  /** The Tamil name, role and about the member has (the service always sends `ta`; `{}` when none). */
  ta: tamilAnswerSchema('name', 'designation', 'description').optional(),
});
export type StaffTeamMember = z.infer<typeof staffTeamMemberSchema>;

export const staffSponsorSchema = itemSchema.extend({
  link: z.string().nullable(),
  logo: staffPostCoverSchema.nullable(),
  /** The sponsor's Tamil name; `{}` when none. */
  ta: tamilAnswerSchema('name').optional(),
});
export type StaffSponsor = z.infer<typeof staffSponsorSchema>;

/** GET /team (and PUT /team/order's answer): in display order. */
export const staffTeamListAnswerSchema = z.object({ members: z.array(staffTeamMemberSchema), message: z.string().optional() });
export type StaffTeamListAnswer = z.infer<typeof staffTeamListAnswerSchema>;
export const staffTeamMemberAnswerSchema = z.object({ member: staffTeamMemberSchema, message: z.string().optional() });
export type StaffTeamMemberAnswer = z.infer<typeof staffTeamMemberAnswerSchema>;

/** GET /sponsors (and PUT /sponsors/order's answer): in display order. */
export const staffSponsorListAnswerSchema = z.object({ sponsors: z.array(staffSponsorSchema), message: z.string().optional() });
export type StaffSponsorListAnswer = z.infer<typeof staffSponsorListAnswerSchema>;
export const staffSponsorAnswerSchema = z.object({ sponsor: staffSponsorSchema, message: z.string().optional() });
export type StaffSponsorAnswer = z.infer<typeof staffSponsorAnswerSchema>;

/** 409 from PUT / DELETE / upload with an old version: the item now and the fields that differ from the request. */
export const staleTeamMemberAnswerSchema = z.object({ error: z.literal('stale'), message: z.string(), current: staffTeamMemberSchema, changed: z.array(z.string()) });
export type StaleTeamMemberAnswer = z.infer<typeof staleTeamMemberAnswerSchema>;
export const staleSponsorAnswerSchema = z.object({ error: z.literal('stale'), message: z.string(), current: staffSponsorSchema, changed: z.array(z.string()) });
export type StaleSponsorAnswer = z.infer<typeof staleSponsorAnswerSchema>;

/** 409 from PUT …/order when the keys are not the items that exist now: the current list. */
export const staleTeamOrderAnswerSchema = z.object({ error: z.literal('stale'), message: z.string(), members: z.array(staffTeamMemberSchema) });
export type StaleTeamOrderAnswer = z.infer<typeof staleTeamOrderAnswerSchema>;
export const staleSponsorOrderAnswerSchema = z.object({ error: z.literal('stale'), message: z.string(), sponsors: z.array(staffSponsorSchema) });
export type StaleSponsorOrderAnswer = z.infer<typeof staleSponsorOrderAnswerSchema>;

/** DELETE /team/:key?version=N and /sponsors/:key?version=N (200). */
export const deleteItemAnswerSchema = z.object({ message: z.string(), key: z.string() });
export type DeleteItemAnswer = z.infer<typeof deleteItemAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const TEAM_MESSAGES = {
  notFound: 'There is no team member with this key (they may have been removed).',
  stale: 'Someone changed this team member after you opened them. Look at their version, then make your change again.',
  orderStale: 'Someone added or removed a team member meanwhile. Here is the list as it is now; move them again.',
  created: 'Team member added.',
  saved: 'Team member saved.',
  deleted: 'Team member removed.',
  ordered: 'Team order saved.',
  pictureSaved: 'Photo saved.',
} as const;

export const SPONSOR_MESSAGES = {
  notFound: 'There is no sponsor with this key (it may have been removed).',
  stale: 'Someone changed this sponsor after you opened it. Look at their version, then make your change again.',
  orderStale: 'Someone added or removed a sponsor meanwhile. Here is the list as it is now; move them again.',
  created: 'Sponsor added.',
  saved: 'Sponsor saved.',
  deleted: 'Sponsor removed.',
  ordered: 'Sponsor order saved.',
  pictureSaved: 'Logo saved.',
} as const;
export type OrderedItemMessages = typeof TEAM_MESSAGES | typeof SPONSOR_MESSAGES;
