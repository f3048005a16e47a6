import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLang, translator } from '@tca/ui/i18n';
import { keyGroups, recoveryCodesFile } from './recovery-codes.js';
import { secondFactorCatalog } from './second-factor/messages.js';

test('the key is shown in groups of four, whatever spaces it came with', () => {
  assert.deepEqual(keyGroups('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'), ['JBSW', 'Y3DP', 'EHPK', '3PXP', 'JBSW', 'Y3DP', 'EHPK', '3PXP']);
  assert.deepEqual(keyGroups('ABCDE FGH'), ['ABCD', 'EFGH']);
  assert.deepEqual(keyGroups(''), []);
});

test('the downloaded file says what the codes are, whose and when, then one code a line', () => {
  const codes = ['abcde-fghjk', 'mnpqr-stuvw'];
  const text = recoveryCodesFile(codes, { email: 'owner@example.org', savedAt: new Date('2026-11-27T18:00:00Z') }, translator(secondFactorCatalog));
  const lines = text.split('\n');
  assert.equal(lines[0], 'Adelaide Tamil Association: recovery codes for staff sign-in');
  assert.ok(lines.includes('Account: owner@example.org'));
  assert.ok(lines.includes('Issued: 2026-11-27'));
  assert.deepEqual(lines.slice(-3), [...codes, '']);
});

test('saved from a Tamil page, the file is in Tamil, the association\'s name too; the codes, the address and the date as they are', async () => {
  await setLang('ta', { remember: false });
  try {
    const codes = ['abcde-fghjk', 'mnpqr-stuvw'];
    const lines = recoveryCodesFile(codes, { email: 'owner@example.org', savedAt: new Date('2026-11-27T18:00:00Z') }, translator(secondFactorCatalog)).split('\n');
    assert.equal(lines[0], 'அடிலெய்டு தமிழ்ச் சங்கம்: நிர்வாகி உள்நுழைவுக்கான மீட்புக் குறியீடுகள்');
    assert.ok(lines.includes('கணக்கு: owner@example.org'));
    assert.ok(lines.includes('வழங்கப்பட்ட நாள்: 2026-11-27'));
    assert.deepEqual(lines.slice(-3), [...codes, '']);
    assert.equal(lines.filter((line) => /[A-Za-z]{3,}/.test(line.replace(/\S+@\S+/, '').replace(/[a-z]{5}-[a-z]{5}/, ''))).length, 0, 'no English words left');
  } finally {
    await setLang('en', { remember: false });
  }
});
