import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { censorLogValue, redactUrlSecrets } from './log-redaction.js';

describe('redactUrlSecrets', () => {
  it('replaces the token of a reset link and keeps the rest of the URL', () => {
    assert.equal(redactUrlSecrets('/reset-password/k9Xb0_-abcdefghijklmnopqrstuvwxyz0123456789A'), '/reset-password/[redacted]');
    assert.equal(redactUrlSecrets('/reset-password/abc/?from=mail#top'), '/reset-password/[redacted]/?from=mail#top');
    assert.equal(redactUrlSecrets('https://tamil.example.org/reset-password/abc'), 'https://tamil.example.org/reset-password/[redacted]');
  });

  it('is not fooled by case or an encoded hyphen', () => {
    assert.equal(redactUrlSecrets('/Reset-Password/abc'), '/Reset-Password/[redacted]');
    assert.equal(redactUrlSecrets('/reset%2Dpassword/abc'), '/reset%2Dpassword/[redacted]');
  });

  it('replaces token query parameters', () => {
    assert.equal(redactUrlSecrets('/x?a=1&token=abc&b=2'), '/x?a=1&token=[redacted]&b=2');
    assert.equal(redactUrlSecrets('/x?access_token=abc'), '/x?access_token=[redacted]');
  });

  it('leaves URLs without secrets alone', () => {
    for (const url of ['/', '/reset-password', '/reset-password/', '/blog/12?page=2', '/auth/reset-password', '/x?tokens=1']) {
      assert.equal(redactUrlSecrets(url), url);
    }
  });
});

describe('censorLogValue', () => {
  it('redacts URLs in part and anything else whole', () => {
    assert.equal(censorLogValue('/reset-password/abc', ['req', 'url']), '/reset-password/[redacted]');
    assert.equal(censorLogValue('https://site/reset-password/abc', ['req', 'headers', 'referer']), 'https://site/reset-password/[redacted]');
    assert.equal(censorLogValue('s3cret', ['req', 'headers', 'x-service-token']), '[redacted]');
    assert.equal(censorLogValue(['a', 'b'], ['req', 'headers', 'cookie']), '[redacted]');
  });
});
