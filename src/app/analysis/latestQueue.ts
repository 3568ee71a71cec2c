/**
 * One job at a time, and only the latest request per key: while a big document's text is read in
 * the worker (seconds for 30,000 rules), further edits of it replace each other in the queue, so
 * when the worker is free it reads the newest text and never a backlog of outdated ones.
 */
export interface LatestQueue<T> {
  /** Asks for `input` under `key`, replacing what waited under that key. */
  push(key: string, input: T): void;
  /** Requests waiting (not counting the one running). */
  readonly waiting: number;
  readonly busy: boolean;
}

export function createLatestQueue<T>(run: (key: string, input: T) => Promise<void>): LatestQueue<T> {
  const waiting = new Map<string, T>();
  let busy = false;

  const next = () => {
    const first = waiting.entries().next();
    if (first.done) {
      busy = false;
      return;
    }
    const [key, input] = first.value;
    waiting.delete(key);
    busy = true;
    run(key, input).then(next, next);
  };

  return {
    push(key, input) {
      waiting.delete(key);
      waiting.set(key, input);
      if (!busy) next();
    },
    get waiting() {
      return waiting.size;
    },
    get busy() {
      return busy;
    },
  };
}
