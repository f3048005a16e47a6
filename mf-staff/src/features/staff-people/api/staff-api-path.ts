import { STAFF_API_PREFIX } from '@tca/contracts';

/** A path under /staff-api/ with its parameters encoded. */
export const staffApiPath = (...parts: string[]): string => `${STAFF_API_PREFIX}${parts.map(encodeURIComponent).join('/')}`;
