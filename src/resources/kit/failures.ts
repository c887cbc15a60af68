/**
 * How the lifecycle turns failures into what the engine understands. Whether a failure says an
 * object is gone is the client's decision (`ShieldClient.absentFrom`, `client/absence.ts`).
 */
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";

/**
 * Sends one write (`send`) of an object of shield zone `zone`. When `restoring` (a delete putting
 * priors back), an object the service no longer has, or a zone gone with it, is skipped: nothing
 * to put back (`ShieldClient.absentFrom` decides). Any other failure is thrown.
 */
export async function writeUnlessGone(
  client: ShieldClient,
  zone: number,
  restoring: boolean | undefined,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(restoring && (await client.absentFrom(error, zone)))) throw error;
  }
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
