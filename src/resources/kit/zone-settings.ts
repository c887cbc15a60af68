/** What the adopted settings of a whole zone share: the key, the id, and "no such zone". */
import { ShieldError } from "../../client/errors";
import type { KindDeclaration } from "./declaration";
import { zoneIdInput } from "./fields";

type Values = Record<string, unknown>;

/** The one key of a zone's settings. */
export const zoneKey = { shieldZoneId: zoneIdInput } as const;

/** Parts of an `AdoptedSpec` for settings that exist once per zone, named by the zone's id. */
export function zoneSettingsSpec(declaration: KindDeclaration) {
  const { kind } = declaration;
  return {
    id: (keys: Values) => String(keys.shieldZoneId),
    keysOf(id: string, outputs: Values): Values {
      if (outputs.shieldZoneId !== undefined) return { shieldZoneId: outputs.shieldZoneId };
      if (!/^\d+$/.test(id)) {
        throw new ShieldError(`${kind}: the id ${JSON.stringify(id)} is not a shield zone id.`);
      }
      return { shieldZoneId: Number(id) };
    },
    async absent(_client: unknown, keys: Values): Promise<never> {
      throw new ShieldError(
        `${kind} ${keys.shieldZoneId}: shield zone ${keys.shieldZoneId} does not exist, or this API key cannot see it. Create it with a ShieldZone resource, or check the id.`,
      );
    },
  } as const;
}
