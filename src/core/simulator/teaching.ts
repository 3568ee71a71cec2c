/**
 * The share payload of teaching mode: rule files and a trace as text, the settings and the step
 * to open at. Encoded as JSON (the app compresses it into a link); decoding never throws and
 * says clearly what is wrong.
 */
import { z } from 'zod';
import { ChosenSettings } from '../engine/settings.ts';
import { lazySchema } from '../model/lazySchema.ts';
import { TeachingNote } from './teachingNote.ts';

export { TEACHING_NOTE_MAX_CHARS, TeachingNote } from './teachingNote.ts';

export const TEACHING_SCHEMA_VERSION = 1 as const;

/** Texts larger than this are refused (a link cannot carry them anyway). */
export const TEACHING_MAX_CHARS = 5_000_000;

const TextFile = lazySchema(() => z.object({ name: z.string().min(1), text: z.string() }));

/** Node positions the author saw, by node id (at most 10,000 nodes; finite coordinates). */
const Layout = lazySchema(() =>
  z
    .record(z.string(), z.object({ x: z.number().finite(), y: z.number().finite() }))
    .refine((r) => Object.keys(r).length <= 10_000, { message: 'more than 10,000 node positions' }),
);

/** A rule file with, optionally, the graph layout its author saw. */
const RuleFile = lazySchema(() => TextFile.extend({ layout: Layout.optional() }));

export const TeachingPayload = lazySchema(() =>
  z.object({
    schemaVersion: z.literal(TEACHING_SCHEMA_VERSION),
    /** Shown in the presenter view. */
    title: z.string().optional(),
    /** Rule files (agents, workflows) by name, in load order, each with the author's layout. */
    files: z.array(RuleFile),
    /** The trace (canonical JSONL, scripted YAML or a recorded log), by name. */
    trace: TextFile,
    /** Replay settings; missing ones take their defaults, a missing profile is the rule file's own. */
    settings: ChosenSettings,
    /** The step to open at (-1 = before the first item). */
    step: z.number().int().min(-1),
    /** The lead-in shown before the first step (links made before it existed have none). */
    note: TeachingNote.optional(),
  }),
);
export type TeachingPayload = z.infer<typeof TeachingPayload>;
export type TeachingPayloadInput = z.input<typeof TeachingPayload>;

export type TeachingResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** `files.0.name: expected string` for each problem, joined with `; `. */
function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
}

function validate(raw: unknown): TeachingResult<TeachingPayload> {
  if (typeof raw === 'object' && raw !== null && 'schemaVersion' in raw) {
    const v = (raw as { schemaVersion: unknown }).schemaVersion;
    if (typeof v === 'number' && v > TEACHING_SCHEMA_VERSION)
      return { ok: false, error: `This teaching link was made by a newer version (schemaVersion ${v}); this version reads ${TEACHING_SCHEMA_VERSION}.` };
  }
  const parsed = TeachingPayload.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: `The teaching link is not valid: ${issuesText(parsed.error)}.` };
}

/** Validates a payload and writes it as JSON. */
export function encodeTeaching(payload: TeachingPayloadInput): TeachingResult<string> {
  const checked = validate(payload);
  if (!checked.ok) return checked;
  const json = JSON.stringify(checked.value);
  if (json.length > TEACHING_MAX_CHARS)
    return { ok: false, error: `The teaching payload is too large (${json.length} characters; at most ${TEACHING_MAX_CHARS}).` };
  return { ok: true, value: json };
}

/** Reads a payload written by {@link encodeTeaching}. */
export function decodeTeaching(json: string): TeachingResult<TeachingPayload> {
  if (typeof json !== 'string') return { ok: false, error: 'The teaching link holds no text.' };
  if (json.length > TEACHING_MAX_CHARS)
    return { ok: false, error: `The teaching link is too large (${json.length} characters; at most ${TEACHING_MAX_CHARS}).` };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, error: `The teaching link is not valid JSON (it starts ${JSON.stringify(json.slice(0, 40))}).` };
  }
  return validate(raw);
}
