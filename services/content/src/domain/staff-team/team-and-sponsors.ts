import type { SponsorFields, StaffSponsor, StaffTeamMember, TeamMemberFields } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { SPONSOR_TABLE, TEAM_TABLE, type SponsorRow, type TeamMemberRow } from '../../data-access/staff-team-repository.js';
import { OrderedList } from './ordered-items.js';

/** Team members (/team and /about) as the staff area edits them. */
export type StaffTeam = OrderedList<TeamMemberFields, TeamMemberRow, StaffTeamMember>;
/** Sponsors (the home page's strip) as the staff area edits them. */
export type StaffSponsors = OrderedList<SponsorFields, SponsorRow, StaffSponsor>;

export function staffTeam(pool: Pool): StaffTeam {
  return new OrderedList(pool, {
    table: TEAM_TABLE,
    noun: 'team',
    actions: { created: 'team_member_created', updated: 'team_member_updated', deleted: 'team_member_deleted', pictureChanged: 'team_member_photo_changed', reordered: 'team_reordered' },
    valuesOf: (fields) => [fields.designation, fields.description],
    itemOf: (row, photo) => ({
      key: row.key,
      name: row.name,
      designation: row.designation,
      description: row.description,
      imageAlt: row.image_alt,
      photo,
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
    }),
    ownFields: (row) => ({ designation: row.designation, description: row.description }),
    ownFieldsOf: (fields) => ({ designation: fields.designation, description: fields.description }),
  });
}

export function staffSponsors(pool: Pool): StaffSponsors {
  return new OrderedList(pool, {
    table: SPONSOR_TABLE,
    noun: 'sponsor',
    actions: { created: 'sponsor_created', updated: 'sponsor_updated', deleted: 'sponsor_deleted', pictureChanged: 'sponsor_logo_changed', reordered: 'sponsors_reordered' },
    valuesOf: (fields) => [fields.link ?? null],
    itemOf: (row, logo) => ({
      key: row.key,
      name: row.name,
      link: row.link,
      imageAlt: row.image_alt,
      logo,
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
    }),
    ownFields: (row) => ({ link: row.link }),
    ownFieldsOf: (fields) => ({ link: fields.link ?? null }),
  });
}
