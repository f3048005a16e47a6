/**
 * The design system's root: what the shell itself uses (tokens and global classes, Page, Spinner,
 * toasts). Pieces only some pages need are sub-paths, shared the same way but left out of the
 * shell's first load: `@tca/ui/forms` (fields, banners), `@tca/ui/modal` (the <dialog> modal) and
 * `@tca/ui/server-errors`; node tests use `@tca/ui/testing/css-module-stub` and `@tca/ui/testing/markup`.
 */
import './styles.css';

export { SITE_NAME } from './site.js';
export { Spinner } from './spinner.js';
export { Page } from './page.js';
export { notify, TOAST_DEFAULTS } from './notify.js';
export { StandaloneApp } from './standalone-app.js';
