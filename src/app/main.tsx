import './zodJitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { StudioProvider } from './state/context.tsx';
import { UiProvider } from './state/uiContext.tsx';
import { createStudioStore } from './state/store.ts';
import { createUiStore } from './state/ui.ts';
import { loadLayout } from './workspace/layoutMemory.ts';
import { startPersistence } from './persistence/startPersistence.ts';
import { forgetRunsOnProjectSwitch } from './simulator/projectSwitch.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Rule Studio: #root element missing from index.html');

const store = createStudioStore();
const ui = createUiStore('system', loadLayout());
// A teaching link opens straight in Simulate mode (the shell reads the link itself).
if (location.hash.startsWith('#teach=')) ui.getState().showSimulator();
// Another project opened: no run, finding or minimisation of the one before stays.
forgetRunsOnProjectSwitch(store);
// Restore the last project (or open a #share= link), then autosave every change.
void startPersistence(store, ui);

// The installable, offline studio: the built app's shell is cached by its service worker (sw.js,
// written at build time beside index.html); the dev server has none.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('./sw.js').catch(() => undefined));
}

createRoot(root).render(
  <StrictMode>
    <StudioProvider store={store}>
      <UiProvider store={ui}>
        <App />
      </UiProvider>
    </StudioProvider>
  </StrictMode>,
);
