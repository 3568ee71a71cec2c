import { describe, expect, it } from 'vitest';
import { runNaiveTools } from './naiveTools.ts';
import { loadCase } from './caseLoader.ts';

/** The tool decisions of a case as (event, body) pairs, in stream order. */
function toolStream(name: string) {
  const c = loadCase(name);
  if (!c.agent) throw new Error(`case ${name} has no agent`);
  const { decisions } = runNaiveTools(c.agent, c.settings, c.events);
  return {
    c,
    stream: decisions.flatMap((bodies, event) => bodies.map((body) => ({ event, ...body }))),
  };
}

describe('naive tool reference against the conformance cases', () => {
  for (const name of [
    'cooldown-dedupe-failures',
    'etl-auto-start-and-exit',
    'limits-and-exclusive-groups',
    'operations-consent-heartbeat-exit',
  ]) {
    it(name, () => {
      const { c, stream } = toolStream(name);
      expect(stream).toHaveLength(c.expect.length);
      c.expect.forEach((want, k) => expect(stream[k]).toMatchObject(want));
    });
  }
});
