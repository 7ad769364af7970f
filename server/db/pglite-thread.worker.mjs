// The database thread's entry (pglite-thread.ts): a worker's first module cannot be TypeScript
// on Node 20 (the parent's --import hooks do not reach it), so this one registers tsx, then
// loads the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.worker.ts');
