/**
 * Drift mode: answers that differ from the published spec the way a live service's do.
 * Every object of every answer gets fields the spec does not have (nested ones too), and the
 * fields a route lists as unread by clients come with another JSON type than the spec's. A text
 * answer (a page of HTML) comes as a JSON string in `application/json` instead of text/plain.
 * Enum values outside the published lists come from the state itself: the emulator keeps and
 * serves whatever number a test (or the admin state route) puts there. Where the service has
 * values only the spec's prose names (bot category 255, System), the route shows them in
 * drift mode alone (`RouteContext.drift`), so that plain answers stay valid against the spec.
 */

/** The names of the fields drift adds to every object. */
export const DRIFT_FIELDS = ["addedBySinceSpec", "addedObjectSinceSpec"] as const;

/** The fields drift adds to every object: a scalar, and an object with deeper unknown keys. */
function addedFields(depth: number): Record<(typeof DRIFT_FIELDS)[number], unknown> {
  return {
    addedBySinceSpec: `drift-${depth}`,
    addedObjectSinceSpec: { level: depth, nested: { items: [{ key: "value", flag: true }] } },
  };
}

/** Where a route's answer drifts; see `RouteDefinition`. */
export interface DriftPaths {
  /** Fields sent with another JSON type. */
  readonly unreadFields?: readonly string[];
  /** Objects whose keys are data (maps): no field is added to them. */
  readonly maps?: readonly string[];
}

/** `body` with fields added at every object level and the unread fields retyped. */
export function driftBody(body: unknown, { unreadFields = [], maps = [] }: DriftPaths): unknown {
  const drifted = addFields(body, "", new Set(maps));
  for (const path of unreadFields) retype(drifted, path.split("."));
  return drifted;
}

function addFields(value: unknown, path: string, maps: ReadonlySet<string>): unknown {
  const at = (key: string) => (path === "" ? key : `${path}.${key}`);
  if (Array.isArray(value)) return value.map((item) => addFields(item, at("*"), maps));
  if (typeof value !== "object" || value === null) return value;
  // fromEntries keeps every key as data: a map's key is the user's, "__proto__" included.
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(value).map(([key, member]) => [key, addFields(member, at(key), maps)]),
  );
  return maps.has(path) ? out : Object.assign(out, addedFields(path.split(".").length));
}

/** Replaces the value at `path` (in place) with one of another JSON type. */
function retype(node: unknown, path: readonly string[]): void {
  if (typeof node !== "object" || node === null) return;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "*") {
    if (Array.isArray(node)) for (const item of node) retype(item, rest);
    return;
  }
  const record = node as Record<string, unknown>;
  if (!(head in record)) return;
  if (rest.length > 0) retype(record[head], rest);
  else record[head] = otherType(record[head]);
}

/** A value of another JSON type: numbers for strings, null for arrays, and so on. */
function otherType(value: unknown): unknown {
  if (typeof value === "string") return value.length;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value)) return null;
  if (value === null) return [];
  return JSON.stringify(value);
}
