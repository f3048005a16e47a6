/**
 * The design system's root: what the shell itself uses (tokens and global classes, Page, Spinner,
 * toasts, whose library loads with the first toast) and the reduced-motion hook the home page asks before
 * it draws (0.3 KB: cheaper in the first load than as a request of its own). `@tca/ui/router` (the routing every app uses)
 * and `@tca/ui/session` (the stored login) are in every first load too. Pieces only some pages need
 * are sub-paths, shared the same way but left out of the shell's first load: `@tca/ui/forms`
 * (fields, banners), `@tca/ui/modal` (the <dialog> modal) and `@tca/ui/server-errors`; node tests use
 * the doubles and checks under `@tca/ui/testing/*` (never in a build); a remote running alone in
 * development mounts itself with `mountStandalone` from `@tca/ui/standalone`.
 */
import './styles.css';

export { SITE_NAME } from './site.js';
export { Spinner } from './spinner.js';
export { Page } from './page.js';
export { notify, TOAST_DEFAULTS } from './notify.js';
export { Toaster } from './toaster.js';
export { useReducedMotion } from './motion.js';
