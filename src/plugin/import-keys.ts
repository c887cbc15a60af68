/**
 * What an import needs beyond the parts of the id, for the kinds whose read is keyed by
 * something else: a `ShieldZone` is read by its pull zone, while its id is the shield zone's.
 * The kit's `keysOf` takes them from the stored outputs, which an import does not have.
 * (This belongs in the kit, as a hook of the kind's spec; it lives here until the kit has one.)
 */
import type { ShieldSettings } from "../config";
import { clientFor } from "../resources/kit/clients";
import type { Kind } from "../resources/kit/registry";
import type { Bag } from "./wire";

type Resolver = (settings: ShieldSettings, outputs: Bag) => Promise<Bag>;

const RESOLVERS: Partial<Record<Kind, Resolver>> = {
  async ShieldZone(settings, outputs) {
    const zone = await clientFor(settings, "ShieldZone").shieldZones.get(
      Number(outputs.shieldZoneId),
    );
    return { pullZoneId: zone.pullZoneId };
  },
};

/** The outputs an import of `kind` starts from: the id's parts, and what its read is keyed by. */
export async function importKeys(kind: Kind, settings: ShieldSettings, fromId: Bag): Promise<Bag> {
  const resolve = RESOLVERS[kind];
  return resolve ? { ...fromId, ...(await resolve(settings, fromId)) } : fromId;
}
