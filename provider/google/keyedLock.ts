/**
 * Work that must not overlap for one key (one collection, one IAM policy) runs
 * one piece at a time within this process; other keys run freely. A failed
 * piece does not block the next one.
 */
const queues = new Map<string, Promise<unknown>>();

export async function keyedLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    // The last piece of a key leaves no entry behind: keys come and go with the objects.
    if (queues.get(key) === settled) queues.delete(key);
  }
}
