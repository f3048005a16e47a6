import { STAFF_API_PREFIX } from '@tca/contracts';

/** A path under /staff-api/queues with its parameters encoded. */
export const queuesApiPath = (...parts: string[]): string => `${STAFF_API_PREFIX}queues${parts.map((part) => `/${encodeURIComponent(part)}`).join('')}`;
