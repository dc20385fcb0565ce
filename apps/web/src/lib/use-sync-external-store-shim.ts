/**
 * Stands in for `use-sync-external-store/shim` (vite.config.ts `resolve.alias`), which react-i18next
 * imports for Reacts before 18: React 19 has the hook, and the shim's fallback is bytes every first
 * page would download for nothing.
 */
export { useSyncExternalStore } from 'react';
