/**
 * A path into a look-up's result, as a language spells it: each step is a property of an object
 * type, a key of a map or an index of a list, which the data function's result type in the
 * schema says (`byCategory` is a map, `TorExitNodes` its key, `configurationId` a property).
 */
import type { ProgramReference } from "./model";
import { functionResult, type SchemaType } from "./sdk-schema";

/** How a language writes each kind of step. */
export interface PathSpelling {
  readonly property: (name: string) => string;
  readonly key: (key: string) => string;
  readonly index: (index: number) => string;
}

/** The look-up `target` refers into, and the path, as `spelling` writes them. */
export function referencePath(
  target: Extract<ProgramReference["target"], { type: "lookup" }>,
  spelling: PathSpelling,
): string {
  let type: SchemaType = functionResult(target.function);
  let out = target.lookup;
  for (const step of target.path) {
    if (type.kind === "object") {
      out += spelling.property(step);
      type = type.properties()[step] ?? { kind: "any" };
    } else if (type.kind === "array") {
      out += spelling.index(Number(step));
      type = type.items;
    } else {
      out += spelling.key(step);
      type = type.kind === "map" ? type.values : { kind: "any" };
    }
  }
  return out;
}
