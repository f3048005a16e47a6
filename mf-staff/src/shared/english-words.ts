/**
 * For the Tamil markup tests: the English words (three letters or more) a rendered page still shows
 * outside lang="en" parts, tags, e-mail addresses, paths and `allowed` words (brands, codes), as
 * e2e/support/tamil.ts's englishLeft reads a page in the browser.
 */
export function englishWords(html: string, allowed: readonly string[] = []): string[] {
  const words =
    html
      .replace(/<(\w+)[^>]* lang="en"[^>]*>.*?<\/\1>/gs, '')
      .replace(/<[^>]+>|&\w+;/g, ' ')
      .replace(/\S+@\S+|\/staff\S*/g, '')
      .match(/[A-Za-z]{3,}/g) ?? [];
  return words.filter((word) => !allowed.includes(word));
}
