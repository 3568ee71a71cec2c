/**
 * A tabbed region of the workspace: the tabs of `views.tsx` registered for `region`, the open one
 * remembered in the UI store. Arrow keys move between tabs (the WAI-ARIA tabs pattern); only the
 * open view is mounted. A region too narrow for every tab at full length shows the short labels
 * of the views that have one (the full label stays the tab's name).
 */
import { Suspense, type KeyboardEvent, type ReactNode } from 'react';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { viewsOf, type ViewRegion } from './views.tsx';
import { Loading } from '../components/ui/Loading.tsx';

export function ViewTabs({ region, label, extra, fallback }: { region: ViewRegion; label: string; extra?: ReactNode; fallback?: string }) {
  const ui = useUiStore();
  const views = viewsOf(region);
  const chosen = useUi((s) => s.tabs[region]);
  const open = views.find((v) => v.id === chosen) ?? views.find((v) => v.id === fallback) ?? views[0];
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = views.findIndex((v) => v === open);
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (d === 0 || at < 0) return;
    e.preventDefault();
    const next = views[(at + d + views.length) % views.length];
    if (!next) return;
    ui.getState().setTab(region, next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  if (!open) return null;
  const Body = open.component;
  return (
    <div className="view-tabs">
      <div className="view-tabbar">
        <div role="tablist" aria-label={label} onKeyDown={onKey}>
          {views.map((v) => {
            const Badge = v.badge;
            const selected = v === open;
            return (
              <button
                key={v.id}
                type="button"
                role="tab"
                id={`tab-${v.id}`}
                aria-controls={`view-${v.id}`}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={() => ui.getState().setTab(region, v.id)}
              >
                {v.shortLabel ? (
                  <>
                    <span className="visually-hidden">{v.label}</span>
                    <span className="view-tab-label" aria-hidden="true">
                      {v.label}
                    </span>
                    <span className="view-tab-short" aria-hidden="true">
                      {v.shortLabel}
                    </span>
                  </>
                ) : (
                  v.label
                )}
                {Badge ? <Badge /> : null}
              </button>
            );
          })}
        </div>
        {extra}
      </div>
      <div className="view-body" role="tabpanel" id={`view-${open.id}`} aria-labelledby={`tab-${open.id}`}>
        <Suspense fallback={<Loading label={`Loading ${open.label}`} block quiet />}>
          <Body />
        </Suspense>
      </div>
    </div>
  );
}
