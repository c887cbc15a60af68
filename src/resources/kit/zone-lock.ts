/**
 * Serializes writes to one shield zone within this process. The service has shown
 * random failures when one zone is changed by several requests at once (the
 * official Terraform provider fixed them with a lock per zone); zones stay parallel.
 */
const tails = new Map<number, Promise<unknown>>();

/** Runs `work` after every earlier call for the same zone has settled. */
export async function withZoneLock<T>(zoneId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(zoneId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(zoneId, tail);
  try {
    return await run;
  } finally {
    // Forget settled zones so that the map does not grow with every zone ever touched.
    if (tails.get(zoneId) === tail) tails.delete(zoneId);
  }
}
