/**
 * `npm run admin -- memberships list|approve|reject …` (the root package.json's `admin` script; in containers
 * `node services/identity/dist/cli.js …`). The commands are in entry-points/cli/admin-cli.ts.
 */
import { main } from './entry-points/cli/admin-cli.js';

process.exitCode = await main(process.argv.slice(2));
