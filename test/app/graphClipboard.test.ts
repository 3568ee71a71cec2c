/**
 * The studio's copy, paste and duplicate (`graphClipboard.ts`): one undo step, the pasted nodes
 * selected and placed beside the originals on nothing; a clip read from the clipboard is checked;
 * Simulate mode and a Letta agent take no paste.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleStudio } from '../support/exampleStudio.ts';
import { clipboardActions } from '../../src/app/actions/clipboardActions.ts';
import { clearHeldClip, clipFileText, clipOfText, clipOfTransfer, CLIP_TYPE, copySelection, pasteClip } from '../../src/app/graph/graphClipboard.ts';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { createUiStore } from '../../src/app/state/ui.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeRuleFile } from '../../src/core/codecs/write.ts';

const action = (id: string) => clipboardActions.find((a) => a.id === id)!;

const studio = exampleStudio;

const transfer = (data: Record<string, string>) => ({ getData: (type: string) => data[type] ?? '' });

afterEach(clearHeldClip);

describe('copy and paste in the studio', () => {
  it('pastes two tools and their rule in one undo step, selected, beside the originals', () => {
    const { store, ctx } = studio('etl-pipeline.toml');
    store.getState().select({ kind: 'nodes', nodes: ['extract', 'transform'] });
    const copied = copySelection(ctx)!;
    expect(copied.text).toContain('tools = ["extract", "transform"]');
    const past = store.getState().history.past.length;
    expect(pasteClip(ctx, copied)).toBe(true);
    expect(store.getState().history.past.length).toBe(past + 1);
    expect(store.getState().selection).toEqual({ kind: 'nodes', nodes: ['extract_2', 'transform_2'] });
    expect(store.getState().notices.at(-1)?.text).toBe('Pasted 2 tools and 1 rule (as `extract_2`, `transform_2`).');
    const layout = activeDoc(store.getState())!.layout;
    expect(layout['extract_2']!.x).toBe(layout['extract']!.x);
    expect(layout['extract_2']!.y).toBeGreaterThan(layout['extract']!.y);
    store.getState().undo();
    expect(activeDoc(store.getState())!.text).toBe(readFileSync('examples/etl-pipeline.toml', 'utf8'));
  });

  it('pastes into an agent written as YAML or JSON in its own form, every line kept', () => {
    const etl = loadRuleFile('etl.toml', readFileSync('examples/etl-pipeline.toml', 'utf8')).agents[0]!;
    for (const format of ['yaml', 'json'] as const) {
      const text = writeRuleFile({ agents: [etl], workflows: [] }, format).text;
      const store = createStudioStore(undefined, () => 0);
      const ctx = { store, ui: createUiStore() };
      ctx.ui.getState().setMode('design');
      store.getState().importFile(`etl.${format}`, text);
      store.getState().select({ kind: 'nodes', nodes: ['load', 'transform'] });
      const copied = copySelection(ctx)!;
      expect(loadRuleFile(`clip.${format}`, copied.text).agents[0]!.rules.map((r) => [r.tool_name, r.conditions])).toEqual([
        ['load', ['transform']],
        ['load', []],
      ]);
      expect(pasteClip(ctx, copied)).toBe(true);
      const after = activeDoc(store.getState())!.text;
      // YAML keeps every line it had (JSON re-indents nothing either, but its arrays gain commas).
      if (format === 'yaml') {
        const lines = after.split('\n');
        let i = 0;
        for (const line of text.split('\n')) expect((i = lines.indexOf(line, i) + 1) > 0).toBe(true);
      }
      const read = loadRuleFile(`etl.${format}`, after).agents[0]!;
      expect(read.rules.slice(-2).map((r) => [r.tool_name, r.conditions])).toEqual([
        ['load_2', ['transform_2']],
        ['load_2', []],
      ]);
      expect(read.tools.slice(-2).map((t) => t.name)).toEqual(['load_2', 'transform_2']);
    }
  });

  it('duplicates a phase; nothing in Simulate mode', async () => {
    const { store, ui, ctx } = studio('hegel-minimal.yaml');
    store.getState().select({ kind: 'phase', node: 'plan' });
    expect(action('duplicate-nodes').enabled!(ctx)).toBe(true);
    await action('duplicate-nodes').run(ctx);
    expect(store.getState().selection).toEqual({ kind: 'phase', node: 'plan_2' });
    ui.getState().setMode('simulate');
    expect(action('duplicate-nodes').enabled!(ctx)).toBe(false);
    expect(action('copy-nodes').enabled!(ctx)).toBe(false);
  });

  it('reads back the studio’s own clip, checked, and refuses one that is not', () => {
    const { store, ctx } = studio('etl-pipeline.toml');
    store.getState().select({ kind: 'tool', tool: 'load' });
    const copied = copySelection(ctx)!;
    expect(clipOfTransfer(transfer({ [CLIP_TYPE]: clipFileText(copied), 'text/plain': copied.text }))?.clip).toEqual(copied.clip);
    expect(clipOfTransfer(transfer({ [CLIP_TYPE]: '{"version":1,"clip":{"kind":"tools","tools":[]},"positions":{}}' }))).toBeUndefined();
    expect(clipOfTransfer(transfer({ 'text/plain': 'hello' }))).toBeUndefined();
    // The text alone is the in-app clip when it is its text; a rule file's text is read as one.
    expect(clipOfTransfer(transfer({ 'text/plain': copied.text }))).toBe(copied);
    clearHeldClip();
    expect(clipOfText(copied.text)?.clip).toEqual(copied.clip);
    expect(clipOfText('not = [a rule file')).toBeUndefined();
  });

  it('a Letta agent copies its rules’ text but takes no paste (its tools are defined in its file)', () => {
    const { store, ctx } = studio('letta-refund-agent.af');
    const doc = activeDoc(store.getState())!;
    const tool = doc.kind === 'agent' ? doc.agent.lettaRules![0]!.tool_name : '';
    store.getState().select({ kind: 'tool', tool });
    const copied = copySelection(ctx)!;
    expect(copied.text).toContain(tool);
    // Its text holds the rules about the tool alone (a child rule naming another tool stays behind).
    const own = doc.kind === 'agent' ? doc.agent.lettaRules!.filter((r) => r.tool_name === tool && !('children' in r && r.children.some((c) => c !== tool)) && r.type !== 'conditional') : [];
    expect(JSON.parse(copied.text)).toHaveLength(own.length);
    expect(store.getState().notices.at(-1)?.text).toBe(own.length > 0 ? `Copied 1 tool and ${own.length} rule${own.length === 1 ? '' : 's'}.` : 'Copied 1 tool.');
    expect(action('duplicate-nodes').enabled!(ctx)).toBe(false);
    expect(pasteClip(ctx, copied)).toBe(false);
    expect(store.getState().notices.at(-1)?.text).toMatch(/Letta agent’s tools are defined in its agent file/);
  });
});
