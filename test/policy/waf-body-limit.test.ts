import { strict as assert } from "node:assert";
import { wafBodyLimit } from "../../src/policy";
import { resourceViolations } from "./harness";

describe("policy shield-waf-body-limit", () => {
  const judge = (wafRequestBodyLimitAction: unknown) =>
    resourceViolations(wafBodyLimit, "ShieldZone", { wafRequestBodyLimitAction }, {}, "site");

  it('flags "Ignore": an oversized body passes uninspected', async () => {
    const [message] = await judge("Ignore");
    assert.match(
      message,
      /^ShieldZone "site": wafRequestBodyLimitAction is "Ignore": a body over the WAF's limit passes uninspected/,
    );
    assert.match(message, /Set wafRequestBodyLimitAction: "Block"/);
  });

  it('passes "Block", "Log" and a zone that leaves it out', async () => {
    for (const value of ["Block", "Log", undefined]) assert.deepEqual(await judge(value), []);
  });
});
