import { newestFirst, type BlogPost, type DatedPost } from '@tca/contracts';
import type { Lang, Translate } from '@tca/ui/i18n';
import { ADELAIDE, formatDate } from '@tca/ui/i18n/format';
import type { blogCatalog } from './messages.js';

/**
 * Spec §5: a case-insensitive match of the query on the name or the description; blank matches all.
 * A post's Tamil title and body count as its name and description too (issue 17).
 */
export function filterPosts<T extends Pick<BlogPost, 'name' | 'desc' | 'ta'>>(posts: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...posts];
  return posts.filter((post) => [post.name, post.desc, post.ta?.name, post.ta?.desc].some((text) => text?.toLocaleLowerCase().includes(needle)));
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ADELAIDE, year: 'numeric', month: '2-digit' });

/** The month of an instant in Adelaide as a number (year × 12 + month index), or null for a bad date. */
export function adelaideMonth(isoDateTime: string): number | null {
  const value = Date.parse(isoDateTime);
  if (Number.isNaN(value)) return null;
  const parts = Object.fromEntries(monthFormat.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return Number(parts.year) * 12 + Number(parts.month) - 1;
}

/** Spec §9: up to 3 other posts from the post's month or the month before it, newest first. */
export function similarPosts<T extends DatedPost>(posts: readonly T[], current: T, limit = 3): T[] {
  const month = adelaideMonth(current.date);
  if (month === null) return [];
  return newestFirst(
    posts.filter((post) => {
      if (post._id === current._id) return false;
      const other = adelaideMonth(post.date);
      return other === month || other === month - 1;
    }),
  ).slice(0, limit);
}

const POST_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** "14 June 2025" (in Tamil "14 ஜூன், 2025"), the day in Adelaide, or '' when the date cannot be read. */
export function formatPostDate(isoDateTime: string, lang: Lang = 'en'): string {
  const value = Date.parse(isoDateTime);
  if (Number.isNaN(value)) return '';
  return formatDate(value, lang, POST_DAY);
}


/** The list's count: "3 posts", or with a search "1 of 3 posts match “pongal”" (in the language of `t`). */
export function resultsText(t: Translate<typeof blogCatalog.english>, shown: number, total: number, query: string): string {
  return query.trim() ? t('count.match', { shown, total, query: query.trim() }) : t('count', { total });
}
