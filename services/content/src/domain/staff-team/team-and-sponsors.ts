import type { SponsorFields, StaffSponsor, StaffTeamMember, TeamMemberFields } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { SPONSOR_TABLE, TEAM_TABLE, type SponsorRow, type TeamMemberRow } from '../../data-access/staff-team-repository.js';
import { tamilOf, tamilToStore, type TamilTexts } from '../tamil-texts.js';
import { OrderedList } from './ordered-items.js';

const TEAM_TAMIL = ['name', 'designation', 'description'] as const;
const SPONSOR_TAMIL = ['name'] as const;

const teamTamil = (row: TeamMemberRow) => tamilOf({ name: row.name_ta, designation: row.designation_ta, description: row.description_ta });
const sponsorTamil = (row: SponsorRow) => tamilOf({ name: row.name_ta });

/** Tamil texts by `ta.<field>` for the stale check and the audit summary: every one for a row, a request's only when it sent `ta`. */
function tamilFields<K extends string>(keys: readonly K[], ta: TamilTexts<K> | undefined): Record<string, string | null> {
  return ta ? Object.fromEntries(keys.map((key) => [`ta.${key}`, ta[key] ?? null])) : {};
}

/** Team members (/team and /about) as the staff area edits them. */
export type StaffTeam = OrderedList<TeamMemberFields, TeamMemberRow, StaffTeamMember>;
/** Sponsors (the home page's strip) as the staff area edits them. */
export type StaffSponsors = OrderedList<SponsorFields, SponsorRow, StaffSponsor>;

export function staffTeam(pool: Pool): StaffTeam {
  return new OrderedList(pool, {
    table: TEAM_TABLE,
    noun: 'team',
    actions: { created: 'team_member_created', updated: 'team_member_updated', deleted: 'team_member_deleted', pictureChanged: 'team_member_photo_changed', reordered: 'team_reordered' },
    valuesOf: (fields, stored) => {
      const ta = tamilToStore(TEAM_TAMIL, fields.ta, stored ? teamTamil(stored) : {});
      return [fields.designation, fields.description, ta.name, ta.designation, ta.description];
    },
    itemOf: (row, photo) => ({
      key: row.key,
      name: row.name,
      designation: row.designation,
      description: row.description,
      imageAlt: row.image_alt,
      photo,
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
      ta: teamTamil(row),
    }),
    ownFields: (row) => ({ designation: row.designation, description: row.description, ...tamilFields(TEAM_TAMIL, teamTamil(row)) }),
    ownFieldsOf: (fields) => ({ designation: fields.designation, description: fields.description, ...tamilFields(TEAM_TAMIL, fields.ta) }),
  });
}

export function staffSponsors(pool: Pool): StaffSponsors {
  return new OrderedList(pool, {
    table: SPONSOR_TABLE,
    noun: 'sponsor',
    actions: { created: 'sponsor_created', updated: 'sponsor_updated', deleted: 'sponsor_deleted', pictureChanged: 'sponsor_logo_changed', reordered: 'sponsors_reordered' },
    valuesOf: (fields, stored) => [fields.link ?? null, tamilToStore(SPONSOR_TAMIL, fields.ta, stored ? sponsorTamil(stored) : {}).name],
    itemOf: (row, logo) => ({
      key: row.key,
      name: row.name,
      link: row.link,
      imageAlt: row.image_alt,
      logo,
      version: row.version,
      updatedAt: row.updated_at.toISOString(),
      ta: sponsorTamil(row),
    }),
    ownFields: (row) => ({ link: row.link, ...tamilFields(SPONSOR_TAMIL, sponsorTamil(row)) }),
    ownFieldsOf: (fields) => ({ link: fields.link ?? null, ...tamilFields(SPONSOR_TAMIL, fields.ta) }),
  });
}
