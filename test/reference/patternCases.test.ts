/**
 * The project's `pattern-profile-*` conformance cases (adapted from Pattern's engine.rs and
 * integration_tests.rs) replayed on the reference model of Pattern's `ToolRuleEngine`, so their
 * expectations are pinned to that model as well as to the engine (which the CLI and worker
 * conformance runs check).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { readCanonical } from '../../src/core/traces/index.ts';
import { runNaiveTools } from './naiveTools.ts';
import { PATTERN_SEMANTICS } from './patternTools.ts';

const DIR = 'test/conformance/cases';
const files = readdirSync(DIR).filter((f) => f.startsWith('pattern-profile-'));

describe('pattern-profile cases on the reference model of Pattern’s engine', () => {
  it('there are cases', () => expect(files.length).toBeGreaterThanOrEqual(7));
  it.each(files)('%s', (f) => {
    const c = JSON.parse(readFileSync(`${DIR}/${f}`, 'utf8')) as { files: Record<string, string>; trace: string; options: Record<string, unknown>; expect: Record<string, unknown>[] };
    const [file, text] = Object.entries(c.files)[0] ?? ['', ''];
    const agent = loadRuleFile(file, text).agents[0];
    if (!agent) throw new Error(`${f}: no agent`);
    const events = readCanonical(c.trace).flatMap((i) => (i.kind === 'event' ? [i.event] : []));
    const settings = resolveSettings(c.options);
    expect(settings.profile).toBe('pattern');
    const stream = runNaiveTools(agent, settings, events, PATTERN_SEMANTICS).decisions.flatMap((ds, event) => ds.map((d) => ({ event, ...d })));
    expect(stream).toHaveLength(c.expect.length);
    c.expect.forEach((want, k) => expect(stream[k]).toMatchObject(want));
  });
});
