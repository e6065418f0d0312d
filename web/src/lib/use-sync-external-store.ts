// What the use-sync-external-store shim gives on React 18 and later: React's own hook (see the alias in vite.config.ts).
export { useSyncExternalStore } from 'react';
