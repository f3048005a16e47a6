import type { MembershipLevelName, MembershipRecord } from '@tca/contracts';
import type { Db } from '../data-access/database.js';
import { membershipsOfUser, newestPaidMembership, type MembershipRow } from '../data-access/membership-repository.js';

export { MEMBERSHIP_TIME_ZONE } from '../data-access/membership-repository.js';

/** Spec §3 "Membership record from the server", with its field names (firstname, doB...). */
export function membershipRecord(row: MembershipRow): MembershipRecord {
  return {
    membershipName: row.membership_name,
    status: row.status,
    requestId: row.request_id,
    createdAt: row.created_at.toISOString(),
    doB: row.date_of_birth,
    firstname: row.first_name,
    lastname: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    profession: row.profession,
    term: row.term,
    startsOn: row.term === 'annual' ? row.starts_on : null,
    endsOn: row.ends_on,
  };
}

/** A member's records, newest first (the profile shows the first), with Expired computed. */
export async function membershipsOf(db: Db, userId: number): Promise<MembershipRecord[]> {
  return (await membershipsOfUser(db, userId)).map(membershipRecord);
}

/** The newest record a paid checkout created for this user and level (what POST /membership/add answers). */
export async function paidMembership(db: Db, userId: number, level: MembershipLevelName): Promise<MembershipRecord | undefined> {
  const row = await newestPaidMembership(db, userId, level);
  return row ? membershipRecord(row) : undefined;
}
