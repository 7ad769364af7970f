import { serve } from './serve.ts';

// Encore from its TypeScript sources (tsx), loading the web build from `build/`: for work on
// the server itself. `npm start` and `npm run serve` run the compiled server (ADR 0056).
serve();
