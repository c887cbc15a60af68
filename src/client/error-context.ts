/** Naming what was being done when an error escapes, without losing the error. (Internal.) */
import { ShieldError } from "./errors";

/**
 * Prefixes the message of a {@link ShieldError} with `context` and returns the
 * same object, so its class and fields are kept. Other errors are returned as they are.
 */
export function withContext(error: unknown, context: string): unknown {
  if (!(error instanceof ShieldError)) return error;
  const prefix = `${context}: `;
  if (error.message.startsWith(prefix)) return error;
  const original = error.message;
  // V8 renders `stack` on first read, from the message of that moment: read it
  // before the change, then put the new message in it too.
  const stack = error.stack;
  error.message = prefix + original;
  if (typeof stack === "string") error.stack = stack.replace(original, () => error.message);
  return error;
}
