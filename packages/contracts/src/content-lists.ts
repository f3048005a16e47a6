// zod/mini, like every schema a browser might parse: a page that imports one should not pay for zod's
// whole classic API. The content service's tests hold its answers to these schemas.
import * as z from 'zod/mini';

/**
 * The content API's answers (spec §3, §7). Field names follow the spec (`_id`, `desc`, `eventLink` …);
 * the extra fields (`imageMeta`, `html`) are additions the pages use for responsive images and safely
 * rendered rich text.
 */

/** `YYYY-MM-DD`, a calendar date in Adelaide. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** `HH:MM`, 24-hour. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const positiveInt = () => z.number().check(z.int(), z.positive());
const isoDate = () => z.string().check(z.regex(ISO_DATE_PATTERN, 'a date written YYYY-MM-DD'));

/** One stored size of an image, in a modern format, served at `/uploads/<file>`. */
export const imageVariantSchema = z.object({
  file: z.string(),
  width: positiveInt(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/** What a page needs to lay an image out before it loads (width/height) and to pick a size (`srcset`). */
export const imageMetaSchema = z.object({
  /** The largest variant's file name, the same value as the item's `image` / `images[i]`. */
  file: z.string(),
  width: positiveInt(),
  height: positiveInt(),
  /** Describes the picture for screen readers; empty when it is decorative. */
  alt: z.string(),
  /** Every stored width, smallest first (the last one is `file`). */
  variants: z.array(imageVariantSchema),
});
export type ImageMeta = z.infer<typeof imageMetaSchema>;

/**
 * The Tamil versions of an item's texts (issue 17): each field optional, a page shows the English one
 * (marked `lang="en"`) where a Tamil one is missing. Absent or null when an item has none, so answers
 * shaped as the spec's still parse.
 */
function tamil<K extends string>(...keys: K[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.optional(z.string())])) as Record<K, z.ZodMiniOptional<z.ZodMiniString>>;
  return z.optional(z.nullable(z.object(shape)));
}

export const blogPostSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The post body as Markdown source (what search matches on). */
  desc: z.string(),
  /** The same body rendered to HTML and sanitised by the server: the only HTML a page may insert. */
  html: z.string(),
  /** File name under /uploads/, or null. */
  image: z.nullable(z.string()),
  imageMeta: z.nullable(imageMetaSchema),
  /** ISO 8601 date-time of publication. */
  date: z.string(),
  /** The Tamil title and body (Markdown and its sanitised HTML), where an editor wrote them. */
  ta: tamil('name', 'desc', 'html'),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * A post as a card shows it (beyond the spec: `GET /blog/latest`, the home page's three newest posts):
 * no body, only a plain-text excerpt cut at BLOG_EXCERPT_MAX characters.
 */
export const blogSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  excerpt: z.string(),
  image: z.nullable(z.string()),
  imageMeta: z.nullable(imageMetaSchema),
  date: z.string(),
  /** The Tamil title and excerpt, where the post has them. */
  ta: tamil('name', 'excerpt'),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;
/** How many posts `GET /blog/latest` answers (spec §2.3: the 3 latest blog posts). */
export const LATEST_POSTS_COUNT = 3;
/** Where `GET /blog/latest` cuts an excerpt (a cut one ends with '…', one character more); pages shorten it further. */
export const BLOG_EXCERPT_MAX = 200;

export const galleryEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  date: isoDate(),
  /** File names under /uploads/. */
  images: z.array(z.string()),
  /** Same order as `images`. */
  imageMeta: z.array(imageMetaSchema),
  /** The album's Tamil name. */
  ta: tamil('name'),
});
export type GalleryEvent = z.infer<typeof galleryEventSchema>;

export const teamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  designation: z.string(),
  description: z.string(),
  image: z.nullable(z.string()),
  imageMeta: z.nullable(imageMetaSchema),
  /** The Tamil name (in Tamil script), role and description. */
  ta: tamil('name', 'designation', 'description'),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const EVENT_STATUSES = ['Active', 'Cancelled', 'Draft'] as const;

export const eventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  date: isoDate(),
  endDate: z.nullable(isoDate()),
  time: z.nullable(z.string().check(z.regex(TIME_OF_DAY_PATTERN, 'a time written HH:MM (24-hour)'))),
  location: z.string(),
  /** Image URLs (spec §3: "list of URLs"), each `/uploads/<file>`. */
  images: z.array(z.string()),
  /** Same order as `images`. */
  imageMeta: z.array(imageMetaSchema),
  eventLink: z.nullable(z.string()),
  status: z.enum(EVENT_STATUSES),
  /** The event's Tamil name, description and place. */
  ta: tamil('name', 'description', 'location'),
});
export type SiteEvent = z.infer<typeof eventSchema>;

export const sponsorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  imageMeta: z.nullable(imageMetaSchema),
  link: z.nullable(z.string()),
  /** The sponsor's Tamil name. */
  ta: tamil('name'),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

export const blogListSchema = z.array(blogPostSchema);
export const latestPostsSchema = z.array(blogSummarySchema);
export const galleryListSchema = z.array(galleryEventSchema);
export const teamListSchema = z.array(teamMemberSchema);
export const eventListSchema = z.array(eventSchema);
export const sponsorListSchema = z.array(sponsorSchema);
