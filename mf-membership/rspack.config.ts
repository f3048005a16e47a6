import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_CONTAINER } from '@tca/contracts';
import { createAppConfig } from '@tca/rspack-preset';

export default createAppConfig({
  kind: 'remote',
  name: REMOTE_CONTAINER.membership,
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3102,
  title: 'mf-membership',
  exposes: { './routes': './src/app/routes.tsx' },
});
