import { strict as assert } from "node:assert";
import { withZoneLock } from "../../../src/resources/kit/zone-lock";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kit: withZoneLock", () => {
  it("runs the work of one zone one at a time, in arrival order", async () => {
    const events: string[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        withZoneLock(7, async () => {
          running++;
          most = Math.max(most, running);
          events.push(`start ${i}`);
          await tick(5);
          events.push(`end ${i}`);
          running--;
        }),
      ),
    );
    assert.equal(most, 1);
    assert.deepEqual(events, [
      "start 0",
      "end 0",
      "start 1",
      "end 1",
      "start 2",
      "end 2",
      "start 3",
      "end 3",
    ]);
  });

  it("lets other zones run at the same time", async () => {
    let running = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3].map((zone) =>
        withZoneLock(zone, async () => {
          running++;
          most = Math.max(most, running);
          await tick(10);
          running--;
        }),
      ),
    );
    assert.equal(most, 3);
  });

  it("goes on after a failure, and hands each caller its own outcome", async () => {
    const first = withZoneLock(9, async () => {
      throw new Error("boom");
    });
    const second = withZoneLock(9, async () => "fine");
    await assert.rejects(first, /boom/);
    assert.equal(await second, "fine");
  });
});
