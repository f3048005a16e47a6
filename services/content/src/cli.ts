/**
 * The content CLI process: `npm run content -- import <dir> [--prune] [--dry-run]` and `npm run content -- export <dir>`
 * (entry-points/cli/content-cli.ts).
 */
import { main } from './entry-points/cli/content-cli.js';

process.exitCode = await main(process.argv.slice(2));
