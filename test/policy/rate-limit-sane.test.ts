import { strict as assert } from "node:assert";
import { rateLimitSane } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-rate-limit-sane", () => {
  const judge = (requestCount: unknown, timeframe: unknown, config = {}) =>
    resourceViolations(rateLimitSane, "RateLimit", { requestCount, timeframe }, config, "login");

  it("flags more requests per second than the default ceiling of 100, with a passing count", async () => {
    const [message] = await judge(2000, "PerTenSeconds");
    assert.match(
      message,
      /^RateLimit "login": requestCount 2000 per timeframe "PerTenSeconds" \(10 s\) lets through 200 requests per second, over the ceiling of 100/,
    );
    assert.match(message, /at most 1000 for this timeframe/);
  });

  it("rounds the rate it shows", async () => {
    const [message] = await judge(100000, "PerOneMinute");
    assert.match(message, /lets through 1666\.7 requests per second/);
  });

  it("passes a limit at or under the ceiling", async () => {
    assert.deepEqual(await judge(1000, "PerTenSeconds"), []);
    assert.deepEqual(await judge(10, "PerOneMinute"), []);
  });

  it("takes its ceiling from the configuration", async () => {
    assert.equal((await judge(10, "PerSecond", { maxRequestsPerSecond: 5 })).length, 1);
  });

  it("does not judge a count or timeframe it cannot read", async () => {
    assert.deepEqual(await judge(undefined, "PerSecond"), []);
    assert.deepEqual(await judge(5000, "PerFortnight"), []);
  });
});
