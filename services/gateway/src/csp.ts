import type { RemoteRegistry } from '@tca/contracts';
import { remoteOrigins } from './registry.js';

/**
 * The Content-Security-Policy of the shell's HTML, computed from the registry served at that moment:
 * scripts, styles, manifests (fetch), images and fonts may come from 'self' and from the origin of
 * any remote whose manifest URL is absolute. Inline styles are allowed (React and the toast library
 * set them); inline scripts are not. Sent with index.html only: it is the document that loads code.
 */
export function contentSecurityPolicy(registry: RemoteRegistry): string {
  const remotes = remoteOrigins(registry);
  const list = (...sources: string[]) => [...sources, ...remotes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'")}`,
    `style-src ${list("'self'", "'unsafe-inline'")}`,
    `connect-src ${list("'self'")}`,
    `img-src ${list("'self'", 'data:', 'blob:')}`,
    `font-src ${list("'self'", 'data:')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
}
