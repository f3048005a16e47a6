import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@tca/rspack-preset';

export default createAppConfig({
  kind: 'host',
  name: 'shell',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  devPort: 3100,
  title: 'Adelaide Tamil Association',
});
