/** The association's name as the site shows it. */
export const SITE_NAME = 'Adelaide Tamil Association';
