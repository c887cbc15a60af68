/**
 * What a write asked and the service did not apply, compared as the diff compares: sets as
 * sets, objects on the members asked (each named on its own), values by their JSON.
 */
import { strict as assert } from "node:assert";
import {
  assertApplied,
  unappliedFields,
  UnappliedWriteError,
} from "../../../src/resources/kit/unapplied";

describe("kit: unapplied writes", () => {
  it("finds nothing when the service holds what was asked, sets in any order", () => {
    const asked = { action: "Block", transformations: ["LOWERCASE", "URLDECODE"], note: undefined };
    const kept = { action: "Block", transformations: ["URLDECODE", "LOWERCASE"], extra: 1 };
    assert.deepEqual(
      unappliedFields(asked, kept, ["action", "transformations", "note"], ["transformations"]),
      [],
    );
  });

  it("names each field, or object member, the service did not take, with both values", () => {
    const asked = {
      severity: "ERROR",
      ipAddress: { sensitivity: "High", aggression: undefined },
      conditions: [{ variable: "REQUEST_URI" }],
      untouched: "x",
    };
    const kept = {
      severity: "WARNING",
      ipAddress: { sensitivity: "Low", aggression: "Low" },
      conditions: [],
      untouched: "y",
    };
    assert.deepEqual(
      unappliedFields(asked, kept, ["severity", "ipAddress", "conditions"], ["conditions"]),
      [
        { field: "severity", asked: "ERROR", kept: "WARNING" },
        { field: "ipAddress.sensitivity", asked: "High", kept: "Low" },
        { field: "conditions", asked: [{ variable: "REQUEST_URI" }], kept: [] },
      ],
    );
  });

  it("reports a field the service left out as kept null", () => {
    assert.deepEqual(unappliedFields({ severity: "ERROR" }, {}, ["severity"]), [
      { field: "severity", asked: "ERROR", kept: null },
    ]);
  });

  it("throws an error naming field, asked and kept value, carrying the outputs held", () => {
    const held = { severity: "WARNING", action: "Log" };
    let thrown: unknown;
    try {
      assertApplied({ severity: "ERROR", action: "Log" }, held, ["severity", "action"], [], held);
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown instanceof UnappliedWriteError);
    assert.match(thrown.message, /did not apply severity \(asked "ERROR", it kept "WARNING"\)/);
    assert.match(thrown.message, /next run writes it again/);
    assert.deepEqual(thrown.outputs, held);
    assert.deepEqual(
      thrown.fields.map((f) => f.field),
      ["severity"],
    );
  });

  it("cuts a long value short in the message", () => {
    const error = new UnappliedWriteError(
      [{ field: "html", asked: "x".repeat(5000), kept: "" }],
      {},
    );
    assert.ok(error.message.length < 600, error.message);
    assert.match(error.message, /5002 characters/);
  });
});
