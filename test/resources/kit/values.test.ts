import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import {
  canonicalJson,
  containsUnknown,
  structSafe,
  UNKNOWN_VALUE,
} from "../../../src/resources/kit/values";

describe("kit: values", () => {
  it("writes the engine's unknown value as @pulumi/pulumi does", () => {
    assert.equal(UNKNOWN_VALUE, pulumi.runtime.unknownValue);
  });

  it("finds the unknown value at any depth", () => {
    assert.ok(containsUnknown({ a: [{ b: UNKNOWN_VALUE }] }));
    assert.ok(containsUnknown([1, [2, UNKNOWN_VALUE]]));
    assert.ok(!containsUnknown({ a: [{ b: "known" }], c: null }));
  });

  it("compares objects by value whatever the key order, and arrays in order unless a set", () => {
    assert.equal(
      canonicalJson({ a: 1, b: { c: 2, d: 3 } }),
      canonicalJson({ b: { d: 3, c: 2 }, a: 1 }),
    );
    assert.notEqual(canonicalJson(["x", "y"]), canonicalJson(["y", "x"]));
    assert.equal(canonicalJson(["x", "y", "x"], true), canonicalJson(["y", "x"], true));
    assert.equal(canonicalJson({ a: undefined, b: 1 }), canonicalJson({ b: 1 }));
  });

  it("makes outputs the engine accepts: no undefined, dates as text, nothing else", () => {
    assert.deepEqual(
      structSafe({ a: undefined, b: [undefined, 1], c: new Date(0), d: { e: undefined } }),
      {
        b: [null, 1],
        c: "1970-01-01T00:00:00.000Z",
        d: {},
      },
    );
    assert.throws(() => structSafe({ f: () => 1 }), /outputs\.f is not JSON/);
    assert.throws(() => structSafe({ n: NaN }), /outputs\.n is not a finite number/);
  });
});
