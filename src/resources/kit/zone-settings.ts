/**
 * What the adopted settings of a whole zone share: the key, the id, and "no such zone"; and,
 * for settings that are flat values, the rest of the spec derived from the declaration.
 */
import { enumName } from "../../client/enums";
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import type { KindDeclaration } from "./declaration";
import { enumNumber, zoneIdInput } from "./fields";
import { shapeOf } from "./shape";

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

/** A client area of a zone's settings: it reads them and changes some of them. */
export interface ZoneSettingsArea<Live> {
  get(shieldZoneId: number): Promise<Live>;
  update(shieldZoneId: number, change: Values): Promise<unknown>;
}

/**
 * The parts of an `AdoptedSpec` for a zone's settings that are flat values (a boolean, an
 * integer, an enum…), each written as its input is checked, from the declaration: `fields`
 * (inputs of `declaration`) are the managed fields; `settings` reports each live value (null
 * when the service leaves it out), an enum input's ({@link enumInput}'s) by name; `write` sends
 * the changed ones through `area(client)`'s `update`, an enum's by number.
 */
export function flatZoneSettingsSpec<Live extends object>(
  declaration: KindDeclaration,
  fields: readonly string[],
  area: (client: ShieldClient) => ZoneSettingsArea<Live>,
) {
  const enums = new Map<string, Record<string, number>>();
  for (const field of fields) {
    const input = declaration.inputs[field];
    if (!input) throw new Error(`${declaration.kind}: ${field} is not one of its inputs.`);
    const shape = shapeOf(input.schema);
    if (shape.kind === "enum" && Object.values(shape.values).every((v) => typeof v === "number")) {
      enums.set(field, shape.values as Record<string, number>);
    }
  }
  /** A live value in the inputs' vocabulary. */
  const named = (field: string, value: unknown): unknown => {
    if (value === undefined || value === null) return null;
    const enumeration = enums.get(field);
    return enumeration && typeof value === "number" ? enumName(enumeration, value) : value;
  };
  /** A changed value as the service takes it. */
  const sent = (field: string, value: unknown): unknown => {
    const enumeration = enums.get(field);
    return enumeration ? enumNumber(enumeration, value) : value;
  };
  return {
    ...zoneSettingsSpec(declaration),
    managedFields: fields,
    read: (client: ShieldClient, keys: Values): Promise<Live> =>
      area(client).get(Number(keys.shieldZoneId)),
    settings: (live: Live): Values =>
      Object.fromEntries(fields.map((f) => [f, named(f, (live as Values)[f])])),
    async write(client: ShieldClient, outputs: Values, change: Values): Promise<void> {
      const body = Object.fromEntries(
        fields.filter((f) => change[f] !== undefined).map((f) => [f, sent(f, change[f])]),
      );
      await area(client).update(Number(outputs.shieldZoneId), body);
    },
  } as const;
}
