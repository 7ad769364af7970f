/** Compiled in by vite.config.ts (SPEC §4 new build detection). */
declare const __ENCORE_BUILD_ID__: string;
