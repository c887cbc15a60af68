/**
 * A write the service answered as done, but did not apply. The live service ignores request
 * properties it does not know (or no longer takes), so such a write "succeeds": only comparing
 * what the service then has with what was asked shows it. The comparison is `covers`, the one
 * that decides what a write must send, so "written" and "applied" mean the same thing.
 */
import { ShieldError } from "../../client/errors";
import { covers, isPlainObject, own } from "./values";

type Values = Record<string, unknown>;

/** A field the service did not take: its path, the value asked and the value it kept. */
export interface UnappliedField {
  /** The input's name, with the member's path inside an object input (`ipAddress.sensitivity`). */
  readonly field: string;
  readonly asked: unknown;
  readonly kept: unknown;
}

/**
 * The fields of `asked` (among `keys`, each defined) that `kept` does not hold, compared as
 * `covers` compares them (sets as sets; an object on the members asked, each named on its own).
 */
export function unappliedFields(
  asked: Values,
  kept: Values,
  keys: readonly string[],
  setKeys: readonly string[] = [],
): UnappliedField[] {
  const found: UnappliedField[] = [];
  const visit = (field: string, want: unknown, have: unknown, asSet: boolean) => {
    if (isPlainObject(want) && isPlainObject(have)) {
      for (const [member, value] of Object.entries(want)) {
        if (value !== undefined) visit(`${field}.${member}`, value, own(have, member), asSet);
      }
    } else if (!covers(have, want, asSet)) {
      found.push({ field, asked: want, kept: have ?? null });
    }
  };
  for (const key of keys) {
    const want = own(asked, key);
    if (want !== undefined) visit(key, want, own(kept, key), setKeys.includes(key));
  }
  return found;
}

/** A value for a message: its JSON, cut short when long (a page's HTML, many conditions). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 120 ? text : `${text.slice(0, 117)}… (${text.length} characters)`;
}

/**
 * A write the service answered as done without applying some of it. `outputs` are the
 * resource's outputs as the service now has them: what the state records instead of the values
 * asked, so that the next run tries again instead of believing them.
 */
export class UnappliedWriteError extends ShieldError {
  override readonly name = "UnappliedWriteError";

  constructor(
    readonly fields: readonly UnappliedField[],
    readonly outputs: Values,
  ) {
    const list = fields
      .map(({ field, asked, kept }) => `${field} (asked ${shown(asked)}, it kept ${shown(kept)})`)
      .join("; ");
    super(
      `the service answered the write as done but did not apply ${list}. The state records what the service kept, and the next run writes it again. If it persists, the service does not take this value (on this zone's plan, or any more): check it in the bunny.net dashboard.`,
    );
  }
}

/** Throws an {@link UnappliedWriteError} when {@link unappliedFields} finds any. */
export function assertApplied(
  asked: Values,
  kept: Values,
  keys: readonly string[],
  setKeys: readonly string[] | undefined,
  outputs: Values,
): void {
  const fields = unappliedFields(asked, kept, keys, setKeys);
  if (fields.length > 0) throw new UnappliedWriteError(fields, outputs);
}
