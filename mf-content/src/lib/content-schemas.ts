import { blogListSchema, eventListSchema, galleryListSchema, sponsorListSchema, teamListSchema } from '@tca/contracts';

/**
 * The answers' schemas, in a module of their own so the validation library is fetched in parallel
 * with the data instead of delaying the page's first render (see load-content.ts).
 */
export const CONTENT_SCHEMAS = {
  blog: blogListSchema,
  gallery: galleryListSchema,
  team: teamListSchema,
  events: eventListSchema,
  sponsors: sponsorListSchema,
} as const;
