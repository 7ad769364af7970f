/**
 * What a route action refuses with (app/lib/form-action.server.ts), as the browser reads it
 * from `fetcher.data` or `actionData`: the reason, by field when a field is at fault.
 */
export type FormFailure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string> };
