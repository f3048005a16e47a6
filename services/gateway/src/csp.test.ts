import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRemoteRegistry } from '@tca/contracts';
import { contentSecurityPolicy } from './csp.js';

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0] ?? '', directive.split(' ').slice(1)]));

describe('the shell page\'s Content-Security-Policy', () => {
  test('with every remote on this origin: self only, inline styles but never inline scripts', () => {
    const policy = contentSecurityPolicy(
      parseRemoteRegistry({ remotes: { content: '/remotes/content/mf-manifest.json', membership: '/remotes/membership/mf-manifest.json', account: '/releases/account/v3/mf-manifest.json', staff: '/remotes/staff/mf-manifest.json' } }),
    );
    assert.equal(
      policy,
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data: blob:; " +
        "font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    );
  });

  test('the origins of absolute manifest URLs may serve code, styles, manifests, images and fonts: each once, sorted', () => {
    const policy = directives(
      contentSecurityPolicy(
        parseRemoteRegistry({
          remotes: {
            content: 'https://cdn.example.org/content/mf-manifest.json',
            membership: 'http://127.0.0.1:9999/m/mf-manifest.json',
            account: 'https://cdn.example.org/account/v2/mf-manifest.json',
            staff: 'https://cdn.example.org/staff/mf-manifest.json',
          },
        }),
      ),
    );
    const remotes = ['http://127.0.0.1:9999', 'https://cdn.example.org'];
    assert.deepEqual(policy.get('script-src'), ["'self'", ...remotes]);
    assert.deepEqual(policy.get('style-src'), ["'self'", "'unsafe-inline'", ...remotes]);
    assert.deepEqual(policy.get('connect-src'), ["'self'", ...remotes]);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:', 'blob:', ...remotes]);
    assert.deepEqual(policy.get('font-src'), ["'self'", 'data:', ...remotes]);
    // Nothing else widens: no remote may frame, post forms, or set the base.
    for (const name of ['default-src', 'base-uri', 'form-action', 'frame-ancestors']) assert.deepEqual(policy.get(name), ["'self'"], name);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.ok(!(policy.get('script-src') ?? []).includes("'unsafe-inline'"));
  });

  test('only the origin of a manifest URL is allowed, not its path or query', () => {
    const policy = contentSecurityPolicy(
      parseRemoteRegistry({ remotes: { content: 'https://cdn.example.org:8443/a/b/mf-manifest.json?v=2', membership: '/remotes/membership/mf-manifest.json', account: '/remotes/account/mf-manifest.json', staff: '/remotes/staff/mf-manifest.json' } }),
    );
    assert.deepEqual(directives(policy).get('script-src'), ["'self'", 'https://cdn.example.org:8443']);
    assert.doesNotMatch(policy, /mf-manifest|\/a\/b/);
  });
});
