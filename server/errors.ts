import type { z } from 'zod';

/** The one JSON error shape of the API: `{ error: { code, message, field? } }`. */
export type ApiErrorBody = { error: { code: string; message: string; field?: string } };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

/** Seconds a client should wait before retrying a 503 (a dependency out of reach). */
export const RETRY_AFTER_SECONDS = 5;

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/** A zod issue without a path is about the whole input: it is named after what was parsed. */
const WHOLE_INPUT: Record<string, string> = { invalid_query: 'query', invalid_path: 'path', invalid_request: 'body' };

export type InputIssue = { field: string; message: string };

/**
 * The one reading of a zod failure as "field: reason". The field is the path up to the first
 * list index (a repeated query parameter or a body list), and the item is named in the
 * message; an unknown key names the key; a rule about the whole input names `whole`.
 */
export function inputIssue(error: z.ZodError, whole: string): InputIssue {
  const issue = error.issues[0];
  if (!issue) return { field: whole, message: `${whole}: is invalid` };
  if (issue.code === 'unrecognized_keys') {
    const key = String(issue.keys[0]);
    return { field: key, message: `${key}: is not an accepted field` };
  }
  const index = issue.path.findIndex((part) => typeof part === 'number');
  const named = (index === -1 ? issue.path : issue.path.slice(0, index)).map(String).join('.');
  const field = named || whole;
  const item = index > 0 ? ` (value ${Number(issue.path[index]) + 1})` : '';
  return { field, message: `${field}${item}: ${issue.message}` };
}

/**
 * The one zod-to-400 adapter of the API: parses input with a schema and turns the first
 * issue into a 400 naming the field and the reason. `code` tells query, body and path
 * problems apart. Pages use `inputIssue` the same way (app/lib/catalogue.server.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, code = 'invalid_request'): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { field, message } = inputIssue(result.error, WHOLE_INPUT[code] ?? 'request');
  throw new ApiError(400, code, message, field);
}
