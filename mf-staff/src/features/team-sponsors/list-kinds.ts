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
}

/** One text field of the add/edit form. */
export interface FormFieldSpec {
  /** The request's field name (and the server's field in a 400). */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'url';
  maxLength: number;
  required?: boolean;
  hint?: string;
}

export type Draft = Readonly<Record<string, string>>;

/**
 * One of the staff area's ordered lists (team members, sponsors): its API path and picture field, the
 * contracts' schemas (answers mapped to `items` / `item`), the form's fields and the page's words.
 */
export interface ListKind<I extends ListItem> {
  /** Under /staff-api/content/. */
  path: 'team' | 'sponsors';
  pictureField: string;
  /** 'team member' / 'sponsor', in sentences. */
  noun: string;
  title: string;
  lead: string;
  /** 'Photo' / 'Logo'. */
  pictureLabel: string;
  pictureHint: string;
  altLabel: string;
  altHint: string;
  messages: OrderedItemMessages;
  fields: readonly FormFieldSpec[];
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
  /** The second line of the item's row (the role, the link). */
  detailOf(item: I): string;
}

export const TEAM_KIND: ListKind<StaffTeamMember> = {
  path: 'team',
  pictureField: TEAM_PHOTO_FIELD,
  noun: 'team member',
  title: 'Team members',
  lead: 'The people on the Our Team page, in the order they show there. Move them with the buttons or by dragging the handle.',
  pictureLabel: 'Photo',
  pictureHint: 'Optional. JPEG, PNG, WebP or SVG, at most 10 MB; it is uploaded when you save.',
  altLabel: 'Photo alt text',
  altHint: 'What the photo shows, for people who cannot see it.',
  messages: TEAM_MESSAGES,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', maxLength: TEAM_NAME_MAX, required: true },
    { name: 'designation', label: 'Role', kind: 'text', maxLength: DESIGNATION_MAX, hint: 'For example President or Treasurer.' },
    { name: 'description', label: 'About', kind: 'textarea', maxLength: TEAM_DESCRIPTION_MAX, hint: 'Shown when someone opens Read more.' },
  ],
  list: staffTeamListAnswerSchema.transform((a) => ({ items: a.members, message: a.message })),
  one: staffTeamMemberAnswerSchema.transform((a) => ({ item: a.member, message: a.message })),
  stale: staleTeamMemberAnswerSchema,
  staleOrder: staleTeamOrderAnswerSchema.transform((a) => ({ message: a.message, items: a.members })),
  check: createTeamMemberRequestSchema,
  draftOf: (item) => ({ name: item?.name ?? '', designation: item?.designation ?? '', description: item?.description ?? '', imageAlt: item?.imageAlt ?? '' }),
  requestOf: (draft) => ({ name: draft.name ?? '', designation: draft.designation ?? '', description: draft.description ?? '', imageAlt: draft.imageAlt ?? '' }),
  pictureOf: (item) => item.photo,
  detailOf: (item) => item.designation,
};

export const SPONSOR_KIND: ListKind<StaffSponsor> = {
  path: 'sponsors',
  pictureField: SPONSOR_LOGO_FIELD,
  noun: 'sponsor',
  title: 'Sponsors',
  lead: 'The sponsors on the home page, in the order they show there. Move them with the buttons or by dragging the handle.',
  pictureLabel: 'Logo',
  pictureHint: 'JPEG, PNG, WebP or SVG, at most 10 MB; it is uploaded when you save.',
  altLabel: 'Logo alt text',
  altHint: 'Usually the sponsor’s name, and what the logo shows.',
  messages: SPONSOR_MESSAGES,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', maxLength: TEAM_NAME_MAX, required: true },
    { name: 'link', label: 'Link', kind: 'url', maxLength: SPONSOR_LINK_MAX, hint: 'Optional: the sponsor’s web site, starting with https://' },
  ],
  list: staffSponsorListAnswerSchema.transform((a) => ({ items: a.sponsors, message: a.message })),
  one: staffSponsorAnswerSchema.transform((a) => ({ item: a.sponsor, message: a.message })),
  stale: staleSponsorAnswerSchema,
  staleOrder: staleSponsorOrderAnswerSchema.transform((a) => ({ message: a.message, items: a.sponsors })),
  check: createSponsorRequestSchema,
  draftOf: (item) => ({ name: item?.name ?? '', link: item?.link ?? '', imageAlt: item?.imageAlt ?? '' }),
  requestOf: (draft) => ({ name: draft.name ?? '', link: (draft.link ?? '').trim() === '' ? null : (draft.link ?? '').trim(), imageAlt: draft.imageAlt ?? '' }),
  pictureOf: (item) => item.logo,
  detailOf: (item) => item.link ?? 'No link',
};

/** The alt text's longest length (both lists). */
export const ALT_MAX = IMAGE_ALT_MAX;
