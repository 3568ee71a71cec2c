/**
 * A worker-like harness for Vitest: the simulation service exposed with comlink on one end of a
 * MessageChannel, exactly as the worker exposes it, and a WorkerLike on the other end.
 */
import { MessageChannel } from 'node:worker_threads';
import { expose, wrap } from 'comlink';
import { afterEach } from 'vitest';
import { createSimulationService } from '../../src/worker/simulationService.ts';
import type { SimulationApi } from '../../src/worker/protocol.ts';
import type { WorkerLike } from '../../src/worker/client.ts';

/** A fake Worker backed by a MessageChannel whose far end runs the real service. */
export class ChannelWorker extends EventTarget implements WorkerLike {
  readonly port: MessagePort;
  private readonly far: MessagePort;
  terminated = false;
  /** Gone without a word: nothing is delivered either way and no event fires (`self.close()`). */
  private silent = false;

  /**
   * `service`: the real simulation service unless a test gives a scripted stand-in (or another
   * worker's service). `loadMs`: how long its "module" takes to load; messages wait meanwhile, as
   * a real worker's do (`Infinity`: it never loads).
   */
  constructor(service: object = createSimulationService() satisfies SimulationApi, { loadMs = 0 }: { loadMs?: number } = {}) {
    super();
    const { port1, port2 } = new MessageChannel() as unknown as { port1: MessagePort; port2: MessagePort };
    if (loadMs === 0) expose(service, port1);
    else if (loadMs !== Infinity) setTimeout(() => expose(service, port1), loadMs);
    this.far = port1;
    this.port = port2;
    this.port.addEventListener('message', (ev) => {
      if (!this.silent) this.dispatchEvent(new MessageEvent('message', { data: (ev as MessageEvent).data }));
    });
    this.port.start();
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.terminated && !this.silent) this.port.postMessage(message, transfer);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
    this.far.close();
  }

  /** Simulates a worker that closes itself mid-run: it falls silent, with no `error` event. */
  dieSilently(): void {
    this.silent = true;
  }

  /** Simulates the worker crashing. */
  crash(message: string): void {
    const ev = new Event('error');
    Object.defineProperty(ev, 'message', { value: message });
    this.dispatchEvent(ev);
  }
}

/** The service API through comlink, as the page sees it. */
export function connectService(): { api: ReturnType<typeof wrap<SimulationApi>>; close: () => void } {
  const { port1, port2 } = new MessageChannel() as unknown as { port1: MessagePort; port2: MessagePort };
  expose(createSimulationService(), port1);
  return {
    api: wrap<SimulationApi>(port2),
    close: () => {
      port1.close();
      port2.close();
    },
  };
}

/**
 * A factory of {@link ChannelWorker}s for a `describe` block: every worker it made is terminated
 * after each test.
 */
export function channelWorkers(): () => ChannelWorker {
  const workers: ChannelWorker[] = [];
  afterEach(() => {
    for (const w of workers) w.terminate();
    workers.length = 0;
  });
  return () => {
    const w = new ChannelWorker();
    workers.push(w);
    return w;
  };
}
