import { strict as assert } from "node:assert";
import { noBodyLogging } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-no-body-logging", () => {
  const judge = (requestBodyLoggingEnabled: unknown) =>
    resourceViolations(noBodyLogging, "ShieldZone", { requestBodyLoggingEnabled }, {}, "site");

  it("flags request bodies logged", async () => {
    const [message] = await judge(true);
    assert.match(message, /^ShieldZone "site": requestBodyLoggingEnabled is true: request bodies/);
    assert.match(message, /Set requestBodyLoggingEnabled: false/);
  });

  it("passes bodies not logged, or the setting left out", async () => {
    for (const value of [false, undefined]) assert.deepEqual(await judge(value), []);
  });
});
