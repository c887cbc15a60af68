/**
 * The lifecycle of *adopted settings*: objects that exist on the service before Pulumi
 * (a zone's settings, an access list's configuration). Create reads the live object, keeps
 * the prior values of the fields the resource manages and writes the declared ones; delete
 * puts back those priors (`onDelete: "restore"`), leaves things as they are (`"keep"`), or
 * does what a kind-specific mode says.
 */
import { withContext } from "../../client/error-context";
import { ShieldError } from "../../client/errors";
import type { ShieldClient } from "../../client/shield-client";
import { adoptsAnew, withAdoptionChanges, type AdoptionView } from "./adoption-preview";
import { checkInputs, PROVIDER_KEY, type InputSchema } from "./check";
import { replaceKeysOf, type KindDeclaration } from "./declaration";
import { diffInputs } from "./diff";
import { documentDigest, documentsOf, type DocumentSpec } from "./documents";
import { initFailure } from "./failures";
import { clientFor } from "./clients";
import type { Lifecycle } from "./lifecycle";
import { priorsDeclared, storedPriors } from "./priors";
import { covers, declaresBeyond, mergeDeep, orderLike, project, structSafe } from "./values";
import { assertApplied, UnappliedWriteError } from "./unapplied";
import { withZoneLock } from "./zone-lock";

type Values = Record<string, unknown>;

/**
 * What an adopted kind's `write` returns when a restore writes nothing because the service
 * refuses every change of the object (a zone downgraded since): there is nothing to put back,
 * so nothing to verify.
 */
export const NOTHING_TO_RESTORE: unique symbol = Symbol("nothing to restore");

/** Everything that makes one kind of adopted settings what it is. */
export interface AdoptedSpec<Live> extends AdoptedHooks<Live> {
  /** The kind's declaration: its name, and the inputs that name the object (they replace it). */
  readonly declaration: KindDeclaration;
  readonly inputs: InputSchema;
  /** Inputs written to the service; each is left as the service has it when omitted. */
  readonly managedFields: readonly string[];
  /** The resource id of an object. */
  id(keys: Values, live: Live): string;
  /** The key fields of a resource, from its outputs (or, for hand-made state, its id). */
  keysOf(id: string, outputs: Values): Values;
  /** Reads the live object; undefined when the service says it does not exist. */
  read(client: ShieldClient, keys: Values): Promise<Live | undefined>;
  /**
   * What to do when create finds no object: create one (and return it), or throw why not.
   * `inputs` are the checked inputs, for what only a creation takes.
   */
  absent(client: ShieldClient, keys: Values, inputs: Values): Promise<Live>;
  /**
   * The live values of every managed field, in the inputs' vocabulary (enum names). `declared`
   * is what the resource declares (see {@link AdoptedHooks.outputs}): a kind whose maps are keyed
   * by names only the inputs know (a bot's name or id) shows the members declared there.
   */
  settings(live: Live, declared: Values): Values;
  /**
   * Writes `change` (managed fields only) to the object that `outputs` (the resource's
   * outputs, keys included) describe; returns what the service reports of them, if anything
   * (the kit reads the object for the fields it does not report, and compares). `restoring` is
   * true when delete puts priors back: a part of the object gone since may then be skipped
   * instead of being an error, and {@link NOTHING_TO_RESTORE} says that nothing was written
   * because the service refuses every change of the object (the zone's plan lacks it).
   */
  write(
    client: ShieldClient,
    outputs: Values,
    change: Values,
    restoring?: boolean,
  ): Promise<Values | void | typeof NOTHING_TO_RESTORE>;
}

/**
 * What one adopted kind may need and the others do not, each implemented in the kind's folder:
 * the lifecycle calls a hook only when the kind has it.
 */
export interface AdoptedHooks<Live> {
  /** `onDelete` modes beside `restore` and `keep`: the change each one writes. */
  readonly deleteModes?: Readonly<Record<string, (outputs: Values) => Values>>;
  /**
   * Checks what `inputs` name or describe against the live object, after the read and before
   * anything is written or recorded (say, bots the zone must offer); throws why not. An input
   * that is neither a key, a managed field, `onDelete` nor a document describes the object and
   * is never written; a change of it is an update that only reads and validates. `previous`
   * holds the stored outputs, on update.
   */
  validate?(live: Live, inputs: Values, previous?: Values): void;
  /**
   * Priors of members declared from now on, as `captured` from the live object. A kind whose
   * members go by several names (a bot by its name or its id) gives such a member the prior
   * already kept under another of its names: that one is older than anything Pulumi wrote.
   */
  carryPriors?(captured: Values, priors: Values, live: Live, declared: Values): Values;
  /**
   * Write-only inputs, by name: documents the service takes but never shows back. Each is
   * compared through a SHA-256 digest kept in the outputs (a large text is not stored twice in
   * state) and uploaded before the managed fields are written, since it can change what they
   * refer to. Delete cannot put a document back: the service never showed the earlier one.
   */
  readonly documents?: Readonly<Record<string, DocumentSpec<Live>>>;
  /**
   * Outputs beside the settings, e.g. read-only attributes. `declared` is the stored state (none
   * on create) with the inputs' managed fields merged over it: a member of a map, once declared,
   * stays declared (its prior is kept, and restored on delete).
   */
  outputs?(live: Live, keys: Values, declared: Values): Values;
  /** Priors of state written before priors were kept as one object. */
  legacyPriors?(outputs: Values): Values;
}

const DEFAULT_ON_DELETE = "restore";

/** Every adopted kind's outputs carry the zone whose writes must not overlap. */
const zoneOf = (outputs: Values): number => Number(outputs.shieldZoneId);

/** The lifecycle of a kind of adopted settings. */
export function adoptedLifecycle<Live>(spec: AdoptedSpec<Live>): Lifecycle {
  const { kind } = spec.declaration;
  const keyFields = replaceKeysOf(spec.declaration);
  // Inputs that are neither keys, managed fields, `onDelete` nor documents describe the live
  // object without setting it (an access list's category): `validate` checks them against it.
  const described = Object.keys(spec.inputs.fields).filter(
    (f) =>
      !keyFields.includes(f) &&
      !spec.managedFields.includes(f) &&
      f !== "onDelete" &&
      !(f in (spec.documents ?? {})),
  );
  const diffKeys = {
    replaceKeys: keyFields,
    updateKeys: [...spec.managedFields, "onDelete", ...described],
    setKeys: spec.inputs.sets,
    defaults: { onDelete: DEFAULT_ON_DELETE },
  };
  const pick = (values: Values, keys: readonly string[]): Values =>
    Object.fromEntries(keys.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
  const declaredIn = (live: Values, inputs: Values): Values =>
    priorsDeclared(spec.managedFields, live, inputs);

  /** The stored outputs with the managed and describing fields `inputs` give merged over them. */
  const declaredOf = (previous: Values | undefined, inputs: Values | undefined): Values => {
    const declared: Values = { ...previous };
    for (const f of spec.managedFields) {
      if (inputs?.[f] !== undefined) declared[f] = mergeDeep(previous?.[f], inputs[f]);
    }
    for (const f of described) if (inputs?.[f] !== undefined) declared[f] = inputs[f];
    return declared;
  };

  const { staleDocuments, toUpload, digestsIn } = documentsOf(spec.documents);
  const priorsOf = (outputs: Values): Values => storedPriors(outputs, spec.legacyPriors);

  /** The live settings, their sets in the order `declared` gives them. */
  const settingsOf = (live: Live, declared: Values): Values => {
    const values = spec.settings(live, declared);
    for (const field of spec.inputs.sets ?? []) {
      values[field] = orderLike(values[field], declared[field]);
    }
    return values;
  };

  const outputsOf = (
    live: Live,
    keys: Values,
    onDelete: unknown,
    priors: Values,
    declared: Values,
  ) =>
    structSafe({
      ...keys,
      ...settingsOf(live, declared),
      // As declared, unless the live object says otherwise (an output of the same name).
      ...pick(declared, described),
      ...spec.outputs?.(live, keys, declared),
      ...digestsIn(declared),
      onDelete: onDelete ?? DEFAULT_ON_DELETE,
      priors,
    });

  /**
   * Writes the declared managed fields that differ from `current`; returns the new outputs,
   * or throws an `UnappliedWriteError` (see {@link writeVerified}).
   */
  async function apply(client: ShieldClient, keys: Values, current: Values, desired: Values) {
    const change: Values = {};
    for (const field of spec.managedFields) {
      const wanted = desired[field];
      const asSet = spec.inputs.sets?.includes(field) ?? false;
      if (wanted !== undefined && !covers(current[field], wanted, asSet)) change[field] = wanted;
    }
    const outputs: Values = { ...current, onDelete: desired.onDelete ?? DEFAULT_ON_DELETE };
    if (Object.keys(change).length === 0) return structSafe(outputs);
    const held = await writeVerified(client, keys, outputs, change, declaredOf(current, desired));
    if (held === undefined) {
      throw new ShieldError("it no longer exists on the service; run `pulumi refresh`.");
    }
    return held;
  }

  /**
   * Writes `change` to the object `current` (outputs, keys included) describes, then compares
   * what the service holds of it (the write's answer where it says for each field written, else
   * one read; `declared` orders and names what that read shows) with what was asked: an
   * `UnappliedWriteError` names the fields it did not take and carries `current` with what it
   * kept. Returns those outputs; undefined when the object is gone, or a restore had nothing to
   * put back. A restore does not ask for the members the object no longer has (an endpoint gone
   * with its document, a bot the zone stopped offering): its write skipped them.
   */
  async function writeVerified(
    client: ShieldClient,
    keys: Values,
    current: Values,
    change: Values,
    declared: Values,
    restoring = false,
  ): Promise<Values | undefined> {
    const written = Object.keys(change);
    const answer = await spec.write(client, current, change, restoring);
    if (answer === NOTHING_TO_RESTORE) return undefined;
    let kept: Values = answer ?? {};
    if (written.some((field) => kept[field] === undefined)) {
      const live = await readLive(client, keys);
      if (live === undefined) return undefined;
      kept = settingsOf(live, declared);
    }
    // The service wins where it says something (a value it normalized, say).
    const outputs: Values = { ...current };
    for (const [field, value] of Object.entries(kept)) {
      if (value !== undefined) outputs[field] = value;
    }
    const held = structSafe(outputs);
    const asked = restoring
      ? Object.fromEntries(written.map((field) => [field, project(change[field], kept[field])]))
      : change;
    assertApplied(asked, kept, written, spec.inputs.sets, held);
    return held;
  }

  /**
   * Uploads the documents `inputs` change, then gives `current` as the object is afterwards;
   * the priors of what became declarable (say, endpoints a document added) are captured then.
   * A document with no recorded digest that the live object already yields is not uploaded:
   * its digest is recorded as if it had been.
   */
  async function withDocuments(
    client: ShieldClient,
    keys: Values,
    live: Live | undefined,
    current: Values,
    inputs: Values,
  ): Promise<Values> {
    const stale = staleDocuments(current, inputs);
    if (stale.length === 0 || live === undefined) return current;
    const uploads = new Set(toUpload(current, inputs, live).map(([field]) => field));
    const digests: Values = {};
    for (const [field, document] of stale) {
      const text = String(inputs[field]);
      if (uploads.has(field)) live = await document.upload(client, keys, text, live);
      digests[document.digestField] = documentDigest(text);
    }
    const declared = declaredOf({ ...current, ...digests }, inputs);
    const priors = mergeDeep(declaredIn(spec.settings(live, declared), inputs), current.priors);
    return outputsOf(live, keys, current.onDelete, priors as Values, declared);
  }

  async function readLive(client: ShieldClient, keys: Values): Promise<Live | undefined> {
    try {
      return await spec.read(client, keys);
    } catch (error) {
      const zone = keys.shieldZoneId === undefined ? undefined : Number(keys.shieldZoneId);
      if (await client.absentFrom(error, zone)) return undefined;
      throw error;
    }
  }

  /** What a preview's `check` compares for a first adoption. */
  const previewView: AdoptionView<Live> = {
    keyFields,
    managedFields: spec.managedFields,
    sets: spec.inputs.sets,
    read: readLive,
    settings: (live, declared) => spec.settings(live, declared),
    id: (keys, live) => spec.id(keys, live),
    documents: Object.fromEntries(
      Object.entries(spec.documents ?? {}).map(([field, d]) => [
        field,
        (live: Live, text: string) =>
          d.differs ? d.differs(live, text) : "the service does not show the one it holds",
      ]),
    ),
  };

  return {
    async check(settings, olds, news) {
      return withAdoptionChanges(
        checkInputs(kind, spec.inputs, news, olds),
        news,
        (inputs) => adoptsAnew(keyFields, olds, inputs),
        previewView,
        () => clientFor(settings, kind, true),
      );
    },

    async diff(_settings, _id, olds, news) {
      const result = diffInputs(diffKeys, olds, news);
      const stale = staleDocuments(olds, news).map(([field]) => field);
      if (stale.length === 0) return result;
      return { ...result, changes: true, changed: [...new Set([...result.changed, ...stale])] };
    },

    async create(settings, inputs) {
      const client = clientFor(settings, kind);
      const keys = pick(inputs, keyFields);
      const live = (await readLive(client, keys)) ?? (await spec.absent(client, keys, inputs));
      spec.validate?.(live, inputs);
      const id = spec.id(keys, live);
      const declared = declaredOf(undefined, inputs);
      const priors = declaredIn(spec.settings(live, declared), inputs);
      const before = outputsOf(live, keys, inputs.onDelete, priors, declared);
      return withZoneLock(zoneOf(before), async () => {
        try {
          const current = await withDocuments(client, keys, live, before, inputs);
          return { id, outs: await apply(client, keys, current, inputs) };
        } catch (error) {
          // The change may or may not have landed. Record the adoption with what was read (or
          // what the service holds, when it did not take the write), so the priors are kept
          // and the next run converges through an update.
          throw initFailure(
            error,
            `${kind} ${id}: adopted, but setting the desired values failed`,
            id,
            {
              ...(error instanceof UnappliedWriteError ? error.outputs : before),
              [PROVIDER_KEY]: inputs[PROVIDER_KEY],
            },
          );
        }
      });
    },

    async read(settings, id, props) {
      const keys = spec.keysOf(id, props);
      let live: Live | undefined;
      try {
        live = await readLive(clientFor(settings, kind), keys);
      } catch (error) {
        throw withContext(
          error,
          `${kind} ${id}: refresh failed, so the resource stays in state as it was`,
        );
      }
      if (live === undefined) return {};
      const declared = declaredOf(props, undefined);
      return { id, props: outputsOf(live, keys, props.onDelete, priorsOf(props), declared) };
    },

    async update(settings, id, olds, news) {
      const client = clientFor(settings, kind);
      const keys = spec.keysOf(id, olds);
      const priors = priorsOf(olds);
      // A field (or object member) managed from now on gets its prior captured now, from
      // the live object.
      const newlyManaged = spec.managedFields.some((f) => declaresBeyond(news[f], priors[f]));
      const redescribed = described.some((f) => news[f] !== undefined && news[f] !== olds[f]);
      let current: Values = { ...olds, priors };
      try {
        let live: Live | undefined;
        if (newlyManaged || redescribed || staleDocuments(olds, news).length > 0) {
          live = await readLive(client, keys);
          if (live === undefined) {
            throw new ShieldError(
              `${kind} ${id} no longer exists on the service; run \`pulumi refresh\`.`,
            );
          }
          spec.validate?.(live, news, olds);
          const declared = declaredOf(olds, news);
          let captured = declaredIn(spec.settings(live, declared), news);
          captured = spec.carryPriors?.(captured, priors, live, declared) ?? captured;
          for (const [field, value] of Object.entries(captured)) {
            // Priors captured earlier win: they are older than anything Pulumi wrote.
            priors[field] = priors[field] === undefined ? value : mergeDeep(value, priors[field]);
          }
          current = outputsOf(live, keys, olds.onDelete, priors, declared);
        }
        const outs = await withZoneLock(zoneOf(current), async () =>
          apply(client, keys, await withDocuments(client, keys, live, current, news), news),
        );
        return { outs };
      } catch (error) {
        const summary = `${kind} ${id}: update failed; state keeps the last confirmed values`;
        // What the service holds after a write it did not take whole is kept. Otherwise what
        // this update read is kept, with the priors it captured: a write may have landed before
        // the failure, and the next run would otherwise take Pulumi's own value for a prior.
        // (Without a read, the stored state is already the last confirmed one.)
        const held = error instanceof UnappliedWriteError ? error.outputs : current;
        if (!newlyManaged && held === current) throw withContext(error, summary);
        throw initFailure(error, summary, id, { ...held, [PROVIDER_KEY]: news[PROVIDER_KEY] });
      }
    },

    async delete(settings, id, props) {
      const onDelete = String(props.onDelete ?? DEFAULT_ON_DELETE);
      if (onDelete === "keep") return;
      const mode = onDelete === DEFAULT_ON_DELETE ? priorsOf : spec.deleteModes?.[onDelete];
      if (!mode) {
        throw new ShieldError(
          `${kind} ${id}: onDelete ${JSON.stringify(onDelete)} is not known to this version.`,
        );
      }
      const change = mode(props);
      if (Object.keys(change).length === 0) return;
      await withZoneLock(zoneOf(props), async () => {
        const client = clientFor(settings, kind);
        try {
          // Verified as creates and updates are: a restore the service drops is not done.
          const keys = spec.keysOf(id, props);
          await writeVerified(client, keys, props, change, declaredOf(props, undefined), true);
        } catch (error) {
          if (await client.absentFrom(error, zoneOf(props))) return;
          throw withContext(
            error,
            `${kind} ${id}: delete (${onDelete}) failed; the resource stays in state`,
          );
        }
      });
    },
  };
}
