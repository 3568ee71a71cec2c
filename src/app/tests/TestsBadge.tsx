/** The Tests tab's live count: passed, and failing in red (tests re-run after every edit). */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStudioStore } from '../state/context.tsx';
import { ensureTestsWatching, testsStore } from './testsStore.ts';

export function TestsBadge() {
  const store = useStudioStore();
  useEffect(() => ensureTestsWatching(store), [store]);
  const counts = useStore(testsStore(), (s) => s.counts);
  const broken = counts.failed + counts.errors;
  const total = counts.passed + broken;
  if (total === 0) return null;
  return (
    <span className="tab-count tests-badge" data-testid="tests-badge" aria-label={broken > 0 ? `${broken} of ${total} tests failing` : `all ${total} tests pass`}>
      {broken > 0 ? <span className="c-error">{broken} failing</span> : <span className="c-pass">{total} pass</span>}
    </span>
  );
}
