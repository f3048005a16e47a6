import type { StackContext } from './stack-context.js';

/** An HTTP process whose port is final (the one chosen, or another when that was taken meanwhile). */
export interface StartedService {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  healthUrl: string;
  /** Settles when its health check answers; rejects with its last lines when it does not. */
  ready: Promise<void>;
}

export interface ServicesOutcome {
  /** Every service whose port is final, ready or not (dev mode goes on without one that failed). */
  started: StartedService[];
  healthUrls: Record<string, string>;
}

/**
 * Waits until every service is ready; the APIs run their migrations (and content loads its seed
 * into a new database) on start, so this is the long wait. npm start fails on the first that does
 * not come up; npm run dev warns and goes on (fix the code, watch mode restarts it).
 */
export async function waitForServices(ctx: StackContext, starts: Array<Promise<StartedService>>): Promise<ServicesOutcome> {
  const results = await Promise.allSettled(
    starts.map(async (start) => {
      await (await start).ready;
    }),
  );
  for (const r of results) {
    if (r.status === 'rejected') {
      if (ctx.mode === 'start') throw r.reason;
      ctx.warn((r.reason as Error).message);
    }
  }
  // In the order the services were listed, whatever order they became ready in.
  const listed = (await Promise.allSettled(starts)).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  return { started: listed, healthUrls: Object.fromEntries(listed.map((s) => [s.name, s.healthUrl])) };
}
