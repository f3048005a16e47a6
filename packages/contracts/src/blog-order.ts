/** What ordering a post needs: its id and its ISO date-time. */
export interface DatedPost {
  _id: string;
  date: string;
}

const instant = (post: DatedPost) => {
  const value = Date.parse(post.date);
  return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
};

/**
 * Spec §9: blogs are listed newest first; ties by `_id` (localeCompare), and a post with an unreadable date
 * goes last. The content service orders /blog/latest with it and the blog page orders its list with it, so
 * the home page's cards and the blog list agree (the SQL order — microseconds, the database's collation — would not).
 */
export function newestFirst<T extends DatedPost>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => instant(b) - instant(a) || a._id.localeCompare(b._id));
}
