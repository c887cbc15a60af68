/**
 * The engine's values on the way in and out: secrets, resource references and output values
 * unwrapped (remembering which properties were secret), secrets marked again on the way out.
 */
import { strict as assert } from "node:assert";
import { secret, unwrap, wrap } from "../../src/plugin/wire";
import { UNKNOWN_VALUE } from "../../src/resources/kit/values";

const SIG = "4dabf18193072939515e22adb298388d";
const reference = (urn: string, id?: string) => ({
  [SIG]: "5cf8f73096256a8f31e491e813e4eb8e",
  urn,
  ...(id !== undefined && { id }),
});
const outputValue = (value: unknown, isSecret = false) => ({
  [SIG]: "d0e6a833031e9bbcd3f4e8bde6ca49a4",
  ...(value !== undefined && { value }),
  secret: isSecret,
});

describe("plugin wire values", () => {
  it("unwraps secrets at any depth and names the top-level properties that held one", () => {
    const { values, secrets } = unwrap({
      name: secret("n"),
      conditions: [{ value: secret("/admin") }],
      plain: 1,
    });
    assert.deepEqual(values, { name: "n", conditions: [{ value: "/admin" }], plain: 1 });
    assert.deepEqual([...secrets].sort(), ["conditions", "name"]);
  });

  it("takes a custom resource's id for its reference, a component's URN", () => {
    const { values } = unwrap({
      custom: reference("urn:pulumi:s::p::t::a", "1002"),
      component: reference("urn:pulumi:s::p::c::b"),
    });
    assert.deepEqual(values, { custom: "1002", component: "urn:pulumi:s::p::c::b" });
  });

  it("takes an output value's value, or the unknown one; a secret output is a secret", () => {
    const { values, secrets } = unwrap({
      known: outputValue(5),
      unknown: outputValue(undefined),
      hidden: outputValue("x", true),
    });
    assert.deepEqual(values, { known: 5, unknown: UNKNOWN_VALUE, hidden: "x" });
    assert.deepEqual([...secrets], ["hidden"]);
  });

  it("marks each named property secret once, drops undefined members", () => {
    assert.deepEqual(wrap({ a: "x", b: undefined, c: 1 }, ["a", "a", "b"]), {
      a: secret("x"),
      c: 1,
    });
  });
});
