import type { MembershipRecord } from '@tca/contracts';
import type { Pool, PoolClient } from '@tca/service-kit';

interface MembershipRow {
  request_id: string;
  membership_name: string;
  term: 'annual' | 'life-time';
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  profession: string;
  date_of_birth: string | null;
  created_at: Date;
}

/** Spec §3 "Membership record from the server", with its field names (firstname, doB...). */
function membershipRecord(row: MembershipRow): MembershipRecord {
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
  };
}

/** A member's records, newest first (the profile shows the first). */
export async function membershipsOf(db: Pool | PoolClient, userId: number): Promise<MembershipRecord[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT request_id, membership_name, term, status, first_name, last_name, email, phone, address, profession, date_of_birth, created_at
       FROM memberships WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map(membershipRecord);
}
