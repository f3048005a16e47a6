import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_CONTAINER } from '@tca/contracts';
import { createAppConfig } from '@tca/rspack-preset';

export default createAppConfig({
  kind: 'remote',
  name: REMOTE_CONTAINER.staff,
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3104,
  title: 'mf-staff',
  exposes: { './routes': './src/app/routes.tsx' },
});
