import { STAFF_CONTENT_API_PREFIX } from '@tca/contracts';

/** A path under /staff-api/content/ with its parameters encoded. */
export const contentApiPath = (...parts: string[]): string => `${STAFF_CONTENT_API_PREFIX}${parts.map(encodeURIComponent).join('/')}`;
