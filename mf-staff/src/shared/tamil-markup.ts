/**
 * For the staff desks' Tamil markup tests: the words of three letters or more left in English outside
 * lang="en" parts, as the e2e check (e2e/support/tamil.ts) reads a page: e-mail addresses aside, brands
 * kept, and a closed select's options skipped (they have no box: the levels keep their names there).
 */
export function englishWords(html: string): string[] {
  const outside = html.replace(/<(\w+)[^>]*lang="en"[^>]*>.*?<\/\1>|<option[^>]*>.*?<\/option>/gs, '').replace(/<[^>]+>/g, ' ');
  return (outside.replace(/\S+@\S+|&[a-z]+;/g, '').match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !['AUD', 'Stripe'].includes(word));
}
