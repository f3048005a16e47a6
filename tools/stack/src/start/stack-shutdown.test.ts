import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStackContext } from './stack-context.js';
import { StackShutdown } from './stack-shutdown.js';
import type { Infrastructure } from './start-infrastructure.js';

function recordingInfrastructure(events: string[]): Infrastructure {
  return {
    postgres: { url: 'postgres://p@127.0.0.1:5/db', source: 'embedded', stop: async () => void events.push('postgres stopped'), killNow: () => void events.push('postgres killed') },
    redis: { url: 'redis://127.0.0.1:6', source: 'spawned', stop: async () => void events.push('redis stopped') },
    smtp: { url: 'smtp://127.0.0.1:7', source: 'maildev', stop: async () => void events.push('mail sink stopped') },
  };
}

test('stop: the children first, then the infrastructure, once however often it is called; the exit handler goes with it', async () => {
  const events: string[] = [];
  const ctx = createStackContext({ quiet: true });
  ctx.children.stopAll = async () => void events.push('children stopped');
  const exitHandlers = process.listenerCount('exit');
  const shutdown = new StackShutdown(ctx, 10);
  assert.equal(process.listenerCount('exit'), exitHandlers + 1);
  shutdown.holdInfrastructure(recordingInfrastructure(events));
  await Promise.all([shutdown.stop(), shutdown.stop()]);
  await shutdown.stop();
  assert.deepEqual(events.slice(0, 1), ['children stopped']);
  assert.deepEqual(events.slice(1).sort(), ['mail sink stopped', 'postgres stopped', 'redis stopped']);
  assert.equal(process.listenerCount('exit'), exitHandlers);
});

test('stop before the infrastructure started stops only the children; a failing part is a warning', async () => {
  const events: string[] = [];
  const warnings: string[] = [];
  const ctx = { ...createStackContext({ quiet: true }), warn: (text: string) => void warnings.push(text) };
  ctx.children.stopAll = async () => void events.push('children stopped');
  await new StackShutdown(ctx, 10).stop();
  assert.deepEqual(events, ['children stopped']);

  const failing = new StackShutdown(ctx, 10);
  failing.holdInfrastructure({ ...recordingInfrastructure(events), redis: { url: 'redis://x', source: 'spawned', stop: async () => Promise.reject(new Error('redis-server hung')) } });
  await failing.stop();
  assert.deepEqual(warnings, ['stopping infrastructure: redis-server hung']);
});

test('kill: every child, and PostgreSQL at once', () => {
  const events: string[] = [];
  const ctx = createStackContext({ quiet: true });
  ctx.children.killAll = () => void events.push('children killed');
  const shutdown = new StackShutdown(ctx, 10);
  shutdown.holdInfrastructure(recordingInfrastructure(events));
  shutdown.kill();
  assert.deepEqual(events, ['children killed', 'postgres killed', 'redis stopped']);
  return shutdown.stop();
});
