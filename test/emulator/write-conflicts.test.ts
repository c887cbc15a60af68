import { strict as assert } from "node:assert";
import { patchList, useEmulator } from "./helpers";

describe("emulator: overlapping writes to one zone", () => {
  describe("by default", () => {
    // With latency, a second write arrives while the first is still being handled.
    const emulator = useEmulator({ latencyMs: 40 });

    it("fail the later write with a 500 in the route's envelope, and apply the first", async () => {
      const [first, second] = await Promise.all([
        patchList(emulator(), 1001, 100101, { isEnabled: false }),
        patchList(emulator(), 1001, 100104, { isEnabled: true }),
      ]);
      assert.equal(first.status, 200);
      assert.equal(second.status, 500);
      assert.deepEqual(second.json, {
        data: null,
        error: {
          statusCode: 500,
          success: false,
          errorKey: "internal_error.concurrent_modification",
          message: "The Shield Zone is being updated by another request. Please try again.",
        },
      });
      assert.equal(emulator().state.accessList(1001, 100101)!.isEnabled, false);
      assert.equal(emulator().state.accessList(1001, 100104)!.isEnabled, false);
    });

    it("let writes to different zones, and writes one after the other, through", async () => {
      const apart = await Promise.all([
        patchList(emulator(), 1001, 100101, { isEnabled: true }),
        patchList(emulator(), 1002, 100201, { isEnabled: true }),
      ]);
      assert.deepEqual(
        apart.map((a) => a.status),
        [200, 200],
      );
      const again = await patchList(emulator(), 1001, 100104, { isEnabled: true });
      assert.equal(again.status, 200);
    });
  });

  describe("with zoneWriteConflicts: false", () => {
    const emulator = useEmulator({ latencyMs: 40, zoneWriteConflicts: false });

    it("apply overlapping writes", async () => {
      const answers = await Promise.all([
        patchList(emulator(), 1001, 100101, { isEnabled: false }),
        patchList(emulator(), 1001, 100104, { isEnabled: true }),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200],
      );
    });
  });
});
