/**
 * "No such object" or "no such zone or route": what a not-found failure of a read, delete or
 * write of one object of a shield zone says about that object. The client's one decision of it,
 * which its sub-clients, the resources and `generate` all use. (Internal; `ShieldClient.absentFrom`
 * is its public face.)
 */
import { NotFoundError } from "./errors";

/**
 * True when the service itself says that what a request named does not exist: a
 * {@link NotFoundError} carrying its own `not_found…` errorKey (`not_found.custom_page`,
 * `not_found_or_unauthorised_access.shieldzone`, …), or its status envelope (`success: false`,
 * which it may send without a key). A 404 of another shape confirms nothing alone.
 */
export function serviceSaysAbsent(error: unknown): error is NotFoundError {
  if (!(error instanceof NotFoundError)) return false;
  if ((error.errorKey ?? "").startsWith("not_found")) return true;
  // A router, a proxy or ASP.NET's bare NotFound() never sends Shield's envelope.
  const body = error.body as Record<string, unknown> | null | undefined;
  return [body, body?.error, body?.errorResponse].some(
    (envelope) =>
      typeof envelope === "object" &&
      envelope !== null &&
      (envelope as { success?: unknown }).success === false,
  );
}

/**
 * True when `error`, the failure of a request naming one object of shield zone `shieldZoneId`,
 * says that the object is absent: the service said so ({@link serviceSaysAbsent}), or it answered
 * a 404 of another shape (ASP.NET's bare `NotFound()` ProblemDetails, a proxy's page)
 * and the zone itself, read with `readZone`, answers (so the API is the right one and only the
 * object is missing) or is said absent by the service in turn. When the zone's read fails
 * otherwise (a 404 too: a wrong API address, a proxy), nothing is confirmed: false, and the
 * caller keeps its NotFoundError.
 */
export async function absentFrom(
  error: unknown,
  shieldZoneId: number | undefined,
  readZone: (shieldZoneId: number) => Promise<unknown>,
): Promise<boolean> {
  if (serviceSaysAbsent(error)) return true;
  if (!(error instanceof NotFoundError) || !Number.isSafeInteger(shieldZoneId)) return false;
  return readZone(shieldZoneId as number).then(
    () => true,
    (zoneError: unknown) => serviceSaysAbsent(zoneError),
  );
}
