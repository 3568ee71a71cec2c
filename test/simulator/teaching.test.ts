import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTeaching, encodeTeaching, TEACHING_NOTE_MAX_CHARS, TEACHING_SCHEMA_VERSION } from '../../src/core/simulator/index.ts';

const payload = {
  schemaVersion: TEACHING_SCHEMA_VERSION,
  title: 'MaxCalls in action',
  files: [{ name: 'agent.toml', text: '[[agents]]\nname = "a"\n' }],
  trace: { name: 'trace.yaml', text: 'steps:\n  - call: fetch\n' },
  settings: { profile: 'hegel' as const },
  step: 3,
};

describe('teaching payload', () => {
  it('round-trips, filling default settings', () => {
    const enc = encodeTeaching(payload);
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeTeaching(enc.value);
    if (!dec.ok) throw new Error(dec.error);
    expect(dec.value.files).toEqual(payload.files);
    expect(dec.value.trace).toEqual(payload.trace);
    expect(dec.value.step).toBe(3);
    expect(dec.value.settings.profile).toBe('hegel');
    expect(dec.value.settings.dedupeWindowMs).toBe(300_000);
  });

  it('says clearly what is wrong', () => {
    expect(decodeTeaching('{not json')).toEqual({ ok: false, error: 'The teaching link is not valid JSON (it starts "{not json").' });
    expect(decodeTeaching(JSON.stringify({ ...payload, step: 1.5, files: [{ name: '', text: 'x' }] }))).toEqual({
      ok: false,
      error: 'The teaching link is not valid: files.0.name: Too small: expected string to have >=1 characters; step: Invalid input: expected int, received number.',
    });
    expect(decodeTeaching(JSON.stringify({ ...payload, schemaVersion: 7 }))).toEqual({
      ok: false,
      error: `This teaching link was made by a newer version (schemaVersion 7); this version reads ${TEACHING_SCHEMA_VERSION}.`,
    });
    const bad = encodeTeaching({ ...payload, settings: { profile: 'x' as 'spec' } });
    expect(bad.ok).toBe(false);
  });

  it('carries a lead-in note, validated; links made before it existed still read', () => {
    const note = '  What the class will see: the user rejected a call the rules allow.  ';
    const enc = encodeTeaching({ ...payload, note });
    if (!enc.ok) throw new Error(enc.error);
    const dec = decodeTeaching(enc.value);
    expect(dec.ok && dec.value.note).toBe(note.trim());
    const old = decodeTeaching(JSON.stringify(payload));
    expect(old.ok && old.value.note).toBeUndefined();
    expect(decodeTeaching(JSON.stringify({ ...payload, note: ' ' }))).toEqual({ ok: false, error: 'The teaching link is not valid: note: an empty note.' });
    expect(decodeTeaching(JSON.stringify({ ...payload, note: 'x'.repeat(TEACHING_NOTE_MAX_CHARS + 1) }))).toEqual({
      ok: false,
      error: 'The teaching link is not valid: note: a note longer than 2,000 characters.',
    });
    expect(decodeTeaching(JSON.stringify({ ...payload, note: 42 }))).toMatchObject({ ok: false, error: expect.stringContaining('note: ') });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const r = decodeTeaching(text);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});
