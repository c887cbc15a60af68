/**
 * A POST is never retried blindly: when its answer is lost (a reset, a timeout, a 5xx after
 * the request went out), the object is looked up by its natural key instead.
 */
import { ConnectionError, ServerError, ShieldError, TimeoutError } from "../../client/errors";

/** True when a failed request may still have been applied by the service. */
function answerMayBeLost(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ServerError
  );
}

/**
 * Runs `create`; if its answer may have been lost, returns what `find` finds instead, or
 * fails saying that nothing was created. Call it under the zone's lock, so that `find`
 * cannot see an object another resource of this process is creating.
 */
export async function createOnce<T>(
  what: string,
  create: () => Promise<T>,
  find: () => Promise<T | undefined>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!answerMayBeLost(error)) throw error;
    const found = await find();
    if (found !== undefined) return found;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ShieldError(
      `${what}: the request failed (${reason}) and no such object exists on the service, so nothing was created. Run the update again.`,
      { cause: error },
    );
  }
}
