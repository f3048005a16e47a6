import { STAFF_CONTENT_API_PREFIX } from '@tca/contracts';

/** /staff-api/content/events[/<key>[/<more>]] with the parts encoded. */
export const eventsApiPath = (...parts: string[]): string => `${STAFF_CONTENT_API_PREFIX}events${parts.map((part) => `/${encodeURIComponent(part)}`).join('')}`;
