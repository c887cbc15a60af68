import { strict as assert } from "node:assert";
import { z } from "zod";
import { checkInputs } from "../../../src/resources/kit/check";
import { diffInputs } from "../../../src/resources/kit/diff";
import {
  booleanInput,
  choiceInput,
  enumInput,
  enumNumber,
  zoneIdInput,
} from "../../../src/resources/kit/fields";
import { UNKNOWN_VALUE } from "../../../src/resources/kit/values";

const Mode = { Off: 0, Low: 1, High: 3 } as const;
const schema = {
  fields: {
    zone: zoneIdInput,
    mode: enumInput(Mode, "Mode"),
    part: z.object({ level: enumInput(Mode, "Mode"), on: booleanInput }).partial(),
    rules: z.array(z.string().min(1).describe("a non-empty text")),
    onDelete: choiceInput(["restore", "keep"], "OnDelete"),
  },
  required: ["zone"],
};

describe("kit: check", () => {
  it("stores enum numbers as names and leaves omitted inputs out", () => {
    const result = checkInputs("Thing", schema, {
      zone: 5,
      mode: 3,
      part: { level: "Low" },
      __provider: "x",
    });
    assert.equal(result.failures, undefined);
    assert.deepEqual(result.inputs, { zone: 5, mode: "High", part: { level: "Low" } });
  });

  it("gives one failure per bad property, naming the path, the rule and the value", () => {
    const result = checkInputs("Thing", schema, {
      zone: 0,
      mode: 2,
      part: { level: "Extreme", on: true },
      rules: ["913100", ""],
      colour: "red",
    });
    const reasons = Object.fromEntries(result.failures!.map((f) => [f.property, f.reason]));
    assert.deepEqual(Object.keys(reasons).sort(), ["colour", "mode", "part", "rules", "zone"]);
    assert.match(reasons.zone, /^zone must be an integer from 1 to 2147483647; got 0\.$/);
    assert.match(
      reasons.mode,
      /^mode must be one of "Off" \(0\), "Low" \(1\), "High" \(3\); got 2\.$/,
    );
    assert.match(reasons.part, /^part\.level must be one of "Off" \(0\).*; got "Extreme"\.$/);
    assert.match(reasons.rules, /^rules\[1\] must be a non-empty text; got ""\.$/);
    assert.match(
      reasons.colour,
      /colour is not an input of Thing; allowed inputs are zone, mode, part, rules, onDelete/,
    );
  });

  it("names missing required inputs with what they take", () => {
    const result = checkInputs("Thing", schema, {});
    assert.deepEqual(result.failures, [
      { property: "zone", reason: "zone is required (an integer from 1 to 2147483647)." },
    ]);
  });

  it("lets the engine's unknown value through at any depth", () => {
    const news = {
      zone: UNKNOWN_VALUE,
      part: { level: UNKNOWN_VALUE },
      rules: ["a", UNKNOWN_VALUE],
    };
    const result = checkInputs("Thing", schema, news);
    assert.equal(result.failures, undefined);
    assert.deepEqual(result.inputs, news);
  });

  it("reads state enums back: names, texts of numbers, and 0.1.0's Unknown(n)", () => {
    assert.equal(enumNumber(Mode, "High"), 3);
    assert.equal(enumNumber(Mode, "7"), 7);
    assert.equal(enumNumber(Mode, "Unknown(7)"), 7);
    assert.equal(enumNumber(Mode, "Extreme"), undefined);
  });
});

describe("kit: diff", () => {
  const keys = {
    replaceKeys: ["zone"],
    updateKeys: ["mode", "part", "rules", "onDelete"],
    setKeys: ["rules"],
    defaults: { onDelete: "restore" },
  };
  const olds = {
    zone: 5,
    mode: "Low",
    part: { level: "Low", on: true },
    rules: ["a", "b"],
    onDelete: "restore",
  };

  it("sees no change for equal values: nested objects by value, sets in any order", () => {
    const news = { zone: 5, part: { on: true, level: "Low" }, rules: ["b", "a", "a"] };
    assert.deepEqual(diffInputs(keys, olds, news), {
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [],
    });
  });

  it("updates for a nested change, replaces (deleting first) for a key", () => {
    assert.equal(
      diffInputs(keys, olds, { zone: 5, part: { level: "High", on: true } }).changes,
      true,
    );
    assert.deepEqual(diffInputs(keys, olds, { zone: 6 }), {
      changes: true,
      replaces: ["zone"],
      deleteBeforeReplace: true,
      changed: ["zone"],
    });
  });

  it("names every input that differs, replace keys and update keys, and no other", () => {
    const news = { zone: 6, mode: "High", part: { on: true }, rules: ["a", "b", "c"] };
    assert.deepEqual(diffInputs(keys, olds, news).changed, ["zone", "mode", "rules"]);
  });

  it("compares an omitted input with a default to that default", () => {
    assert.equal(diffInputs(keys, { ...olds, onDelete: "keep" }, { zone: 5 }).changes, true);
  });

  it("counts an unknown value, at any depth, as a change", () => {
    assert.equal(diffInputs(keys, olds, { zone: 5, part: { level: UNKNOWN_VALUE } }).changes, true);
    assert.deepEqual(diffInputs(keys, olds, { zone: UNKNOWN_VALUE }).replaces, ["zone"]);
  });
});
