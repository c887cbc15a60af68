import { strict as assert } from "node:assert";
import { INT32_MAX, integerInput } from "../../../src/resources/kit/fields";

describe("kit: integerInput", () => {
  it("takes whole numbers in its range and says what it takes", () => {
    const count = integerInput(1, 10, "a whole number of tries");
    assert.equal(count.parse(1), 1);
    assert.equal(count.parse(10), 10);
    for (const wrong of [0, 11, 1.5, "3"]) assert.equal(count.safeParse(wrong).success, false);
    assert.equal(count.description, "a whole number of tries from 1 to 10");
  });

  it("goes up to the largest int32 by default, leaving the bound out of its text", () => {
    const count = integerInput(0);
    assert.equal(count.parse(INT32_MAX), INT32_MAX);
    assert.equal(count.safeParse(INT32_MAX + 1).success, false);
    assert.equal(count.safeParse(-1).success, false);
    assert.equal(count.description, "a whole number from 0");
  });
});
