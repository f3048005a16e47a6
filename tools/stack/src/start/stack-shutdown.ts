import type { StackContext } from './stack-context.js';
import { killInfrastructure, stopInfrastructure, type Infrastructure } from './start-infrastructure.js';

/**
 * Stopping what startStack started, whenever that happens: a failed start-up, RunningStack.stop(),
 * or the stack process exiting (its children are killed then, so none is left behind).
 */
export class StackShutdown {
  private infrastructure: Infrastructure | undefined;
  private stopped: Promise<void> | undefined;
  private readonly killChildren = () => this.ctx.children.killAll();

  constructor(
    private readonly ctx: StackContext,
    private readonly graceMs: number,
  ) {
    process.on('exit', this.killChildren);
  }

  /** PostgreSQL, Redis and the mail sink are stopped with the children from now on. */
  holdInfrastructure(infrastructure: Infrastructure): Infrastructure {
    this.infrastructure = infrastructure;
    return infrastructure;
  }

  /** The children in the order that loses no work, then the infrastructure. Idempotent. */
  readonly stop = (): Promise<void> => {
    this.stopped ??= (async () => {
      await this.ctx.children.stopAll(this.graceMs);
      if (this.infrastructure) await stopInfrastructure(this.infrastructure, this.ctx.warn);
      process.off('exit', this.killChildren);
    })();
    return this.stopped;
  };

  /** Every child at once (second Ctrl-C); PostgreSQL is told to shut down now. */
  readonly kill = (): void => {
    this.ctx.children.killAll();
    if (this.infrastructure) killInfrastructure(this.infrastructure);
  };
}
