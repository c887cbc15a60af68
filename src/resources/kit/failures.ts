/** How the lifecycle turns failures into what the engine understands. */
import { NotFoundError, ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";

/**
 * True only when the service itself said the object does not exist (an errorKey starting
 * with `not_found`). A bare HTTP 404 (an API URL pointing at the wrong place, a proxy)
 * confirms nothing: treating it as gone would drop every resource from state on refresh.
 */
export function confirmedGone(error: unknown): boolean {
  return error instanceof NotFoundError && (error.errorKey ?? "").startsWith("not_found");
}

/**
 * Sends one write of a part of an object (a bot's action, an endpoint's settings). When
 * `restoring`, a part the service confirms gone is skipped, as there is nothing to put back
 * (the kit does not ask for what the object no longer shows); any other failure is thrown.
 */
export async function writePart(
  restoring: boolean | undefined,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(restoring && confirmedGone(error))) throw error;
  }
}

/**
 * True when `error` says that an object of shield zone `zone` is missing, and not the address:
 * the service said so ({@link confirmedGone}), or it answered a 404 of another shape (ASP.NET's
 * `NotFound()` is a bare ProblemDetails) and the zone itself answers, so the API is the right one
 * and only the object is missing. A 404 of the zone too (a wrong API address) confirms nothing.
 */
export async function goneFrom(
  error: unknown,
  client: ShieldClient,
  zone: number | undefined,
): Promise<boolean> {
  if (confirmedGone(error)) return true;
  if (!(error instanceof NotFoundError) || zone === undefined || !Number.isSafeInteger(zone)) {
    return false;
  }
  return client.shieldZones.get(zone).then(
    () => true,
    () => false,
  );
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
