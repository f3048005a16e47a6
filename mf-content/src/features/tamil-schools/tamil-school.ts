/**
 * The Tamil school card of spec §2.3 (its texts are in messages/, by these keys). The school's name,
 * place and contact details are placeholders until the association publishes them; each is marked as
 * such on the page.
 */
export interface SchoolDetail {
  label: 'detail.location' | 'detail.phone' | 'detail.email';
  /** A catalog key (a text to translate) or the value itself (a number, an address). */
  value: { key: 'location' } | { text: string };
  /** Shown with a visible "Placeholder" tag. */
  placeholder: boolean;
}

const details: readonly SchoolDetail[] = [
  { label: 'detail.location', value: { key: 'location' }, placeholder: true },
  { label: 'detail.phone', value: { text: '+91 00000 00000' }, placeholder: true },
  { label: 'detail.email', value: { text: 'school@example.org' }, placeholder: true },
];

export const TAMIL_SCHOOL = {
  namePlaceholder: true,
  details,
  /** Spec §2.3's five highlights, in its order: each has `<id>.title` and `<id>.text`. */
  highlights: ['science', 'meal', 'culture', 'upkeep', 'sports'],
} as const;
