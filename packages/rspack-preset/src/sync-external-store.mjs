// What wouter imports as `use-sync-external-store/shim`: the shim's fallback is for React before 18; the
// site's React has the hook, so every app takes React's own (the shim's code left out of the first load).
export { useSyncExternalStore } from 'react';
