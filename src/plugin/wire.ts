/**
 * Property values as the engine sends them to a provider that accepts secrets and resources,
 * and back: a secret is an object marked by a signature key, a resource reference another. The
 * kit works on plain values, so the plugin unwraps them on the way in, remembering which
 * top-level properties held a secret, and marks the same properties secret on the way out.
 */
import { isPlainObject, structSafe, UNKNOWN_VALUE } from "../resources/kit/values";

/** A bag of properties, as a `google.protobuf.Struct` carries it. */
export type Bag = Record<string, unknown>;

/** The key whose value says what a special object is (`runtime/rpc.ts`: `specialSigKey`). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret (`specialSecretSig`): its value is under `value`. */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The signature of a resource reference (`specialResourceSig`): `urn` and, if custom, `id`. */
const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
/** The signature of an output value (`specialOutputValueSig`); sent only to providers that accept outputs. */
const OUTPUT_SIG = "d0e6a833031e9bbcd3f4e8bde6ca49a4";

/** A bag with its secrets and references unwrapped, and the properties that held a secret. */
export interface Unwrapped {
  readonly values: Bag;
  readonly secrets: ReadonlySet<string>;
}

/**
 * Plain values from the engine's: a secret becomes its value, a resource reference its id
 * (a component's, its URN), an unknown output value the engine's unknown. `secrets` names each
 * top-level property that held a secret anywhere inside.
 */
export function unwrap(bag: Bag | undefined): Unwrapped {
  const secrets = new Set<string>();
  const values: Bag = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    let secret = false;
    values[key] = plain(value, () => (secret = true));
    if (secret) secrets.add(key);
  }
  return { values, secrets };
}

function plain(value: unknown, sawSecret: () => void): unknown {
  if (Array.isArray(value)) return value.map((item) => plain(item, sawSecret));
  if (!isPlainObject(value)) return value;
  switch (value[SIG_KEY]) {
    case SECRET_SIG:
      sawSecret();
      return plain(value.value, sawSecret);
    case RESOURCE_SIG:
      return typeof value.id === "string" && value.id !== "" ? value.id : value.urn;
    case OUTPUT_SIG:
      if (value.secret === true) sawSecret();
      return "value" in value ? plain(value.value, sawSecret) : UNKNOWN_VALUE;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [key, plain(member, sawSecret)]),
  );
}

/** A value marked secret, as the engine reads it. */
export function secret(value: unknown): Bag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * A bag the engine accepts (see `structSafe`), with each property named in `secrets` marked
 * secret: an input marked secret stays secret in the outputs and the checked inputs.
 */
export function wrap(values: Bag, secrets: Iterable<string> = []): Bag {
  const bag: Bag = structSafe(values);
  for (const key of new Set(secrets)) {
    if (bag[key] !== undefined) bag[key] = secret(bag[key]);
  }
  return bag;
}
