/**
 * Work that must not overlap for one key (one collection, one IAM policy) runs one piece at a time
 * within the provider process; other keys run freely. A failed piece does not block the next one.
 * One instance per process (engineProcess.ts).
 */
export class KeyedLocks {
  private readonly queues = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    this.queues.set(key, settled);
    try {
      return await run;
    } finally {
      // The last piece of a key leaves no entry behind: keys come and go with the objects.
      if (this.queues.get(key) === settled) this.queues.delete(key);
    }
  }
}
