import type { AppLoadContext } from 'react-router';
import { badInputResponse } from '#server/input-guard';

/**
 * A request the server's edge check refused (server/input-guard.ts: a NUL, bytes that are not
 * UTF-8, an over-long value…) answers 400 naming the field, before anything is looked up.
 * The root loader calls this for every page; resource routes (no root loader) call it first.
 */
export function refuseMalformedInput(context: AppLoadContext): void {
  if (context.inputProblem) {
    throw badInputResponse(context.inputProblem.message);
  }
}
