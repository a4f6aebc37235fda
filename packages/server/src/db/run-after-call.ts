/**
 * `run` shared by the calls that wait for it: each call is answered by a run that started after
 * the call was made, and one run answers every call made before it started. A run starts at the
 * end of the event loop's turn, so the calls of every request handled in that turn share it. At
 * most one run is on its way at a time; the calls made meanwhile wait for the next, started when
 * it ends.
 *
 * For a read that must see every commit finished before the call (the database's read version):
 * a run started after the call sees them, and under load one query answers many requests instead
 * of each taking a connection of the pool for the same row.
 */
export function runAfterCall<T>(run: () => Promise<T>): () => Promise<T> {
  let waiting: { resolve(value: T): void; reject(err: unknown): void }[] = [];
  let busy = false;
  const start = () => {
    const batch = waiting;
    waiting = [];
    run()
      .then(
        (value) => {
          for (const call of batch) call.resolve(value);
        },
        (err: unknown) => {
          for (const call of batch) call.reject(err);
        },
      )
      .finally(() => {
        if (waiting.length > 0) setImmediate(start);
        else busy = false;
      });
  };
  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(start);
      }
    });
}
