/**
 * What a preview can know: every output that is neither an input nor a part of the id has its
 * dependencies written down, and the priors of adopted settings stay known unless the update
 * declares something new.
 */
import { strict as assert } from "node:assert";
import { declarationOf } from "../../src/plugin/kinds";
import { previewUpdate } from "../../src/plugin/preview";
import { computedOutputsOf, inputsOf } from "../../src/resources/kit/declaration";
import { KINDS } from "../../src/resources/kit/registry";
import { UNKNOWN_VALUE } from "../../src/resources/kit/values";

describe("plugin previews", () => {
  for (const kind of KINDS) {
    it(`${kind}: each output beyond the inputs and the id declares what it comes from`, () => {
      const declaration = declarationOf(kind);
      const inputs = Object.keys(inputsOf(declaration));
      for (const [output, from] of Object.entries(computedOutputsOf(declaration))) {
        assert.ok(from, `${kind}.${output} declares no \`from\``);
        for (const input of from) {
          assert.ok(inputs.includes(input), `${output} depends on ${input}, not an input`);
        }
      }
    });
  }

  describe("priors of adopted settings", () => {
    const olds = {
      shieldZoneId: 1002,
      executionMode: "Challenge",
      ipAddress: { sensitivity: "Medium" },
      onDelete: "restore",
      priors: { executionMode: "LogOnly", ipAddress: { sensitivity: "Low" } },
    };
    const oldInputs = {
      shieldZoneId: 1002,
      executionMode: "Challenge",
      ipAddress: { sensitivity: "Medium" },
    };

    it("stay known when the update changes only what was declared", () => {
      const news = { ...oldInputs, ipAddress: { sensitivity: "High" } };
      const outputs = previewUpdate("BotDetection", olds, news, oldInputs, ["ipAddress"]);
      assert.deepEqual(outputs.priors, olds.priors);
      assert.deepEqual(outputs.ipAddress, { sensitivity: "High" });
      assert.equal(outputs.executionMode, "Challenge");
    });

    it("are unknown when the update declares a field or member for the first time", () => {
      const member = { ...oldInputs, ipAddress: { sensitivity: "Medium", extra: "x" } };
      assert.equal(
        previewUpdate("BotDetection", olds, member, oldInputs, ["ipAddress"]).priors,
        UNKNOWN_VALUE,
      );
      const field = { ...oldInputs, requestIntegrity: { sensitivity: "High" } };
      assert.equal(
        previewUpdate("BotDetection", olds, field, oldInputs, ["requestIntegrity"]).priors,
        UNKNOWN_VALUE,
      );
    });
  });
});
