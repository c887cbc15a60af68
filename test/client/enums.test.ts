/** Enum names both ways: an unknown number is shown as itself and read back. */
import { strict as assert } from "node:assert";
import {
  AccessListAction,
  BotDetectionSensitivity,
  enumName,
  enumValue,
  RateLimitTimeframe,
  WafRuleOperatorType,
} from "../../src/client";

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
