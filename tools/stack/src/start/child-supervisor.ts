import { ManagedChild, type ChildSpec, type Output } from '../children.js';
import { API_SERVICES } from '../project.js';

/** `content`, `content-2`, …: a copy of an API (stopped last, after the workers that call it). */
export function isApiReplica(name: string): boolean {
  return name.replace(/-\d+$/, '') in API_SERVICES;
}

/**
 * Every child the stack starts: spawns them, reports one that exits once start-up is over (during
 * start-up, the wait for it reports it), and stops them in the order that loses no work.
 */
export class ChildSupervisor {
  readonly children: ManagedChild[] = [];
  private running = false;
  private stopping = false;

  constructor(
    private readonly output: Output,
    private readonly warn: (text: string) => void,
  ) {}

  spawn(spec: ChildSpec): ManagedChild {
    const child = new ManagedChild(spec, this.output);
    this.children.push(child);
    void child.exited.then(() => {
      if (!this.running || this.stopping || child.isStopping) return;
      this.warn(`${child.name} ${child.describeExit()} unexpectedly.${this.output.quiet ? `\n${child.lastLines()}` : ''}`);
    });
    return child;
  }

  /** Start-up is over: from now on a child that exits is reported. */
  markRunning(): void {
    this.running = true;
  }

  /**
   * The gateway first (no new requests), then the frontends' dev servers, then the workers (and the
   * Stripe sandbox), then the APIs the workers call.
   */
  async stopAll(graceMs: number): Promise<void> {
    this.stopping = true;
    const groups: Array<(c: ManagedChild) => boolean> = [
      (c) => c.name === 'gateway',
      (c) => c.name === 'shell' || c.name.startsWith('mf-'),
      (c) => !isApiReplica(c.name),
      () => true,
    ];
    const remaining = new Set(this.children);
    for (const belongs of groups) {
      const batch = [...remaining].filter(belongs);
      batch.forEach((c) => remaining.delete(c));
      await Promise.all(batch.map((c) => c.stop(graceMs)));
    }
  }

  /** Synchronous last resort: SIGKILL every child's process group. */
  killAll(): void {
    for (const child of this.children) child.killNow();
  }
}
