// The part of the entry that needs React DOM and the whole shell: loaded by main.tsx in parallel with the landing
// page's chunk, the translations and the session, and called once they are ready. The router, and the browser's Back
// and Forward, ask before navigation leaves unsaved work behind (lib/unsaved-changes.ts).
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { guardHistory, guardNavigation } from '../lib/unsaved-changes';
import { App } from './App';

export function start(container: HTMLElement): Root {
  guardHistory();
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Router aroundNav={guardNavigation}>
        <App />
      </Router>
    </StrictMode>,
  );
  return root;
}
