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

const WHOLE_INPUT: Record<string, string> = { invalid_query: 'query', invalid_path: 'path', invalid_request: 'body' };

/**
 * Parses input with a zod schema; the first issue becomes a 400 naming the field and reason.
 * `code` lets callers distinguish query, body and path problems.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, code = 'invalid_request'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A rule about the whole input (no path) names the input itself, so every 400 names a field.
  const field = issue?.path.map(String).join('.') || WHOLE_INPUT[code] || 'request';
  const reason = issue?.message ?? 'is invalid';
  throw new ApiError(400, code, `${field}: ${reason}`, field);
}
