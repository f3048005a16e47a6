import './styles.css';

export { SITE_NAME } from './site.js';
export { Spinner } from './spinner.js';
export { Page } from './page.js';
export { notify, TOAST_DEFAULTS } from './notify.js';
export { StandaloneApp } from './standalone-app.js';
