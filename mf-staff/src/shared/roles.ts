import type { StaffRole } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { sharedCatalog } from './messages.js';

/*
 * The staff roles' names and what each is for, in the language shown (the English is @tca/contracts'
 * STAFF_ROLE_LABELS and STAFF_ROLE_DESCRIPTIONS, word for word). A component showing them calls
 * useT(sharedCatalog) first, so the Tamil is loaded.
 */

export const roleLabel = (role: StaffRole): string => translator(sharedCatalog)(`role.${role}`);

export const roleDescription = (role: StaffRole): string => translator(sharedCatalog)(`roleInfo.${role}`);

/** "Owner or Editor". */
export const rolesEither = (roles: readonly StaffRole[]): string => roles.map(roleLabel).join(translator(sharedCatalog)('roles.or'));
