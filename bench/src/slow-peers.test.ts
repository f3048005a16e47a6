import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { describe, test } from 'node:test';
import { messageKey, startDelayedSmtpSink, startDelayProxy } from './slow-peers.js';

describe('messageKey', () => {
  test("the key of the mailer's Message-ID, from the head only", () => {
    assert.equal(messageKey('Subject: x\r\nMessage-ID: <receipt-ord_1@tamil.org.au>\r\n\r\nbody'), 'receipt-ord_1');
    assert.equal(messageKey('message-id:<k-2@localhost>\n\nbody'), 'k-2');
    assert.equal(messageKey('Subject: x\r\n\r\nMessage-ID: <in-the-body@x>'), undefined);
    assert.equal(messageKey('Message-ID: no-brackets@x\r\n\r\n'), undefined);
  });
});

describe('startDelayProxy', () => {
  test('each request arrives the delay later, in order, and its answer comes back unchanged', async () => {
    const server = createServer((req, res) => res.end(`you asked for ${req.url}`));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const proxy = await startDelayProxy(new URL(`http://127.0.0.1:${port}/`), 120);
    try {
      for (const path of ['/a', '/b']) {
        const t0 = performance.now();
        const res = await fetch(`${proxy.url}${path}`);
        assert.equal(await res.text(), `you asked for ${path}`);
        const ms = performance.now() - t0;
        assert.ok(ms >= 115, `took ${ms.toFixed(0)} ms, at least the delay`);
      }
    } finally {
      await proxy.close();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('startDelayedSmtpSink', () => {
  test('a message is counted by its key when it is accepted, the delay after its data', async () => {
    const sink = await startDelayedSmtpSink(150);
    const socket = connect(Number(new URL(sink.url).port), '127.0.0.1');
    try {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      /** Sends `line` and waits for the next reply with `code`. */
      const say = async (line: string | undefined, code: string) => {
        const before = received.length;
        if (line !== undefined) socket.write(`${line}\r\n`);
        for (let i = 0; i < 200 && !new RegExp(`(^|\\n)${code}[ ]`).test(received.slice(before)); i += 1) await new Promise((r) => setTimeout(r, 10));
        assert.match(received.slice(before), new RegExp(`(^|\\n)${code}[ ]`), `after ${line ?? 'connecting'}: ${received.slice(before)}`);
      };
      await say(undefined, '220');
      await say('EHLO bench', '250');
      await say('MAIL FROM:<a@example.org>', '250');
      await say('RCPT TO:<b@example.org>', '250');
      await say('DATA', '354');
      const t0 = performance.now();
      await say('Message-ID: <mail-7@bench>\r\nSubject: hi\r\n\r\nhello\r\n.', '250');
      const ms = performance.now() - t0;
      assert.ok(ms >= 145, `accepted after ${ms.toFixed(0)} ms, at least the delay`);
      assert.deepEqual([...sink.countByKey], [['mail-7', 1]]);
      assert.equal(sink.withoutKey, 0);
      await say('QUIT', '221');
    } finally {
      socket.destroy();
      await sink.close();
    }
  });
});
