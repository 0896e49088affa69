/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. The shim
 * (imported by react-i18next for older Reacts) is CommonJS with a fallback implementation that a
 * React 19 page never runs; this module takes its place in the bundle (vite.config.ts).
 */
export { useSyncExternalStore } from 'react';
