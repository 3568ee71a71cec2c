/**
 * Opens a `#teach=…` link when the Simulation panel first mounts (and removes the fragment so a
 * reload does not open it again). The shell may also call `openTeachingLink` itself at start-up;
 * whichever runs first consumes the fragment.
 */
import { useEffect } from 'react';
import { useStudioStore } from '../state/context.tsx';
import { openTeachingLink } from './teaching.ts';
import { TEACHING_HASH_KEY } from './teachingLink.ts';

export function useTeachingHash(): void {
  const store = useStudioStore();
  useEffect(() => {
    const prefix = `#${TEACHING_HASH_KEY}=`;
    if (!location.hash.startsWith(prefix)) return;
    const payload = location.hash.slice(prefix.length);
    history.replaceState(null, '', location.pathname + location.search);
    void openTeachingLink(payload, store).then((r) => {
      store.getState().notify(r.ok ? 'info' : 'error', r.ok ? 'Opened the teaching example.' : r.message);
    });
  }, [store]);
}
