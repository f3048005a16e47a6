import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyGroups, recoveryCodesFile } from './recovery-codes.js';

test('the key is shown in groups of four, whatever spaces it came with', () => {
  assert.deepEqual(keyGroups('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'), ['JBSW', 'Y3DP', 'EHPK', '3PXP', 'JBSW', 'Y3DP', 'EHPK', '3PXP']);
  assert.deepEqual(keyGroups('ABCDE FGH'), ['ABCD', 'EFGH']);
  assert.deepEqual(keyGroups(''), []);
});

test('the downloaded file says what the codes are, whose and when, then one code a line', () => {
  const codes = ['abcde-fghjk', 'mnpqr-stuvw'];
  const text = recoveryCodesFile(codes, { siteName: 'Adelaide Tamil Association', email: 'owner@example.org', savedAt: new Date('2026-11-27T18:00:00Z') });
  const lines = text.split('\n');
  assert.equal(lines[0], 'Adelaide Tamil Association: recovery codes for staff sign-in');
  assert.ok(lines.includes('Account: owner@example.org'));
  assert.ok(lines.includes('Issued: 2026-11-27'));
  assert.deepEqual(lines.slice(-3), [...codes, '']);
});
