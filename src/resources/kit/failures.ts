/** How the lifecycle turns failures into what the engine understands. */
import { NotFoundError, ShieldError } from "../../client/errors";

/**
 * True only when the service itself said the object does not exist (an errorKey starting
 * with `not_found`). A bare HTTP 404 (an API URL pointing at the wrong place, a proxy)
 * confirms nothing: treating it as gone would drop every resource from state on refresh.
 */
export function confirmedGone(error: unknown): boolean {
  return error instanceof NotFoundError && (error.errorKey ?? "").startsWith("not_found");
}

/**
 * An error the engine records as "created, but failed to initialise": it keeps `id` and
 * `properties` (which must carry `__provider`) in state, so the next run updates instead of
 * creating again.
 */
export function initFailure(
  error: unknown,
  summary: string,
  id: string,
  properties: Record<string, unknown>,
): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return Object.assign(new ShieldError(`${summary}: ${reason}`, { cause: error }), {
    id,
    properties,
    reasons: [reason],
  });
}
