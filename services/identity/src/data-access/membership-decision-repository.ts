import type { Db } from './database.js';

/** The `membership_decisions` table: who approved, rejected or (by a refund) cancelled which membership, when, and why. */

export type DecisionKind = 'approved' | 'rejected' | 'cancelled';

export interface DecisionRecord {
  decision: DecisionKind;
  fromStatus: string;
  toStatus: string;
  reason: string | null;
  decidedBy: string;
  decidedAt: Date;
}

export interface NewDecision {
  membershipId: number;
  decision: DecisionKind;
  fromStatus: string;
  toStatus: string;
  reason: string | undefined;
  decidedBy: string;
}

export async function insertDecision(db: Db, d: NewDecision): Promise<void> {
  await db.query(
    'INSERT INTO membership_decisions (membership_id, decision, from_status, to_status, reason, decided_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [d.membershipId, d.decision, d.fromStatus, d.toStatus, d.reason ?? null, d.decidedBy],
  );
}

/** The decisions about one membership, oldest first (the audit trail). */
export async function decisionsOf(db: Db, requestId: string): Promise<DecisionRecord[]> {
  const { rows } = await db.query<{ decision: DecisionKind; from_status: string; to_status: string; reason: string | null; decided_by: string; decided_at: Date }>(
    `SELECT d.decision, d.from_status, d.to_status, d.reason, d.decided_by, d.decided_at
       FROM membership_decisions d JOIN memberships m ON m.id = d.membership_id
      WHERE m.request_id = $1 ORDER BY d.decided_at, d.id`,
    [requestId],
  );
  return rows.map((r) => ({ decision: r.decision, fromStatus: r.from_status, toStatus: r.to_status, reason: r.reason, decidedBy: r.decided_by, decidedAt: r.decided_at }));
}
