import { strict as assert } from "node:assert";
import { botDetectionOn } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-bot-detection-on", () => {
  const off = { sensitivity: "Off" };
  const judge = (props: Record<string, unknown>) =>
    resourceViolations(botDetectionOn, "BotDetection", { shieldZoneId: 1, ...props }, {}, "bots");

  it("flags every signal declared Off", async () => {
    const [message] = await judge({
      requestIntegrity: off,
      ipAddress: off,
      browserFingerprint: off,
    });
    assert.match(message, /^BotDetection "bots": the sensitivity of every signal/);
    assert.match(message, /"Low", "Medium" or "High"/);
  });

  it("passes one signal on, and signals left out (the service's business)", async () => {
    assert.deepEqual(
      await judge({
        requestIntegrity: off,
        ipAddress: off,
        browserFingerprint: { sensitivity: "Low" },
      }),
      [],
    );
    assert.deepEqual(await judge({ requestIntegrity: off, ipAddress: off }), []);
    assert.deepEqual(await judge({ executionMode: "Challenge" }), []);
  });
});
