/**
 * Enum names both ways: an unknown number in an answer is shown as itself and read back; in a
 * request it is refused, unless a program allows it explicitly.
 */
import { strict as assert } from "node:assert";
import {
  AccessListAction,
  BotDetectionSensitivity,
  enumName,
  enumValue,
  InvalidArgumentError,
  RateLimitTimeframe,
  ShieldClient,
  unlistedEnumValue,
  WafRuleOperatorType,
} from "../../src/client";
import { configurationBody } from "./answers";
import { clientFor, rejection } from "./helpers";
import { useStub } from "./stub";

describe("client enums", () => {
  it("names known values, and shows an unknown one as its number", () => {
    assert.equal(enumName(AccessListAction, 2), "Block");
    assert.equal(enumName(RateLimitTimeframe, 3600), "PerOneHour");
    assert.equal(enumName(BotDetectionSensitivity, 7), "7");
    assert.equal(enumName(WafRuleOperatorType, 10), "10", "a gap in the values is unknown too");
    assert.equal(enumName(AccessListAction, -1), "-1");
  });

  it("reads a name, a number's text or the 0.1.0 Unknown(n) form back", () => {
    assert.equal(enumValue(AccessListAction, "Block"), 2);
    assert.equal(enumValue(AccessListAction, "None"), 0);
    assert.equal(enumValue(BotDetectionSensitivity, "7"), 7);
    assert.equal(enumValue(BotDetectionSensitivity, "Unknown(7)"), 7);
    assert.equal(enumValue(AccessListAction, "2"), 2);
    assert.equal(enumValue(AccessListAction, "-3"), -3);
    for (const value of [0, 3, 5, 42]) {
      assert.equal(enumValue(AccessListAction, enumName(AccessListAction, value)), value);
    }
  });

  it("gives undefined for anything else", () => {
    for (const text of [
      "block",
      "",
      " 2",
      "2.5",
      "0x2",
      "Unknown()",
      "Unknown(x)",
      "toString",
      "constructor",
      "__proto__",
      "99999999999999999999",
    ]) {
      assert.equal(enumValue(AccessListAction, text), undefined, JSON.stringify(text));
    }
  });
});

describe("client: enum numbers in requests", () => {
  const stub = useStub();
  const CONDITION = { variableTypes: { REQUEST_URI: "" }, operatorType: 99, value: "/x" };
  // Every method that writes an enum, each given the unknown number 99 in one enum field.
  const writes: Array<[string, string, (client: ShieldClient) => Promise<unknown>]> = [
    [
      "updateAccessListConfiguration",
      "change.action",
      (c) =>
        c.updateAccessListConfiguration(1001, 100101, { isEnabled: true, action: 99 as never }),
    ],
    [
      "accessLists.create",
      "list.type",
      (c) => c.accessLists.create(1001, { name: "x", type: 99 as never, content: "192.0.2.1" }),
    ],
    [
      "shieldZones.update",
      "settings.wafExecutionMode",
      (c) => c.shieldZones.update(1001, { wafExecutionMode: 99 as never }),
    ],
    [
      "shieldZones.create",
      "settings.dDoSShieldSensitivity",
      (c) => c.shieldZones.create(501001, { dDoSShieldSensitivity: 99 as never }),
    ],
    [
      "botDetection.update",
      "change.executionMode",
      (c) => c.botDetection.update(1001, { executionMode: 99 as never }),
    ],
    [
      "uploadScanning.update",
      "change.csamScanningMode",
      (c) => c.uploadScanning.update(1001, { csamScanningMode: 99 as never }),
    ],
    [
      "wafCustomRules.create",
      "rule.ruleConfiguration.operatorType",
      (c) =>
        c.wafCustomRules.create({
          shieldZoneId: 1001,
          ruleName: "x",
          ruleConfiguration: { ...CONDITION, actionType: 1 },
        } as never),
    ],
    [
      "rateLimits.update",
      "change.ruleConfiguration.timeframe",
      (c) =>
        c.rateLimits.update(7, {
          ruleName: "x",
          ruleConfiguration: { ...CONDITION, operatorType: 0, timeframe: 99 },
        } as never),
    ],
    [
      "apiGuardian.update",
      "change.unmatchedPathAction",
      (c) => c.apiGuardian.update(1001, { unmatchedPathAction: 99 as never }),
    ],
    [
      "botCategorization.setBotAction",
      "action",
      (c) => c.botCategorization.setBotAction(1001, 201, 99),
    ],
  ];

  for (const [method, field, write] of writes) {
    it(`${method} refuses an enum number it does not know, naming ${field}, before any request`, async () => {
      const error = await rejection(write(clientFor(stub())), InvalidArgumentError);
      assert.match(error.message, new RegExp(field.replace(/\./g, "\\.")), error.message);
      assert.match(error.message, /\b99\b/);
      assert.match(error.message, /expected one of \d+ \(\w+\), \d+ \(\w+\)/, "names and numbers");
      assert.match(error.message, /unlistedEnumValue/);
      assert.equal(stub().requests.length, 0);
    });
  }

  it("sends a number the program allowed explicitly with unlistedEnumValue", async () => {
    stub().reply({ body: configurationBody() });
    await clientFor(stub()).updateAccessListConfiguration(1001, 100101, {
      isEnabled: true,
      action: unlistedEnumValue(AccessListAction, 6),
    });
    assert.deepEqual(stub().requests[0].body, { isEnabled: true, action: 6 });
    const other = await rejection(
      clientFor(stub()).updateAccessListConfiguration(1001, 100101, { action: 7 as never }),
      InvalidArgumentError,
    );
    assert.match(other.message, /\b7\b/, "only the number allowed, only for that enum");
  });
});
