import { mountStandalone } from '@tca/ui/standalone';
import { pages } from './app/routes.js';

// Only for running this remote alone in development; the shell never loads this file.
mountStandalone('mf-staff', pages);
