import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchStaffFile, fileNameOf } from './use-staff-file.js';

describe('staff files', () => {
  it('names the file as Content-Disposition says, else the fallback', () => {
    assert.equal(fileNameOf('attachment; filename="members-2026-11-28.csv"', 'x.csv'), 'members-2026-11-28.csv');
    assert.equal(fileNameOf(null, 'x.csv'), 'x.csv');
  });

  it('fetches with the staff session, and says what went wrong in the server’s words', async () => {
    let sent: RequestInit | undefined;
    const ok = await fetchStaffFile('tok', '/staff-api/payments/revenue.csv?year=2026', (_input, init) => {
      sent = init;
      return Promise.resolve(new Response('a,b\r\n', { headers: { 'Content-Disposition': 'attachment; filename="revenue-2026.csv"' } }));
    });
    assert.deepEqual(sent?.headers, { Authorization: 'Bearer tok' });
    assert.ok(ok.ok && ok.disposition === 'attachment; filename="revenue-2026.csv"');
    const refused = await fetchStaffFile('tok', '/x', () => Promise.resolve(Response.json({ message: 'year must be a year from 2000 to 2100' }, { status: 400 })));
    assert.deepEqual(refused, { ok: false, status: 400, message: 'year must be a year from 2000 to 2100' });
    const down = await fetchStaffFile('tok', '/x', () => Promise.reject(new Error('offline')));
    assert.equal(down.ok, false);
  });
});
