import { afterEach, vi } from 'vitest';

// CONVENTIONS: a test fails on an unexpected console.error.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length > 0) {
    const messages = errors.map((args) => args.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`Unexpected console.error:\n${messages}`);
  }
});
