/**
 * "Save as test" in the Codex and Gemini CLI Policy views: a session's calls pinned as a test file
 * of the project (each call's decision and deciding rule as the view shows them now), which the
 * Tests view then runs after every edit. With one session, or a followed one, the button saves it;
 * with several, it is a menu of the sessions.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import type { PolicyDialect } from '../../core/permissions/policyTests.ts';
import { Button } from '../components/ui/Button.tsx';
import { MenuButton } from '../components/ui/MenuButton.tsx';
import { useStudioStore } from '../state/context.tsx';
import { liveStore } from '../simulator/liveStore.ts';
import { unique } from '../tests/saveAsTest.ts';
import { runPin } from './policyClient.ts';
import { count } from './policyText.ts';

/** The sessions of the calls a view decided, in their order. */
export const sessionsOf = (calls: readonly { session: string }[]): string[] => [...new Set(calls.map((c) => c.session))];

const TITLE = 'Pin each call of the session as this view decides it now: a test the Tests view runs after every edit';

export function PolicySaveAsTest({ dialect, files, sessions, decided }: {
  dialect: PolicyDialect;
  files: readonly { path: string; text: string }[];
  /** The project's sessions, as the view sends them to the policy worker. */
  sessions: readonly { name: string; text: string }[];
  /** The sessions the view decided calls of (in its order). */
  decided: readonly string[];
}) {
  const store = useStudioStore();
  const followed = useStore(liveStore, (s) => s.lines?.name);
  const [saving, setSaving] = useState(false);
  const save = async (session: string) => {
    setSaving(true);
    try {
      const name = `${session} as decided`;
      const r = await runPin({ dialect, files: files.map((f) => ({ path: f.path, text: f.text })), sessions: [...sessions], session, name });
      if (!r.ok) {
        store.getState().notify('error', `${session} was not saved as a test: ${r.message}`);
        return;
      }
      const base = session.replace(/^.*\//, '').replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'session';
      const fileName = unique(base, new Set((store.getState().project.tests ?? []).map((t) => t.name)), '.test.yaml');
      store.getState().addTest(fileName, r.text);
      const pinned = r.pinned < r.calls ? `the first ${count(r.pinned, 'call')} of ${r.calls.toLocaleString('en-US')} pinned` : `${count(r.pinned, 'call')} pinned`;
      store.getState().notify('info', `Saved “${name}” as ${fileName} (${pinned}); it runs in the Tests view after every edit.`);
    } catch (e) {
      store.getState().notify('error', `${session} was not saved as a test: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setSaving(false);
    }
  };
  const label = saving ? 'Saving…' : 'Save as test';
  const only = followed !== undefined && decided.includes(followed) ? followed : decided.length === 1 ? decided[0] : undefined;
  if (only !== undefined || decided.length === 0)
    return <Button size="sm" icon="check" label={label} disabled={saving || only === undefined} onClick={() => only !== undefined && void save(only)} title={only === undefined ? 'No session with calls to pin: import a session log or a scripted trace' : `${TITLE} (${only})`} />;
  return <MenuButton labelled icon="check" label={label} title={TITLE} items={decided.map((s) => ({ id: s, label: s, disabled: saving, run: () => void save(s) }))} />;
}
