import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_CONTAINER } from '@tca/contracts';
import { createAppConfig } from '@tca/rspack-preset';

export default createAppConfig({
  kind: 'remote',
  name: REMOTE_CONTAINER.account,
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3103,
  title: 'mf-account',
  exposes: { './routes': './src/app/routes.tsx' },
});
