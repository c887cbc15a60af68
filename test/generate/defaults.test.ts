/**
 * Defaults: what each value is compared with (the kinds' declared defaults, derived from their
 * declarations and schemas), and leaving out what is at them.
 */
import { strict as assert } from "node:assert";
import {
  declaredDefaults,
  EachElement,
  EachMember,
  minimize,
  OMITTED,
} from "../../src/generate/defaults";
import { KIND_INPUTS } from "../../src/generate/kinds";

const defaultsOf = (kind: "AccessList" | "RateLimit" | "WafCustomRule" | "CustomPage") =>
  declaredDefaults(KIND_INPUTS[kind].declaration, KIND_INPUTS[kind].inputs);

describe("generated defaults", () => {
  it("leave out members at their default, and a value at it as a whole", () => {
    assert.equal(minimize("Block", "Block"), OMITTED);
    assert.equal(minimize("Log", "Block"), "Log");
    assert.equal(minimize("Log", undefined), "Log", "no default known: declared");
    assert.deepEqual(
      minimize(
        { sensitivity: "High", aggression: "Low" },
        { sensitivity: "Off", aggression: "Low" },
      ),
      { sensitivity: "High" },
    );
    assert.equal(minimize({ sensitivity: "Off" }, { sensitivity: "Off" }), OMITTED);
    assert.equal(minimize(["b", "a"], ["a", "b"], true), OMITTED, "sets compare as sets");
    assert.deepEqual(minimize(["b", "a"], ["a", "b"]), ["b", "a"]);
  });

  it("compare each member of a map with its own default, and each element's members", () => {
    const none = new EachMember(() => "None");
    assert.deepEqual(minimize({ SEO: "None", AIScraper: "Block" }, none), { AIScraper: "Block" });
    assert.equal(minimize({ SEO: "None" }, none), OMITTED);
    const conditions = new EachElement({ negated: false, value: "" });
    assert.deepEqual(
      minimize(
        [
          { variable: "REQUEST_URI", negated: false, value: "/a" },
          { variable: "REMOTE_ADDR", negated: true, value: "" },
        ],
        conditions,
      ),
      [
        { variable: "REQUEST_URI", value: "/a" },
        { variable: "REMOTE_ADDR", negated: true },
      ],
    );
  });

  it("of objects Pulumi owns are the kinds' own, from their schemas and declarations", () => {
    const list = defaultsOf("AccessList");
    assert.equal(list.isEnabled, true);
    assert.equal(list.action, "Block");
    assert.equal(list.adoptExisting, false);
    assert.equal(list.entries, undefined);
    assert.equal(list.description, undefined, "none: a description is declared when there is one");

    const limit = defaultsOf("RateLimit");
    assert.equal(limit.counterKey, "IP");
    assert.equal(limit.description, "");
    assert.deepEqual(limit.transformations, []);
    assert.equal(limit.severity, undefined);
    assert.ok(limit.conditions instanceof EachElement);
    assert.deepEqual(limit.conditions.element, {
      variableValue: "",
      value: "",
      negated: false,
      regexVariable: false,
    });
    assert.deepEqual(defaultsOf("WafCustomRule").conditions, limit.conditions);
    assert.equal(defaultsOf("CustomPage").html, undefined);
  });
});
