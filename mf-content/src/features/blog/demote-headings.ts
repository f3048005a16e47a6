/**
 * Moves the headings of a post body down by `by` levels (h1 → h3 with the default), capped at h6,
 * so a post's own headings sit under the page's h1 and the post title's h2. Only tag names change:
 * the HTML is the content service's sanitised output, and nothing else in it is touched.
 */
export function demoteHeadings(html: string, by = 2): string {
  return html.replace(/<(\/?)h([1-6])(?=[\s>/])/gi, (_match, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}`);
}
