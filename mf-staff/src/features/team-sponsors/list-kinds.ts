import {
  createSponsorRequestSchema,
  createTeamMemberRequestSchema,
  DESIGNATION_MAX,
  IMAGE_ALT_MAX,
  SPONSOR_LINK_MAX,
  SPONSOR_LOGO_FIELD,
  SPONSOR_MESSAGES,
  staffSponsorAnswerSchema,
  staffSponsorListAnswerSchema,
  staffTeamListAnswerSchema,
  staffTeamMemberAnswerSchema,
  staleSponsorAnswerSchema,
  staleSponsorOrderAnswerSchema,
  staleTeamMemberAnswerSchema,
  staleTeamOrderAnswerSchema,
  TEAM_DESCRIPTION_MAX,
  TEAM_MESSAGES,
  TEAM_NAME_MAX,
  TEAM_PHOTO_FIELD,
  type OrderedItemMessages,
  type StaffPostCover,
  type StaffSponsor,
  type StaffTeamMember,
} from '@tca/contracts';
import type { AnswerParser } from '@tca/ui/api';
import type { z } from 'zod';

/** What every item of an ordered list has (StaffTeamMember, StaffSponsor). */
export interface ListItem {
  key: string;
  name: string;
  imageAlt: string;
  version: number;
  updatedAt: string;
  /** The Tamil versions the item has (a sponsor's name; a team member's name, role and about). */
  ta?: Readonly<Partial<Record<'name' | 'designation' | 'description', string>>> | undefined;
}

/** One text field of the add/edit form. */
export interface FormFieldSpec {
  /** The request's field name (and the server's field in a 400). */
  name: string;
  kind: 'text' | 'textarea' | 'url';
  maxLength: number;
  required?: boolean;
  /** Whether the field has a hint (`<path>.hint.<name>` in the staff.team catalog; its label is `<path>.field.<name>`). */
  hint?: boolean;
}

export type Draft = Readonly<Record<string, string>>;

/**
 * One of the staff area's ordered lists (team members, sponsors): its API path and picture field, the
 * contracts' schemas (answers mapped to `items` / `item`), the form's fields and the page's words.
 */
export interface ListKind<I extends ListItem> {
  /** Under /staff-api/content/; also the prefix of the list's texts in the staff.team catalog. */
  path: 'team' | 'sponsors';
  pictureField: string;
  /** 'team member' / 'sponsor', in the English "does not understand" message. */
  noun: string;
  messages: OrderedItemMessages;
  fields: readonly FormFieldSpec[];
  /** The fields with a Tamil version (in the request's and answer's `ta`), beside the English in the form. */
  tamil: readonly string[];
  list: AnswerParser<{ items: I[]; message?: string | undefined }>;
  one: AnswerParser<{ item: I; message?: string | undefined }>;
  stale: AnswerParser<{ message: string; current: I; changed: string[] }>;
  staleOrder: AnswerParser<{ message: string; items: I[] }>;
  /** The create request's rules (the contracts' schema), checked before sending; the server checks them again. */
  check: z.ZodType;
  draftOf(item: I | null): Draft;
  /** The create request (PUT adds the version). */
  requestOf(draft: Draft): Record<string, unknown>;
  pictureOf(item: I): StaffPostCover | null;
  /** The second line of the item's row (the role, the link; '' for none). */
  detailOf(item: I): string;
}

/** The Tamil versions as the form's `ta.<field>` texts ('' for none). */
function tamilDraft(ta: Readonly<Record<string, string | undefined>> | undefined, fields: readonly string[]): Draft {
  return Object.fromEntries(fields.map((field) => [`ta.${field}`, ta?.[field] ?? '']));
}

/** The request's `ta`: the Tamil texts written (a blank one is none; `{}` removes the stored ones on an update). */
function tamilRequest(draft: Draft, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.flatMap((field) => ((draft[`ta.${field}`] ?? '').trim() ? [[field, draft[`ta.${field}`] ?? '']] : [])));
}

export const TEAM_KIND: ListKind<StaffTeamMember> = {
  path: 'team',
  pictureField: TEAM_PHOTO_FIELD,
  noun: 'team member',
  messages: TEAM_MESSAGES,
  tamil: ['name', 'designation', 'description'],
  fields: [
    { name: 'name', kind: 'text', maxLength: TEAM_NAME_MAX, required: true },
    { name: 'designation', kind: 'text', maxLength: DESIGNATION_MAX, hint: true },
    { name: 'description', kind: 'textarea', maxLength: TEAM_DESCRIPTION_MAX, hint: true },
  ],
  list: staffTeamListAnswerSchema.transform((a) => ({ items: a.members, message: a.message })),
  one: staffTeamMemberAnswerSchema.transform((a) => ({ item: a.member, message: a.message })),
  stale: staleTeamMemberAnswerSchema,
  staleOrder: staleTeamOrderAnswerSchema.transform((a) => ({ message: a.message, items: a.members })),
  check: createTeamMemberRequestSchema,
  draftOf: (item) => ({
    name: item?.name ?? '',
    designation: item?.designation ?? '',
    description: item?.description ?? '',
    imageAlt: item?.imageAlt ?? '',
    ...tamilDraft(item?.ta, ['name', 'designation', 'description']),
  }),
  requestOf: (draft) => ({
    name: draft.name ?? '',
    designation: draft.designation ?? '',
    description: draft.description ?? '',
    imageAlt: draft.imageAlt ?? '',
    ta: tamilRequest(draft, ['name', 'designation', 'description']),
  }),
  pictureOf: (item) => item.photo,
  detailOf: (item) => item.designation,
};

export const SPONSOR_KIND: ListKind<StaffSponsor> = {
  path: 'sponsors',
  pictureField: SPONSOR_LOGO_FIELD,
  noun: 'sponsor',
  messages: SPONSOR_MESSAGES,
  tamil: ['name'],
  fields: [
    { name: 'name', kind: 'text', maxLength: TEAM_NAME_MAX, required: true },
    { name: 'link', kind: 'url', maxLength: SPONSOR_LINK_MAX, hint: true },
  ],
  list: staffSponsorListAnswerSchema.transform((a) => ({ items: a.sponsors, message: a.message })),
  one: staffSponsorAnswerSchema.transform((a) => ({ item: a.sponsor, message: a.message })),
  stale: staleSponsorAnswerSchema,
  staleOrder: staleSponsorOrderAnswerSchema.transform((a) => ({ message: a.message, items: a.sponsors })),
  check: createSponsorRequestSchema,
  draftOf: (item) => ({ name: item?.name ?? '', link: item?.link ?? '', imageAlt: item?.imageAlt ?? '', ...tamilDraft(item?.ta, ['name']) }),
  requestOf: (draft) => ({
    name: draft.name ?? '',
    link: (draft.link ?? '').trim() === '' ? null : (draft.link ?? '').trim(),
    imageAlt: draft.imageAlt ?? '',
    ta: tamilRequest(draft, ['name']),
  }),
  pictureOf: (item) => item.logo,
  detailOf: (item) => item.link ?? '',
};

/** The alt text's longest length (both lists). */
export const ALT_MAX = IMAGE_ALT_MAX;
