/**
 * Test support: the content API with the real tickets worker(s) and the real mailer (their own processes)
 * on a private redis-server and an SMTP sink, over a throw-away database: what a test needs to take Redis away
 * and count what reaches the sink.
 */
import { Queue } from 'bullmq';
import { QUEUES } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import {
  createTestDatabase,
  startNodeProcess,
  startRedisServer,
  startSmtpSink,
  type NodeProcess,
  type RedisServerOptions,
  type SmtpSink,
  type TestDatabase,
  type TestRedisServer,
} from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../config.js';
import { start } from '../server.js';

/** services/content, where the workers' entry files are resolved from. */
const PACKAGE_ROOT = new URL('../../', import.meta.url);

export interface FormsDeliverySiteOptions {
  /** Names the database and the pool. */
  name: string;
  redis?: RedisServerOptions;
  ticketsWorkers: number;
  /** The content API's and the tickets workers' settings besides DATABASE_URL and REDIS_URL. */
  env: Record<string, string>;
}

export interface FormsDeliverySite {
  db: TestDatabase;
  redis: TestRedisServer;
  smtp: SmtpSink;
  pool: Pool;
  api: { url: string; stop(): Promise<void> };
  /** The tickets workers and the mailer; a test may stop them itself (splice them out first). */
  processes: NodeProcess[];
  /** Every outbox row relayed, and nothing waiting, running or delayed in the e-mail and tickets queues. */
  settled: () => Promise<boolean>;
  stop(): Promise<void>;
}

export async function startFormsDeliverySite(options: FormsDeliverySiteOptions): Promise<FormsDeliverySite> {
  const db = await createTestDatabase(`content_${options.name}`);
  const redis = await startRedisServer(options.redis);
  const smtp = await startSmtpSink();
  const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: `${options.name}-test` });
  const processes: NodeProcess[] = [];
  let api: FormsDeliverySite['api'] | undefined;
  async function stop(): Promise<void> {
    for (const proc of processes) await proc.stop().catch(() => undefined);
    await api?.stop();
    await pool.end();
    await redis.remove();
    await smtp.close();
    await db.drop();
  }
  try {
    const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, ...options.env };
    api = await start(loadContentConfig({ ...env, PORT: '0' }), { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
    // Started together: each takes a few seconds to compile with tsx.
    const started = await Promise.allSettled([
      ...Array.from({ length: options.ticketsWorkers }, (_, i) =>
        startNodeProcess({ cwd: PACKAGE_ROOT, file: 'src/worker.ts', env: { ...env, LOG_LEVEL: 'info' }, ready: /"msg":"queue worker started"/, label: `tickets-worker-${i + 1}` }),
      ),
      startNodeProcess({
        cwd: PACKAGE_ROOT,
        file: '../mailer/src/index.ts',
        env: { REDIS_URL: redis.url, SMTP_URL: smtp.url, MAIL_FROM: 'Adelaide Tamil Association <no-reply@tamil.example.org>', SMTP_RATE_PER_SECOND: '0', LOG_LEVEL: 'info' },
        ready: /"msg":"email worker started"/,
        label: 'mailer',
      }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const running = api;
  return {
    db,
    redis,
    smtp,
    pool,
    api: running,
    processes,
    async settled() {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      if (rows[0]?.n !== 0) return false;
      for (const name of [QUEUES.email, QUEUES.supportTickets]) {
        const queue = new Queue(name, { connection: { host: '127.0.0.1', port: redis.port } });
        try {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
          if (Object.values(counts).some((n) => n > 0)) return false;
        } finally {
          await queue.close();
        }
      }
      return true;
    },
    stop,
  };
}
