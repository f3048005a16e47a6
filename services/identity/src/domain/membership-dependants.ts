import { membershipLevel, type DependantsRequest } from '@tca/contracts';
import { AppError, NotFoundError, ValidationError, withTransaction, type Pool } from '@tca/service-kit';
import { replaceDependants, type Dependant } from '../data-access/membership-dependant-repository.js';
import { lockMembershipOwner } from '../data-access/membership-repository.js';

export type { Dependant } from '../data-access/membership-dependant-repository.js';

export const NOT_FAMILY_MESSAGE = 'Only Silver-Family and Gold-Family memberships have dependants.';
export const MEMBERSHIP_NOT_FOUND_MESSAGE = 'You have no membership with that request ID.';

/**
 * Stores the spouse and children of the user's family membership `input.userId` (its request ID), replacing
 * what an earlier submission stored. 404 for an unknown request ID and, with the same answer, for another
 * user's membership (request IDs are sequential: a different answer would tell that it exists); 403 for a
 * level without dependants, 400 when membershipType is not the membership's level.
 */
export async function saveDependants(pool: Pool, userId: number, input: DependantsRequest): Promise<{ membershipId: number; saved: number }> {
  return withTransaction(pool, async (client) => {
    const membership = await lockMembershipOwner(client, input.userId);
    if (membership?.user_id !== userId) throw new NotFoundError(MEMBERSHIP_NOT_FOUND_MESSAGE, 'membership_not_found');
    if (!membershipLevel(membership.membership_name)?.family) throw new AppError(403, 'not_family_membership', NOT_FAMILY_MESSAGE);
    if (input.membershipType !== membership.membership_name) {
      const message = `This membership is ${membership.membership_name}, not ${input.membershipType}.`;
      throw new ValidationError({ membershipType: message }, message);
    }
    const people: Array<Dependant & { position: number }> = [
      ...(input.spouse ? [{ relation: 'spouse' as const, name: input.spouse.name.trim(), age: input.spouse.age, position: 0 }] : []),
      ...input.children.map((child, index) => ({ relation: 'child' as const, name: child.name.trim(), age: child.age, position: index + 1 })),
    ];
    await replaceDependants(client, membership.id, people);
    return { membershipId: membership.id, saved: people.length };
  });
}
