import type { KeyValueStore } from '@/lib/storage.ts';

/** Uncaught UI errors are kept locally under this key (docs/quiz.md). */
export const LAST_ERROR_KEY = 'last_error';

export interface LastError {
  message: string;
  name: string;
  stack?: string;
  componentStack?: string;
  /** Origin and path only: query strings can hold link tokens. */
  url: string;
  at: string;
}

const MAX_TRACE = 4000;

export function describeError(error: unknown, context: { componentStack?: string | null; href: string; now: Date }): LastError {
  const isError = error instanceof Error;
  let url: string;
  try {
    const parsed = new URL(context.href);
    url = `${parsed.origin}${parsed.pathname}`;
  } catch {
    url = '';
  }
  const entry: LastError = {
    message: isError ? error.message : String(error),
    name: isError ? error.name : typeof error,
    url,
    at: context.now.toISOString(),
  };
  if (isError && error.stack) entry.stack = error.stack.slice(0, MAX_TRACE);
  if (context.componentStack) entry.componentStack = context.componentStack.slice(0, MAX_TRACE);
  return entry;
}

/** Saves the error; never throws (a full or blocked storage must not hide the first error). */
export function saveLastError(storage: KeyValueStore, entry: LastError): void {
  try {
    storage.setItem(LAST_ERROR_KEY, JSON.stringify(entry));
  } catch {
    // nothing more to do
  }
}
