/**
 * The Tamil school card of spec §2.3. The school's name, place and contact details are placeholders
 * until the association publishes them; each is marked as such on the page.
 */
export interface SchoolDetail {
  label: string;
  value: string;
  /** Shown with a visible "Placeholder" tag. */
  placeholder: boolean;
  /** `tel:` / `mailto:` link, when the value is one. */
  href?: string;
}

export const TAMIL_SCHOOL = {
  name: 'Partner Tamil School',
  namePlaceholder: true,
  details: [
    { label: 'Location', value: 'Town, district and country to be announced', placeholder: true },
    { label: 'Phone', value: '+91 00000 00000', placeholder: true },
    { label: 'Email', value: 'school@example.org', placeholder: true },
  ] satisfies SchoolDetail[],
  /** Spec §2.3's five highlights, in its order. */
  highlights: [
    {
      title: 'Science and mathematics',
      text: 'A strong focus on science and maths, with practical lessons that prepare pupils for secondary school and beyond.',
    },
    {
      title: 'Free midday meal',
      text: 'A free midday meal scheme, so no child has to learn on an empty stomach and families have one less reason to keep children at home.',
    },
    {
      title: 'Tamil literature and culture',
      text: 'Tamil literature classes and cultural events that keep the language, its poetry and its festivals alive for the next generation.',
    },
    {
      title: 'School upkeep',
      text: 'Regular upkeep of classrooms, furniture, water and sanitation, so the school stays safe and welcoming.',
    },
    {
      title: 'Sports ground',
      text: 'A sports ground where pupils play, train and take part in inter-school competitions.',
    },
  ],
} as const;
