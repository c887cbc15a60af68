/**
 * The lifecycle of *owned objects*: things Pulumi creates and deletes (custom access lists,
 * WAF rules, rate limits, a zone's pages). A create's POST is never retried blindly: a lost
 * answer is resolved by looking the object up by its natural key in the zone (its name, or
 * e.g. a page's type), under the zone's lock. An object with that key that exists already is
 * taken over only with `adoptExisting: true`. After every write the object is read back, as
 * Terraform does, and what it holds is compared with what was asked: a field the service did
 * not take fails the step, and the state records what the service kept. A delete is read back
 * too: an object still there fails it, and the resource stays in state.
 */
import { withContext } from "../../client/error-context";
import { PlanRestrictionError, ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { adoptsAnew, withAdoptionChanges, type AdoptionView } from "./adoption-preview";
import { checkInputs, PROVIDER_KEY, type InputSchema } from "./check";
import { inputsOf, replaceKeysOf, type KindDeclaration } from "./declaration";
import { diffInputs } from "./diff";
import { initFailure } from "./failures";
import { clientFor } from "./clients";
import type { Lifecycle } from "./lifecycle";
import { createOnce } from "./lost-answer";
import { assertApplied, UnappliedWriteError } from "./unapplied";
import { covers, orderLike, structSafe } from "./values";
import { withZoneLock } from "./zone-lock";

type Values = Record<string, unknown>;

/** Everything that makes one kind of owned object what it is. */
export interface OwnedSpec<Live> {
  /**
   * The kind's declaration: its name, the inputs whose change replaces the object, and so the
   * others, which an update writes (all but `adoptExisting`).
   */
  readonly declaration: KindDeclaration;
  /** The inputs; `shieldZoneId`, the natural key and `adoptExisting` among them. */
  readonly inputs: InputSchema;
  /**
   * The input that names an object within its zone (default `name`): `find` looks it up by its
   * value, after a lost create answer and before taking over an existing object.
   */
  readonly naturalKey?: string;
  /** The object of the zone with this natural key, if any. */
  find(client: ShieldClient, shieldZoneId: number, key: string): Promise<Live | undefined>;
  /**
   * Creates the object (a POST is retried only after a 429; an absolute PUT may be); returns
   * it as the answer gives it, for its id: the kit then reads it back.
   */
  create(client: ShieldClient, inputs: Values): Promise<Live>;
  /** Reads the object; undefined (or a confirmed not-found) when it does not exist. */
  read(client: ShieldClient, id: string, outputs: Values): Promise<Live | undefined>;
  /**
   * Writes the inputs named in `changed`. The kit reads the object back afterwards: a write's
   * answer can echo the request, or leave out what the service did not take.
   */
  update(
    client: ShieldClient,
    id: string,
    live: Values,
    inputs: Values,
    changed: string[],
  ): Promise<void>;
  /** Deletes the object. */
  delete(client: ShieldClient, id: string, outputs: Values): Promise<void>;
  /** The resource id of an object. */
  id(live: Live): string;
  /** The outputs of an object: its inputs as the service has them, and read-only attributes. */
  outputs(live: Live): Values;
  /** Says which plan limit (or plan) a refused create ran into, with the numbers when they can be read. */
  limitMessage?(client: ShieldClient, inputs: Values): Promise<string>;
}

/** The lifecycle of a kind of owned object. */
export function ownedLifecycle<Live>(spec: OwnedSpec<Live>): Lifecycle {
  const { kind } = spec.declaration;
  const replaceKeys = replaceKeysOf(spec.declaration);
  const updateKeys = Object.keys(inputsOf(spec.declaration)).filter(
    (name) => !replaceKeys.includes(name) && name !== "adoptExisting",
  );
  const naturalKey = spec.naturalKey ?? "name";
  const diffKeys = {
    replaceKeys,
    updateKeys,
    setKeys: spec.inputs.sets,
  };
  /** The inputs a create writes, and so must find on the object afterwards. */
  const writtenKeys = [...replaceKeys, ...updateKeys];
  const zoneOf = (values: Values): number => Number(values.shieldZoneId);
  /**
   * The outputs: the object as the service has it, its sets in the order `declared` (the
   * inputs, or the outputs in state) gives them, plus what only Pulumi knows.
   */
  const outputsOf = (live: Live, declared: Values) => {
    const outputs = spec.outputs(live);
    for (const key of spec.inputs.sets ?? []) outputs[key] = orderLike(outputs[key], declared[key]);
    return structSafe({ ...outputs, adoptExisting: declared.adoptExisting ?? false });
  };

  async function readLive(client: ShieldClient, id: string, outputs: Values) {
    try {
      return await spec.read(client, id, outputs);
    } catch (error) {
      if (await client.absentFrom(error, zoneOf(outputs))) return undefined;
      throw error;
    }
  }

  /** The zone's object with this natural key; none when the service says it is missing. */
  async function findIn(client: ShieldClient, zone: number, key: string) {
    try {
      return await spec.find(client, zone, key);
    } catch (error) {
      if (await client.absentFrom(error, zone)) return undefined;
      throw error;
    }
  }

  /** The object read back after a write, as outputs; `declared` orders its sets. */
  async function readBack(client: ShieldClient, id: string, known: Values, declared: Values) {
    const live = await readLive(client, id, known);
    if (live === undefined)
      throw new ShieldError(`${kind} ${id} disappeared while it was being written.`);
    return outputsOf(live, declared);
  }

  /**
   * Writes what `inputs` declare and `current` lacks, then reads the object back; returns the
   * new outputs, or throws an {@link UnappliedWriteError} naming what the service did not take.
   */
  async function converge(client: ShieldClient, id: string, current: Values, inputs: Values) {
    const changed = updateKeys.filter(
      (key) =>
        inputs[key] !== undefined &&
        !covers(current[key], inputs[key], spec.inputs.sets?.includes(key)),
    );
    if (changed.length === 0)
      return structSafe({ ...current, adoptExisting: inputs.adoptExisting ?? false });
    await spec.update(client, id, current, inputs, changed);
    const outputs = await readBack(client, id, current, inputs);
    assertApplied(inputs, outputs, changed, spec.inputs.sets, outputs);
    return outputs;
  }

  /** Replace keys other than the zone and the natural key: an adopted object must have them. */
  const fixedKeys = replaceKeys.filter((key) => key !== "shieldZoneId" && key !== naturalKey);
  /** What a preview's `check` compares when `adoptExisting` takes an object over. */
  const previewView: AdoptionView<Live> = {
    keyFields: ["shieldZoneId", naturalKey],
    managedFields: updateKeys,
    fixedFields: fixedKeys,
    sets: spec.inputs.sets,
    read: (client, keys) => findIn(client, zoneOf(keys), String(keys[naturalKey])),
    settings: (live, declared) => outputsOf(live, declared),
    id: (_keys, live) => spec.id(live),
    absent: (keys) =>
      `nothing to adopt: shield zone ${zoneOf(keys)} has no ${kind} of this ${naturalKey}; pulumi up creates it`,
  };

  return {
    async check(settings, olds, news) {
      return withAdoptionChanges(
        checkInputs(kind, spec.inputs, news, olds),
        news,
        (inputs) => inputs.adoptExisting === true && adoptsAnew(replaceKeys, olds, inputs),
        previewView,
        () => clientFor(settings, kind, true),
      );
    },

    async diff(_settings, _id, olds, news) {
      return diffInputs(diffKeys, olds, news);
    },

    async create(settings, inputs) {
      const client = clientFor(settings, kind);
      const zone = zoneOf(inputs);
      const key = String(inputs[naturalKey]);
      const what = `${kind} "${key}" in shield zone ${zone}`;
      /** A failed step's error, naming the step, or the plan limit that refused it. */
      const explained = async (error: unknown, step: string) =>
        withContext(
          error,
          `${what}: ${
            error instanceof PlanRestrictionError && spec.limitMessage
              ? await spec.limitMessage(client, inputs).catch(() => "a plan limit was reached")
              : step
          }`,
        );
      return withZoneLock(zone, async () => {
        let live: Live | undefined;
        try {
          live = await findIn(client, zone, key);
        } catch (error) {
          throw await explained(error, "looking for an existing one failed");
        }
        if (live !== undefined && inputs.adoptExisting !== true) {
          throw new ShieldError(
            `${what} already exists (id ${spec.id(live)}). To manage it with Pulumi (its values are then replaced by the declared ones, and it is deleted on destroy), set \`adoptExisting: true\` on the resource; otherwise pick another ${naturalKey}, or delete the existing one first.`,
          );
        }
        const found = live !== undefined;
        if (live !== undefined) {
          // What no write can change must already be as declared: refused before any write.
          const held: Values = outputsOf(live, inputs);
          const fixed = fixedKeys.filter(
            (key) => inputs[key] !== undefined && !covers(held[key], inputs[key]),
          );
          if (fixed.length > 0) {
            const named = fixed
              .map(
                (key) =>
                  `${key} is ${JSON.stringify(held[key])}, not ${JSON.stringify(inputs[key])}`,
              )
              .join("; ");
            throw new ShieldError(
              `${what} cannot be adopted as declared (id ${spec.id(live)}): its ${named}, and the API cannot change ${fixed.length > 1 ? "these" : "this"} in place. Declare the live ${fixed.length > 1 ? "values" : "value"}, or delete the existing one first so that pulumi up creates it. Nothing was written.`,
            );
          }
        }
        if (live === undefined) {
          try {
            live = await createOnce(
              what,
              () => spec.create(client, inputs),
              () => findIn(client, zone, key),
            );
          } catch (error) {
            throw await explained(error, "create failed");
          }
        }
        const id = spec.id(live);
        let created = outputsOf(live, inputs);
        try {
          // What the service made of the create, not what its answer says (an object found by
          // its key was just read).
          if (!found) created = await readBack(client, id, created, inputs);
          const outs = await converge(client, id, created, inputs);
          assertApplied(inputs, outs, writtenKeys, spec.inputs.sets, outs);
          return { id, outs };
        } catch (error) {
          // The object exists: keep it in state, so the next run updates instead of creating,
          // with the values the service holds (not those asked) when it did not take some.
          const held = error instanceof UnappliedWriteError ? error.outputs : created;
          throw initFailure(error, `${what}: created, but setting the declared values failed`, id, {
            ...held,
            [PROVIDER_KEY]: inputs[PROVIDER_KEY],
          });
        }
      });
    },

    async read(settings, id, props) {
      let live: Live | undefined;
      try {
        live = await readLive(clientFor(settings, kind), id, props);
      } catch (error) {
        throw withContext(
          error,
          `${kind} ${id}: refresh failed, so the resource stays in state as it was`,
        );
      }
      return live === undefined ? {} : { id, props: outputsOf(live, props) };
    },

    async update(settings, id, olds, news) {
      const client = clientFor(settings, kind);
      try {
        return { outs: await withZoneLock(zoneOf(olds), () => converge(client, id, olds, news)) };
      } catch (error) {
        const summary = `${kind} ${id}: update failed; state keeps the last confirmed values`;
        // Part of the write may have been taken: the state records what the service holds.
        if (error instanceof UnappliedWriteError) {
          throw initFailure(error, summary, id, {
            ...error.outputs,
            [PROVIDER_KEY]: news[PROVIDER_KEY],
          });
        }
        throw withContext(error, summary);
      }
    },

    async delete(settings, id, props) {
      const client = clientFor(settings, kind);
      const failed = (error: unknown) =>
        withContext(error, `${kind} ${id}: delete failed; the resource stays in state`);
      await withZoneLock(zoneOf(props), async () => {
        try {
          await spec.delete(client, id, props);
        } catch (error) {
          if (await client.absentFrom(error, zoneOf(props))) return;
          throw failed(error);
        }
        // Read back, as every write is: a delete the service answers as done may not be.
        const left = await readLive(client, id, props).catch((error: unknown) => {
          throw failed(error);
        });
        if (left !== undefined) {
          throw failed(
            new ShieldError(
              `the service answered the delete as done but did not apply it: the ${kind} is still there. The next run deletes it again; if it persists, delete it in the bunny.net dashboard.`,
            ),
          );
        }
      });
    },
  };
}
