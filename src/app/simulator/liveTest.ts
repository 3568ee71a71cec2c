/**
 * "Save as test" in the live view: the server that follows the session minimises it towards the
 * chosen decision (`./__rule-studio/live/test`) and sends the test file; it is added to the project.
 */
import { z } from 'zod';
import type { StudioStore } from '../state/store.ts';
import { unique } from '../tests/saveAsTest.ts';
import { liveStore, testTarget } from './liveStore.ts';

const REPLY = z.union([
  z.object({ ok: z.literal(true), testName: z.string().max(4096), base: z.string().max(255), text: z.string().max(5 * 1024 * 1024), kept: z.number(), original: z.number() }),
  z.object({ ok: z.literal(false), message: z.string().max(4096) }),
]);

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Saves the session so far as a minimised test of the project; says what happened. */
export async function saveLiveAsTest(studio: StudioStore, fetcher: Fetch = fetch): Promise<boolean> {
  const target = testTarget(liveStore.getState());
  if (!target) {
    studio.getState().notify('error', 'No decision yet: a test pins a decision of the session.');
    return false;
  }
  let reply: z.infer<typeof REPLY> | undefined;
  try {
    const r = await fetcher(`./__rule-studio/live/test?session=${target.session}&seq=${target.decision.seq}`, { credentials: 'same-origin', cache: 'no-store' });
    const parsed = REPLY.safeParse(await r.json());
    reply = parsed.success ? parsed.data : { ok: false, message: `the server said ${r.status}` };
  } catch (e) {
    reply = { ok: false, message: `the server cannot be reached (${e instanceof Error ? e.message : String(e)}); is rule-studio follow still running?` };
  }
  if (!reply.ok) {
    studio.getState().notify('error', `The session was not saved as a test: ${reply.message.replace(/[.\s]+$/, '')}.`);
    return false;
  }
  const fileName = unique(reply.base.replace(/[^\w.-]+/g, '-') || 'session-live', new Set((studio.getState().project.tests ?? []).map((t) => t.name)), '.test.yaml');
  studio.getState().addTest(fileName, reply.text);
  studio.getState().notify('info', `Saved “${reply.testName}” as ${fileName}, minimised from ${reply.original} events to ${reply.kept}; it runs in the Tests view after every edit.`);
  return true;
}
