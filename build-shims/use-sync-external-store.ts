/**
 * @preact/signals-react imports the use-sync-external-store shim, written for React versions
 * before 18. React 19 (and preact/compat) has the hook itself: the build points the shim here.
 */
export { useSyncExternalStore } from 'react';
