import type { Db } from './database.js';

/** The `membership_dependants` table: the spouse and children of a family membership. */

export interface Dependant {
  relation: 'spouse' | 'child';
  name: string;
  age: number;
}

/** Replaces a membership's dependants with `people` (position: 0 the spouse, then the children in form order). */
export async function replaceDependants(db: Db, membershipId: number, people: Array<Dependant & { position: number }>): Promise<void> {
  await db.query('DELETE FROM membership_dependants WHERE membership_id = $1', [membershipId]);
  for (const person of people) {
    await db.query('INSERT INTO membership_dependants (membership_id, relation, position, name, age) VALUES ($1, $2, $3, $4, $5)', [
      membershipId,
      person.relation,
      person.position,
      person.name,
      person.age,
    ]);
  }
}

/** The dependants stored for a membership, spouse first, then children in form order. */
export async function dependantsOf(db: Db, membershipId: number): Promise<Dependant[]> {
  const { rows } = await db.query<Dependant>(
    `SELECT relation, name, age FROM membership_dependants WHERE membership_id = $1 ORDER BY relation = 'child', position`,
    [membershipId],
  );
  return rows;
}
