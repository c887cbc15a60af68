/**
 * Every kind's stack sample (`src/resources/<kind>/sample.ts`), found by the registry's kinds:
 * the benchmarks' inputs are inputs the kind's `check` takes, before and after the update.
 */
import { strict as assert } from "node:assert";
import { benchZones, STACK_KINDS } from "../../../bench/stack-kinds";
import { dispatch, KINDS } from "../../../src/resources/kit/registry";

describe("kit: the kinds' stack samples", () => {
  const [zone] = benchZones(1, 0).zones;

  for (const kind of KINDS) {
    it(`${kind}: its sample's inputs, and the update's, pass its check`, async () => {
      const sample = STACK_KINDS[kind];
      assert.ok(sample, `${kind} has no sample`);
      assert.ok(sample.maxPerZone >= 1);
      const inputs = sample.inputs(zone!, 0);
      for (const props of [inputs, sample.changed(inputs)]) {
        const { failures } = (await dispatch(kind, "check", {}, {}, props)) as {
          failures?: unknown[];
        };
        assert.deepEqual(failures ?? [], [], JSON.stringify(props));
      }
      assert.notDeepEqual(sample.changed(inputs), inputs, "the update changes something");
    });
  }
});
