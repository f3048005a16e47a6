/** Every page path of the site (spec §2.1), in one typed place. */
export const paths = {
  home: '/',
  about: '/about',
  team: '/team',
  events: '/events',
  gallery: '/gallery',
  blog: '/blog',
  blogPost: '/blog/:id',
  contact: '/contact',
  raiseTicket: '/raiseticket',
  tamilSchools: '/tamilschools',
  terms: '/terms&conditions',
  privacy: '/privacy&policy',
  membership: '/membership',
  forms: '/forms',
  confirmation: '/confirmation',
  success: '/success',
  cancel: '/cancel',
  payment: '/payment',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password/:token',
  profile: '/profile',
} as const;
export type PageId = keyof typeof paths;

export function blogPostPath(id: string): string {
  return `/blog/${encodeURIComponent(id)}`;
}
