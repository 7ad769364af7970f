// The database thread's entry (pglite-thread.ts) when the server runs from its sources: a
// worker's first module cannot be TypeScript on Node 20 (the parent's --import hooks do not
// reach it), so this one registers tsx, then loads the thread's code. The compiled server has
// its own, compiled entry beside it (scripts/build-server.ts, ADR 0056).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.worker.ts');
