/**
 * Values as the engine passes them: the unknown sentinel of previews, canonical JSON
 * for comparing, and Struct-safe outputs.
 */

/**
 * How the engine passes an unknown value (during preview): `runtime.unknownValue` of
 * @pulumi/pulumi, written out because loading the Pulumi runtime for one constant
 * doubles the provider's cold start. A test keeps the two equal.
 */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * The input a program adds in a preview (never in `pulumi up`): `check` may then read the live
 * object of a first adoption, to show what it will change. `check` drops it.
 */
export const PREVIEW_KEY = "__preview";

/**
 * The key of what a program registers in place of an input whose value failed (a data
 * function's Output that rejected), when an Automation API inline program runs without
 * `inlineProgram`: `{ [FAILED_INPUT_KEY]: "<the error's message>" }`. `check` refuses it, so
 * the engine stops the run there, deleting nothing. Never an input's real value.
 */
export const FAILED_INPUT_KEY = "__failedInput";

/** The message of the first failed input (see {@link FAILED_INPUT_KEY}) in `value`, at any depth. */
export function failedInputIn(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = failedInputIn(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  if (typeof value[FAILED_INPUT_KEY] === "string") return value[FAILED_INPUT_KEY];
  for (const item of Object.values(value)) {
    const found = failedInputIn(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True when `value` is, or holds at any depth, the engine's unknown value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN_VALUE) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (isPlainObject(value)) return Object.values(value).some(containsUnknown);
  return false;
}

/**
 * A JSON text that is equal for equal values: object keys sorted, `undefined` members
 * dropped. With `asSet`, arrays are sorted and deduplicated first (order carries no meaning).
 */
export function canonicalJson(value: unknown, asSet = false): string {
  return JSON.stringify(canonical(value, asSet));
}

function canonical(value: unknown, asSet: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, asSet));
    if (!asSet) return items;
    const texts = [...new Set(items.map((item) => JSON.stringify(item)))].sort();
    return texts.map((text) => JSON.parse(text) as unknown);
  }
  if (isPlainObject(value)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (value[key] !== undefined) sorted[key] = canonical(value[key], asSet);
    }
    return sorted;
  }
  return value;
}

/**
 * True when `current` already is what `wanted` asks for. Objects are compared on the members
 * `wanted` gives (an omitted member is left as the service has it, at any depth); anything
 * else by value, arrays as sets with `asSet`.
 */
export function covers(current: unknown, wanted: unknown, asSet = false): boolean {
  if (isPlainObject(wanted) && isPlainObject(current)) {
    return Object.entries(wanted).every(
      ([key, member]) => member === undefined || covers(own(current, key), member, asSet),
    );
  }
  return canonicalJson(current, asSet) === canonicalJson(wanted, asSet);
}

/**
 * A set-valued `value` in the order of `reference`: in arrays, the members `reference` has, in
 * its order, then the others in their own order, repeats dropped (members compare as in
 * {@link canonicalJson}); objects member by member. The engine shows arrays position by
 * position, so keeping a set's order is what lets one added member read as one added line.
 */
export function orderLike(value: unknown, reference: unknown): unknown {
  if (isPlainObject(value)) {
    const at = (key: string) => (isPlainObject(reference) ? own(reference, key) : undefined);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, orderLike(v, at(k))]));
  }
  if (!Array.isArray(value)) return value;
  const members = new Map<string, unknown>();
  for (const member of value) {
    const key = canonicalJson(member, true);
    if (!members.has(key)) members.set(key, member);
  }
  const ordered: unknown[] = [];
  for (const member of Array.isArray(reference) ? reference : []) {
    const key = canonicalJson(member, true);
    if (members.has(key)) {
      ordered.push(members.get(key));
      members.delete(key);
    }
  }
  return [...ordered, ...members.values()];
}

/** `current` with what `wanted` gives written over it, objects merged member by member. */
export function mergeDeep(current: unknown, wanted: unknown): unknown {
  if (!isPlainObject(wanted) || !isPlainObject(current)) return wanted;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, member] of Object.entries(wanted)) {
    if (member !== undefined) merged[key] = mergeDeep(own(current, key), member);
  }
  return merged;
}

/** The part of `value` that `shape` names: objects keep only the members `shape` gives. */
export function project(value: unknown, shape: unknown): unknown {
  if (!isPlainObject(shape) || !isPlainObject(value)) return value;
  const projected: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(shape)) {
    const found = own(value, key);
    if (member !== undefined && found !== undefined) projected[key] = project(found, member);
  }
  return projected;
}

/**
 * Outputs the engine accepts (`Struct.fromJavaScript`): `undefined` members are dropped,
 * Dates become ISO text, and anything else that is not JSON fails here, loudly, instead of
 * as "Unexpected struct type" in the engine.
 */
export function structSafe<T extends Record<string, unknown>>(outputs: T): T {
  return toStruct(outputs, "outputs") as T;
}

function toStruct(value: unknown, path: string): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item, i) => toStruct(item ?? null, `${path}[${i}]`));
  if (isPlainObject(value)) {
    // fromEntries defines each member as data, whatever its key (even "__proto__").
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([key, member]) => [key, toStruct(member, `${path}.${key}`)]),
    );
  }
  throw new TypeError(`${path} is not JSON (${typeof value})`);
}

/**
 * The member `key` of `object` if it is the object's own, else undefined. Keys that users give
 * (a bot named `constructor` or `toString`) index the objects of inputs, outputs and answers:
 * a plain `object[key]` would find what every object inherits instead of nothing.
 */
export function own(object: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * Where `value` holds an own `"__proto__"` key (JSON can give one), as a path from `path`
 * like `endpoints["GET /x"]["__proto__"]`; undefined when it holds none. Only arrays and plain
 * objects are searched (not Outputs). zod's records, spreads and assignments would drop or
 * misread such a key, and so does the engine's wire format, so it is refused before them all.
 */
export function prototypeKeyIn(value: unknown, path = ""): string | undefined {
  const pending: Array<[unknown, string]> = [[value, path]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, at] = next;
    if (Array.isArray(node)) {
      node.forEach((item, i) => pending.push([item, `${at}[${i}]`]));
    } else if (isPlainObject(node)) {
      if (Object.hasOwn(node, "__proto__")) return `${at}["__proto__"]`;
      for (const [key, member] of Object.entries(node)) {
        pending.push([member, `${at}[${JSON.stringify(key)}]`]);
      }
    }
  }
  return undefined;
}

/** Why a `"__proto__"` key at `at` (a {@link prototypeKeyIn} path) is refused. */
export const prototypeKeyReason = (at: string): string =>
  `${at}: the key "__proto__" is refused; no bot, category, endpoint or other setting is named so, and a JavaScript object would drop it without a word.`;

/** A plain object (not an array, null, Date or class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** True when `wanted` declares a field, or an object member, that `known` has no value for. */
export function declaresBeyond(wanted: unknown, known: unknown): boolean {
  if (wanted === undefined) return false;
  if (known === undefined) return true;
  if (!isPlainObject(wanted) || !isPlainObject(known)) return false;
  return Object.entries(wanted).some(([key, member]) => declaresBeyond(member, own(known, key)));
}
