import type { ContactMessage } from '@tca/contracts';
import type { Pool, PoolClient, SiteLang } from '@tca/service-kit';

type Db = Pool | PoolClient;

/** A contact message as stored (what its e-mails show). */
export interface StoredContactMessage {
  uid: string;
  name: string;
  senderEmail: string;
  phoneNumber: string;
  subject: string;
  message: string;
  createdAt: Date;
  /** The language of the page it was sent from: the acknowledgement's (migration 012). */
  language: SiteLang;
}

/** A contact message as a member's own list shows it. */
export type ContactMessageOfMember = Omit<StoredContactMessage, 'uid' | 'language'> & { id: number };

/** Stores a contact message; `userId`: the member whose session sent it (null: sent without one). */
export async function insertContactMessage(db: Db, input: ContactMessage, userId: string | null, language: SiteLang): Promise<StoredContactMessage & { id: number }> {
  const { rows } = await db.query<{ id: number; uid: string; created_at: Date }>(
    `INSERT INTO contact_messages (name, sender_email, phone_number, subject, message, user_id, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, uid, created_at`,
    [input.name, input.senderEmail, input.phoneNumber, input.subject, input.message, userId, language],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return {
    id: row.id,
    uid: row.uid,
    name: input.name,
    senderEmail: input.senderEmail,
    phoneNumber: input.phoneNumber,
    subject: input.subject,
    message: input.message,
    createdAt: row.created_at,
    language,
  };
}

/** The contact messages sent with this member's session, newest first. */
export async function contactMessagesOfUser(db: Db, userId: string): Promise<ContactMessageOfMember[]> {
  const { rows } = await db.query<{ id: number; subject: string; message: string; name: string; sender_email: string; phone_number: string; created_at: Date }>(
    `SELECT id, subject, message, name, sender_email, phone_number, created_at
       FROM contact_messages WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    message: row.message,
    name: row.name,
    senderEmail: row.sender_email,
    phoneNumber: row.phone_number,
    createdAt: row.created_at,
  }));
}

/** Deletes the contact messages older than `days`; how many went. */
export async function deleteContactMessagesOlderThan(db: Db, days: number): Promise<number> {
  const deleted = await db.query(`DELETE FROM contact_messages WHERE created_at < now() - make_interval(days => $1::int)`, [String(days)]);
  return deleted.rowCount ?? 0;
}
