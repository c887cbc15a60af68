/**
 * Every kind's part of `generate`, found by folder: each registered kind has one, a kind
 * without one fails saying what to add, and the kinds are declared in a zone's program in the
 * order the parts' nature gives (the zone, its settings, what Pulumi owns).
 */
import { strict as assert } from "node:assert";
import { isOwned, KIND_INPUTS, KIND_ORDER, partOf } from "../../src/generate/kinds";
import { KINDS, type Kind } from "../../src/resources/kit/registry";

describe("generate's kinds", () => {
  it("are every registered kind, each with its own part", () => {
    assert.deepEqual(Object.keys(KIND_INPUTS).sort(), [...KINDS].sort());
    for (const kind of KINDS) assert.equal(KIND_INPUTS[kind].declaration.kind, kind);
    assert.deepEqual([...KIND_ORDER].sort(), [...KINDS].sort());
  });

  it("fail for a kind whose folder has no existing.ts, naming the file and what it exports", () => {
    assert.throws(
      () => partOf("NoSuchKind" as Kind),
      (error: Error) =>
        error.message.startsWith(
          "src/resources/no-such-kind/existing.ts does not export the part of `generate` for NoSuchKind",
        ) && error.message.includes("export const existing = existingKind("),
    );
  });

  it("are declared the zone first, then the settings it has, then what Pulumi owns", () => {
    assert.equal(KIND_INPUTS[KIND_ORDER[0]!].zone, true);
    assert.equal(KIND_ORDER.filter((kind) => KIND_INPUTS[kind].zone).length, 1);
    const owned = KIND_ORDER.map(isOwned);
    assert.deepEqual(owned.slice(1), [...owned.slice(1)].sort(), "no setting after an owned kind");
    // Within each, the registry's order.
    const inRegistry = (kinds: readonly Kind[]) =>
      [...kinds].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
    const settings = KIND_ORDER.slice(1).filter((kind) => !isOwned(kind));
    assert.deepEqual(settings, inRegistry(settings));
    const objects = KIND_ORDER.filter(isOwned);
    assert.deepEqual(objects, inRegistry(objects));
  });
});
