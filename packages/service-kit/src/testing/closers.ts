/** What a test started, closed in reverse order at the end (a failing close does not stop the others). */
export class Closers {
  private readonly list: Array<() => Promise<unknown>> = [];
  add(...closes: Array<() => Promise<unknown>>): void {
    this.list.push(...closes);
  }
  async closeAll(): Promise<void> {
    while (this.list.length > 0) await this.list.pop()?.().catch(() => undefined);
  }
}
