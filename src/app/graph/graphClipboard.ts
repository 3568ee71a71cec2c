/**
 * Copy, paste and duplicate of the selected nodes (`core/graph/copyPaste.ts` does the model work).
 * The studio keeps what was copied (the in-app clipboard, with the nodes' positions) and puts it
 * on the system clipboard twice: as the rule file's own text (a TOML or YAML fragment, useful in
 * a text editor) and as the clip itself under {@link CLIP_TYPE}, which a paste in another tab of
 * the studio reads back (zod-checked). A paste is one edit, so one undo step, through the
 * ordinary edit path: only the text of what was pasted is written.
 */
import { z } from 'zod';
import type { ActionContext } from '../actions/types.ts';
import type { StudioStore } from '../state/store.ts';
import { activeDoc } from '../state/store.ts';
import { docFormat, type RuleDoc, type XY } from '../state/documents.ts';
import { codecs } from '../state/codecs.ts';
import { selectedNodes, selectionOfNodes } from '../state/selection.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { clipModel, clipOfModel, copyPhases, copyTools, GraphClip, pastePhases, pasteTools, type Pasted, type ToolClip } from '../../core/graph/copyPaste.ts';
import type { Agent } from '../../core/model/toolRules.ts';
import { sniffFormat } from '../../core/codecs/format.ts';
import type { LettaToolRule } from '../../core/model/lettaRules.ts';
import { layoutInputOf, missingPositions, selectableNodesOf } from './docGraph.ts';
import { focusedNodeId } from './nodeFocus.ts';
import { keepsPositions } from './usePlacement.ts';
import { selectAndReveal } from './useExternalFocus.ts';
import { formatCount } from '../formatCount.ts';
import { lazySchema } from '../../core/model/lazySchema.ts';

/** The clipboard type the clip itself is written under (a paste in the studio reads it back). */
export const CLIP_TYPE = 'application/x-rule-studio-clip+json';

/** What was copied: the clip, the nodes' positions then, and its text form. */
export interface Copied {
  clip: GraphClip;
  positions: Record<string, XY>;
  text: string;
}

/** The clip as written under {@link CLIP_TYPE}: checked when read back, as anything from outside (built on first use, not at page load). */
const ClipFile = lazySchema(() =>
  z.object({ version: z.literal(1), clip: GraphClip, positions: z.record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() })) }),
);

let held: Copied | undefined;

/** The in-app clipboard: what was last copied in this page. */
export const heldClip = (): Copied | undefined => held;

/** Forgets the in-app clipboard (tests). */
export function clearHeldClip(): void {
  held = undefined;
}

/** True when the studio is where a graph edit may happen: Design mode, no presenter. */
export function editableView(ctx: ActionContext): boolean {
  return ctx.ui.getState().mode === 'design' && !simulationStore().getState().presenter;
}

/** The nodes copy and duplicate act on: the selected (else the focused) tools of a Pattern or Letta agent, or phases. */
function pickedNodes(ctx: ActionContext): { doc: RuleDoc; nodes: readonly string[] } | undefined {
  const s = ctx.store.getState();
  const doc = activeDoc(s);
  if (!doc || (doc.kind === 'agent' && doc.agent.family !== undefined && doc.agent.family !== 'letta')) return undefined;
  const picked = selectedNodes(s.selection);
  // Nothing selected: the node with the keyboard focus (reached by Tab), as Add rule and Connect take it.
  const focused = picked.length === 0 ? focusedNodeId() : undefined;
  const nodes = focused !== undefined && selectableNodesOf(doc).includes(focused) ? [focused] : picked;
  return nodes.length > 0 ? { doc, nodes } : undefined;
}

/** True when a copy has something to copy. */
export const canCopy = (ctx: ActionContext): boolean => editableView(ctx) && pickedNodes(ctx) !== undefined;

/** True when the active document takes pasted nodes (a Pattern agent or a workflow, in Design mode). */
export function canPasteInto(ctx: ActionContext): boolean {
  const doc = activeDoc(ctx.store.getState());
  return editableView(ctx) && doc !== undefined && (doc.kind === 'workflow' || doc.agent.family === undefined);
}

/** A Letta agent's tools are defined in its agent file (the studio edits only its rules), so they are not pasted. */
const LETTA_TOOLS = 'a Letta agent’s tools are defined in its agent file, outside its rules';

/** The clip of the selection with its positions and text, or undefined. */
export function copyOfSelection(ctx: ActionContext): Copied | undefined {
  const picked = pickedNodes(ctx);
  if (!picked) return undefined;
  const { doc, nodes } = picked;
  const clip = doc.kind === 'agent' ? copyLettaOrTools(doc, nodes) : copyPhases(doc.workflow, nodes);
  if (!clip) return undefined;
  const names = clip.kind === 'tools' ? clip.tools.map((t) => t.name) : clip.nodes.map((n) => n.name);
  const positions = Object.fromEntries(names.flatMap((n) => (doc.layout[n] ? [[n, doc.layout[n]]] : [])));
  return { clip, positions, text: textOf(doc, clip) };
}

/** A Letta agent's selected tools copy as a clip of tools with no Pattern rule: its text is its Letta rules among them. */
function copyLettaOrTools(doc: Extract<RuleDoc, { kind: 'agent' }>, nodes: readonly string[]): GraphClip | undefined {
  if (doc.agent.family !== 'letta') return copyTools(doc.agent, nodes);
  return copyTools({ ...doc.agent, rules: [] }, nodes);
}

/** The rule file's own text of a clip: the document's format (a Letta agent's: the JSON list of its rules among the tools). */
function textOf(doc: RuleDoc, clip: GraphClip): string {
  if (doc.kind === 'agent' && doc.agent.family === 'letta' && clip.kind === 'tools') {
    return codecs().writeRuleFile({ agents: [{ ...doc.agent, lettaRules: lettaRulesAmong(doc.agent, clip) }], workflows: [] }, 'json').text;
  }
  const content = clip.kind === 'tools' && doc.kind === 'agent' ? { agents: [clipModel(clip, doc.agent.name)], workflows: [] } : doc.kind === 'workflow' && clip.kind === 'phases' ? { agents: [], workflows: [clipModel(clip, doc.workflow)] } : undefined;
  return content ? codecs().writeRuleFile(content, docFormat(doc)).text : '';
}

/** A Letta agent's rules whose every tool is in `clip` (its text holds them; Letta's rules are not pasted). */
function lettaRulesAmong(agent: Agent, clip: ToolClip): LettaToolRule[] {
  const names = new Set(clip.tools.map((t) => t.name));
  return (agent.lettaRules ?? []).filter((r) => lettaToolsOf(r).every((t) => names.has(t)));
}

/** Every tool a Letta rule names: its tool, its children, its branches. */
function lettaToolsOf(r: LettaToolRule): string[] {
  if (r.type === 'constrain_child_tools' || r.type === 'parent_last_tool') return [r.tool_name, ...r.children];
  if (r.type === 'conditional') return [r.tool_name, ...Object.values(r.child_output_mapping), ...(r.default_child ? [r.default_child] : [])];
  return [r.tool_name];
}

/** Copies the selection into the in-app clipboard; returns what was copied (its text for the system clipboard). */
export function copySelection(ctx: ActionContext): Copied | undefined {
  const copied = copyOfSelection(ctx);
  if (!copied) return undefined;
  holdCopy(ctx, copied, 'Copied');
  return copied;
}

/** Puts `copied` (of the active document as it is now) in the in-app clipboard, said as `verb` (`Copied 2 tools and 1 rule.`) with `after`. */
export function holdCopy(ctx: ActionContext, copied: Copied, verb: string, after = ''): void {
  held = copied;
  const n = copied.clip.kind === 'tools' ? copied.clip.tools.length : copied.clip.nodes.length;
  const doc = activeDoc(ctx.store.getState());
  const { clip } = copied;
  const links =
    clip.kind === 'phases' ? clip.nodes.reduce((k, p) => k + p.transitions.length, 0) : doc?.kind === 'agent' && doc.agent.family === 'letta' ? lettaRulesAmong(doc.agent, clip).length : clip.rules.length;
  ctx.store.getState().notify('info', `${verb} ${counted(copied.clip, n, links)}.${after}`);
}

/** The clip a paste event's data holds: the studio's own (checked), else the in-app one when the text is its text. */
export function clipOfTransfer(data: Pick<DataTransfer, 'getData'> | null): Copied | undefined {
  const raw = data?.getData(CLIP_TYPE) ?? '';
  if (raw !== '') {
    const read = readClipFile(raw);
    if (read) return { ...read, text: data?.getData('text/plain') ?? '' };
  }
  const text = data?.getData('text/plain') ?? '';
  return held && text !== '' && text === held.text ? held : undefined;
}

/** The clip file written under {@link CLIP_TYPE}. */
export const clipFileText = (copied: Copied): string => JSON.stringify({ version: 1, clip: copied.clip, positions: copied.positions });

function readClipFile(raw: string): Omit<Copied, 'text'> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const r = ClipFile.safeParse(value);
  return r.success ? { clip: r.data.clip, positions: r.data.positions } : undefined;
}

/**
 * The clip a text read from the system clipboard holds: the in-app clip when it is its text, else
 * the tools and rules (or phases) of a rule file's text, zod-checked; undefined when it holds none.
 */
export function clipOfText(text: string): Copied | undefined {
  if (held && text === held.text) return held;
  if (text.trim() === '') return undefined;
  const format = sniffFormat(text);
  const loaded = codecs().loadRuleFile(`clipboard.${format}`, text);
  if (loaded.diagnostics.some((d) => d.severity === 'error')) return undefined;
  const model = loaded.workflows.length === 1 && loaded.agents.length === 0 ? loaded.workflows[0] : loaded.agents.length === 1 && loaded.workflows.length === 0 ? loaded.agents[0] : undefined;
  const clip = model && clipOfModel(model);
  const checked = clip && GraphClip.safeParse(clip);
  return checked?.success ? { clip: checked.data, positions: {}, text } : undefined;
}

/** "2 tools and 1 rule", "1 phase and 2 transitions". */
function counted(clip: GraphClip, nodes: number, links: number): string {
  const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;
  const [node, link] = clip.kind === 'tools' ? ['tool', 'rule'] : ['phase', 'transition'];
  return links > 0 ? `${plural(nodes, node)} and ${plural(links, link)}` : plural(nodes, node);
}

/**
 * Where pasted nodes go: each where its original was, all moved together by one step (below the
 * originals for tools, whose graph reads left to right; beside them for phases) and again until
 * none lands on a node already there. Nodes with no known position are placed as new nodes are.
 */
export function pastedPositions(doc: RuleDoc, names: ReadonlyMap<string, string>, from: Readonly<Record<string, XY>>): Record<string, XY> {
  const input = layoutInputOf(doc);
  const size = new Map(input.nodes.map((n) => [n.id, n]));
  const pasted = new Set(names.values());
  const boxes = [...names].flatMap(([old, now]) => {
    const at = from[old];
    const s = size.get(now);
    return at && s ? [{ id: now, x: at.x, y: at.y, w: s.width, h: s.height }] : [];
  });
  const out: Record<string, XY> = {};
  if (boxes.length > 0) {
    const gap = 40;
    const span = boxes.reduce((a, b) => ({ x0: Math.min(a.x0, b.x), y0: Math.min(a.y0, b.y), x1: Math.max(a.x1, b.x + b.w), y1: Math.max(a.y1, b.y + b.h) }), { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
    const step = input.direction === 'RIGHT' ? { x: 0, y: span.y1 - span.y0 + gap } : { x: span.x1 - span.x0 + gap, y: 0 };
    const others = Object.entries(doc.layout).flatMap(([id, at]) => {
      const s = size.get(id);
      return !pasted.has(id) && s ? [{ x: at.x, y: at.y, w: s.width, h: s.height }] : [];
    });
    const overlaps = (k: number) => boxes.some((b) => others.some((o) => b.x + k * step.x < o.x + o.w + gap / 2 && o.x < b.x + k * step.x + b.w + gap / 2 && b.y + k * step.y < o.y + o.h + gap / 2 && o.y < b.y + k * step.y + b.h + gap / 2));
    let k = 1;
    while (k < 1000 && overlaps(k)) k++;
    for (const b of boxes) out[b.id] = { x: b.x + k * step.x, y: b.y + k * step.y };
  }
  const rest = missingPositions({ ...doc, layout: { ...doc.layout, ...out } });
  for (const id of pasted) if (!out[id] && rest[id]) out[id] = rest[id];
  return out;
}

/** Pastes `copied` into the active document: one edit, the new nodes placed beside the originals, selected and in view. */
export function pasteClip(ctx: ActionContext, copied: Copied, verb = 'Pasted'): boolean {
  const { store } = ctx;
  const doc = activeDoc(store.getState());
  if (!doc) return false;
  const { clip } = copied;
  if (doc.kind === 'agent' && doc.agent.family === 'letta') return refuse(store, `${verb === 'Pasted' ? 'Paste' : 'Duplicate'}: ${LETTA_TOOLS}; copy its rules in Source.`);
  if ((doc.kind === 'agent') !== (clip.kind === 'tools')) return refuse(store, `Paste: the clipboard holds ${clip.kind}; open ${clip.kind === 'tools' ? 'a Pattern agent' : 'a workflow'} to paste them.`);
  let result: Pasted<unknown> | undefined;
  const done =
    doc.kind === 'agent' && clip.kind === 'tools'
      ? store.getState().editAgent(doc.id, (a) => {
          const r = pasteTools(a, clip);
          result = r;
          return r.model;
        })
      : doc.kind === 'workflow' && clip.kind === 'phases'
        ? store.getState().editWorkflow(doc.id, (wf) => {
            const r = pastePhases(wf, clip);
            result = r;
            return r.model;
          })
        : false;
  if (!done || !result || result.names.size === 0) return false;
  const names = result.names;
  const after = activeDoc(store.getState());
  if (after && keepsPositions(after)) store.getState().placeNodes(after.id, pastedPositions(after, names, copied.positions));
  selectAndReveal(store, selectionOfNodes(clip.kind === 'tools' ? 'tool' : 'phase', names.values()));
  const renamed = [...names].filter(([a, b]) => a !== b);
  const as = renamed.length > 0 && renamed.length <= 3 ? ` (as ${renamed.map(([, b]) => `\`${b}\``).join(', ')})` : '';
  store.getState().notify('info', `${verb} ${counted(clip, names.size, result.links)}${as}.`);
  return true;
}

function refuse(store: StudioStore, text: string): false {
  store.getState().notify('info', text);
  return false;
}

/** Duplicates the selection: its copy pasted at once, the clipboard left as it was (as Figma's Duplicate). */
export function duplicateSelection(ctx: ActionContext): boolean {
  const copied = copyOfSelection(ctx);
  return copied ? pasteClip(ctx, copied, 'Duplicated') : false;
}
