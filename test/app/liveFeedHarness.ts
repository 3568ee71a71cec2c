/** A live trace feed over a fresh studio store whose writes wait for `fire()` (the tests' clock). */
import { createStudioStore } from '../../src/app/state/store.ts';
import { createLiveTraceFeed } from '../../src/app/simulator/liveTrace.ts';

export function feedHarness() {
  const store = createStudioStore(undefined, () => 0);
  const timers: (() => void)[] = [];
  const feed = createLiveTraceFeed(store, (run) => timers.push(run));
  const fire = () => {
    for (const run of timers.splice(0)) run();
  };
  return { store, timers, feed, fire };
}
