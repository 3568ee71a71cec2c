import { describe, expect, it } from 'vitest';
import { naiveReplay } from './naiveReplay.ts';
import { loadCase } from './caseLoader.ts';

describe('naive workflow reference against the conformance cases', () => {
  for (const name of ['workflow-spec-profile', 'workflow-hegel-profile']) {
    it(name, () => {
      const c = loadCase(name);
      const perEvent = naiveReplay(
        { ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings },
        c.events,
      );
      const stream = perEvent.flatMap((bodies, event) =>
        bodies.map((body) => ({ event, ...body })),
      );
      expect(stream).toHaveLength(c.expect.length);
      c.expect.forEach((want, k) => expect(stream[k]).toEqual(want));
    });
  }
});
