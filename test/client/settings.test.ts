import { strict as assert } from "node:assert";
import { integerSetting, settingsSchemas } from "../../src/client/settings";

describe("client: integerSetting", () => {
  const { answer, change } = settingsSchemas({ threshold: integerSetting(1, 100) }, "threshold");

  it("reads any whole number or null (what the service may send)", () => {
    assert.deepEqual(answer.parse({ threshold: 500 }), { threshold: 500 });
    assert.deepEqual(answer.parse({ threshold: null }), { threshold: null });
    assert.deepEqual(answer.parse({}), {});
    assert.equal(answer.safeParse({ threshold: 1.5 }).success, false);
  });

  it("writes only a whole number in its range", () => {
    assert.deepEqual(change.parse({ threshold: 100 }), { threshold: 100 });
    for (const wrong of [0, 101, 1.5, null]) {
      assert.equal(change.safeParse({ threshold: wrong }).success, false, String(wrong));
    }
  });
});
