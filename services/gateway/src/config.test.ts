import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError } from '@tca/service-kit';
import { loaderSettings, loadGatewayConfig, manifestLocation, manifestOverrides, remoteDirs, REPO_ROOT, upstreamUrls } from './config.js';
import { testMetricsConfig } from '@tca/service-kit/testing';

describe('gateway config', () => {
  test('defaults, under the variables\' own names; directories under the repository', () => {
    assert.deepEqual(loadGatewayConfig({}), {
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
      SEO_CONTENT_WAIT_MS: 250,
      CONTENT_URL: ['http://127.0.0.1:4001'],
      IDENTITY_URL: ['http://127.0.0.1:4002'],
      PAYMENTS_URL: ['http://127.0.0.1:4003'],
      UPSTREAM_COOL_DOWN_MS: 2000,
      SHELL_DIR: resolve(REPO_ROOT, 'shell/dist'),
      REMOTE_CONTENT_DIR: resolve(REPO_ROOT, 'mf-content/dist'),
      REMOTE_MEMBERSHIP_DIR: resolve(REPO_ROOT, 'mf-membership/dist'),
      REMOTE_ACCOUNT_DIR: resolve(REPO_ROOT, 'mf-account/dist'),
      REMOTE_STAFF_DIR: resolve(REPO_ROOT, 'mf-staff/dist'),
      RELEASES_DIR: resolve(REPO_ROOT, '.data/releases'),
      REMOTES_REGISTRY_FILE: resolve(REPO_ROOT, '.data/remotes.json'),
      UPSTREAM_TIMEOUT_MS: 30_000,
      CONTENT_LIST_CACHE_MS: 100,
      LIST_CACHE_HIT_LOG: 'summary',
      SHUTDOWN_GRACE_MS: 10_000,
      SHUTDOWN_DRAIN_DELAY_MS: 0,
      TRUST_PROXY: [],
    });
    assert.match(REPO_ROOT, /[/\\]$/);
    assert.equal(resolve(REPO_ROOT, 'services/gateway/src/config.ts'), resolve(import.meta.dirname, 'config.ts'));
  });

  test('reads every variable; relative directories resolve against the working directory, URLs lose trailing slashes', () => {
    const config = loadGatewayConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'silent',
      CONTENT_URL: 'http://content.internal:81/',
      IDENTITY_URL: 'https://identity.internal/base//',
      PAYMENTS_URL: 'http://127.0.0.1:9',
      SHELL_DIR: 'build/shell',
      REMOTE_CONTENT_DIR: '/srv/content',
      REMOTE_MEMBERSHIP_DIR: '/srv/membership',
      REMOTE_ACCOUNT_DIR: '/srv/account',
      REMOTE_STAFF_DIR: '/srv/staff',
      RELEASES_DIR: '/srv/releases',
      REMOTES_REGISTRY_FILE: 'data/remotes.json',
      REMOTE_CONTENT_MANIFEST_URL: 'https://cdn.example.org/content/mf-manifest.json',
      REMOTE_ACCOUNT_MANIFEST_URL: ' /releases/account/v2/mf-manifest.json ',
      REMOTE_STAFF_MANIFEST_URL: 'http://localhost:3104/mf-manifest.json',
      REMOTE_TIMEOUT_MS: '4000',
      REMOTE_RETRIES: '0',
      REMOTE_BACKOFF_MS: '250',
      UPSTREAM_TIMEOUT_MS: '1500',
      CONTENT_LIST_CACHE_MS: '0',
      LIST_CACHE_HIT_LOG: 'each',
      SHUTDOWN_GRACE_MS: '500',
      SHUTDOWN_DRAIN_DELAY_MS: '20',
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    assert.equal(config.PORT, 0);
    assert.equal(config.HOST, '0.0.0.0');
    assert.equal(config.LOG_LEVEL, 'silent');
    assert.deepEqual(upstreamUrls(config), { content: ['http://content.internal:81'], identity: ['https://identity.internal/base'], payments: ['http://127.0.0.1:9'] });
    assert.equal(config.SHELL_DIR, resolve(process.cwd(), 'build/shell'));
    assert.equal(config.REMOTES_REGISTRY_FILE, resolve(process.cwd(), 'data/remotes.json'));
    assert.deepEqual(remoteDirs(config), { content: '/srv/content', membership: '/srv/membership', account: '/srv/account', staff: '/srv/staff' });
    assert.equal(config.RELEASES_DIR, '/srv/releases');
    assert.deepEqual(manifestOverrides(config), {
      content: 'https://cdn.example.org/content/mf-manifest.json',
      account: '/releases/account/v2/mf-manifest.json',
      staff: 'http://localhost:3104/mf-manifest.json',
    });
    assert.deepEqual(loaderSettings(config), { timeoutMs: 4000, retries: 0, backoffMs: 250 });
    assert.equal(config.UPSTREAM_TIMEOUT_MS, 1500);
    assert.equal(config.CONTENT_LIST_CACHE_MS, 0);
    assert.equal(config.LIST_CACHE_HIT_LOG, 'each');
    assert.equal(config.SHUTDOWN_GRACE_MS, 500);
    assert.equal(config.SHUTDOWN_DRAIN_DELAY_MS, 20);
    assert.deepEqual(config.TRUST_PROXY, ['10.0.0.0/8', 'loopback']);
  });

  test('<SERVICE>_URL: a comma-separated list of replicas, each checked; a bad entry is named', () => {
    const config = loadGatewayConfig({ CONTENT_URL: 'http://127.0.0.1:4101/, http://127.0.0.1:4102', IDENTITY_URL: 'http://a:1,http://b:2/base//,https://c', UPSTREAM_COOL_DOWN_MS: '500' });
    assert.deepEqual(upstreamUrls(config), { content: ['http://127.0.0.1:4101', 'http://127.0.0.1:4102'], identity: ['http://a:1', 'http://b:2/base', 'https://c'], payments: ['http://127.0.0.1:4003'] });
    assert.equal(config.UPSTREAM_COOL_DOWN_MS, 500);
    assert.throws(() => loadGatewayConfig({ PAYMENTS_URL: 'http://127.0.0.1:1,ftp://x,' }), (err: Error) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /PAYMENTS_URL: entry 2 \("ftp:\/\/x"\) must be an http\(s\):\/\/ URL/);
      return true;
    });
    assert.throws(() => loadGatewayConfig({ IDENTITY_URL: 'http://a:1,' }), /IDENTITY_URL: entry 2 \(""\) must be an http\(s\):\/\/ URL/);
    assert.throws(() => loadGatewayConfig({ CONTENT_URL: 'http://a:1, http://a:1/' }), /CONTENT_URL: names a replica twice/);
    assert.throws(() => loadGatewayConfig({ UPSTREAM_COOL_DOWN_MS: '-1' }), /UPSTREAM_COOL_DOWN_MS/);
  });

  test('no manifest overrides and no loader settings unless set', () => {
    const config = loadGatewayConfig({});
    assert.deepEqual(manifestOverrides(config), {});
    assert.deepEqual(loaderSettings(config), {});
  });

  test('lists every bad variable at once', () => {
    assert.throws(
      () => loadGatewayConfig({ PORT: 'abc', CONTENT_URL: 'nope', REMOTE_RETRIES: '9', REMOTE_ACCOUNT_MANIFEST_URL: 'ftp://x', REMOTE_TIMEOUT_MS: '1.5', LOG_LEVEL: 'loud' }),
      (err: Error) => {
        assert.ok(err instanceof ConfigError);
        for (const name of ['PORT', 'CONTENT_URL', 'REMOTE_RETRIES', 'REMOTE_ACCOUNT_MANIFEST_URL', 'REMOTE_TIMEOUT_MS', 'LOG_LEVEL']) assert.match(err.message, new RegExp(name));
        assert.match(err.message, /CONTENT_URL: must be an http\(s\):\/\/ URL/);
        assert.match(err.message, /REMOTE_RETRIES: must be at most 5/);
        assert.match(err.message, /REMOTE_TIMEOUT_MS: must be a whole number/);
        assert.match(err.message, /REMOTE_ACCOUNT_MANIFEST_URL: must be an http\(s\):\/\/ URL or a path starting with \//);
        return true;
      },
    );
  });

  test('CONTENT_LIST_CACHE_MS: 100 by default, at most a second', () => {
    assert.equal(loadGatewayConfig({}).CONTENT_LIST_CACHE_MS, 100);
    assert.equal(loadGatewayConfig({ CONTENT_LIST_CACHE_MS: '250' }).CONTENT_LIST_CACHE_MS, 250);
    assert.throws(() => loadGatewayConfig({ CONTENT_LIST_CACHE_MS: '5000' }), /CONTENT_LIST_CACHE_MS.*at most 1000/);
  });

  test('LIST_CACHE_HIT_LOG: summary by default, or each', () => {
    assert.equal(loadGatewayConfig({}).LIST_CACHE_HIT_LOG, 'summary');
    assert.equal(loadGatewayConfig({ LIST_CACHE_HIT_LOG: 'each' }).LIST_CACHE_HIT_LOG, 'each');
    assert.throws(() => loadGatewayConfig({ LIST_CACHE_HIT_LOG: 'all' }), /LIST_CACHE_HIT_LOG: must be one of summary, each/);
  });

  test('TRUST_PROXY: no one by default (none), or a list of addresses, CIDR ranges and range names', () => {
    assert.deepEqual(loadGatewayConfig({ TRUST_PROXY: 'none' }).TRUST_PROXY, []);
    assert.deepEqual(loadGatewayConfig({ TRUST_PROXY: '203.0.113.7,fd00::/8' }).TRUST_PROXY, ['203.0.113.7', 'fd00::/8']);
    assert.throws(() => loadGatewayConfig({ TRUST_PROXY: 'lb.internal' }), /TRUST_PROXY: entry 1 must be an IP address, a CIDR range/);
  });
});

describe('manifestLocation', () => {
  test('an absolute http(s) URL or a path on this origin', () => {
    for (const ok of ['/remotes/content/mf-manifest.json', 'http://127.0.0.1:9999/mf-manifest.json', 'HTTPS://cdn.example.org/x.json']) {
      assert.equal(manifestLocation.safeParse(ok).success, true, ok);
    }
    for (const bad of ['//cdn.example.org/x.json', 'ftp://x/y.json', 'remotes/content/mf-manifest.json', 'https:///nohost', '']) {
      assert.equal(manifestLocation.safeParse(bad).success, false, bad);
    }
  });
});

describe('gateway config: the metrics port', () => {
  testMetricsConfig(loadGatewayConfig, { HOST: '0.0.0.0' }, '0.0.0.0');
});
