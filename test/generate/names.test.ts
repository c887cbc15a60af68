/** Resource names: the objects' names in kebab case, unique, and stable from one run to the next. */
import { strict as assert } from "node:assert";
import { kebab, MAX_NAME_LENGTH, Names } from "../../src/generate/names";
import { KINDS } from "../../src/resources/kit/registry";

describe("generated names", () => {
  it("are the objects' names in kebab case", () => {
    assert.equal(kebab("TorExitNodes"), "tor-exit-nodes");
    assert.equal(kebab("Office IPs"), "office-ips");
    assert.equal(kebab("VPNs"), "vpns");
    assert.equal(kebab("Büro Zürich (2)"), "buro-zurich-2");
    assert.equal(kebab("  --  "), "");
    assert.equal(kebab("日本"), "");
  });

  it("say the kind, once", () => {
    const names = new Names("");
    assert.equal(names.take("Office IPs", "list", 1), "office-ips-list");
    assert.equal(names.take("Allow list", "list", 2), "allow-list");
    assert.equal(names.take("Login rate limit", "rate-limit", 3), "login-rate-limit");
    assert.equal(names.take("zone", "", "zone"), "zone");
    assert.equal(names.take("block", "page", "block"), "block-page");
  });

  it("take the object's id when its name gives nothing, or another object has it", () => {
    const names = new Names("");
    assert.equal(names.take("日本", "list", 7), "list-7");
    assert.equal(names.take("Office", "list", 1), "office-list");
    assert.equal(names.take("office", "list", 2), "office-list-2");
    assert.equal(names.take("OFFICE!", "list", 3), "office-list-3");
  });

  it("keep a name while the objects older than it keep theirs", () => {
    const run = (objects: Array<[string, number]>) => {
      const names = new Names("");
      return objects.map(([name, id]) => names.take(name, "rule", id));
    };
    const before = run([
      ["Block admin", 1],
      ["Log bots", 2],
    ]);
    const after = run([
      ["Block admin", 1],
      ["Log bots", 2],
      ["Block  Admin", 3],
    ]);
    assert.deepEqual(after.slice(0, 2), before);
    assert.equal(after[2], "block-admin-rule-3");
  });

  it("carry the zone's prefix and keep to their length", () => {
    const names = new Names("pz501001-");
    assert.equal(names.take("zone", "", "zone"), "pz501001-zone");
    const long = names.take("a very long name ".repeat(10), "list", 123456);
    const longer = names.take("a very long name ".repeat(10), "list", 123457);
    assert.ok(long.length <= MAX_NAME_LENGTH && longer.length <= MAX_NAME_LENGTH);
    assert.ok(long.startsWith("pz501001-a-very-long-name") && !long.endsWith("-"));
    assert.ok(longer.endsWith("-123457"));
  });

  it("leave room for a resource's arguments on the line of its name, whatever its kind", () => {
    // prettier keeps `new Kind("name", {` on one line only while it fits in 80 columns.
    for (const kind of KINDS) {
      assert.ok(`new ${kind}("${"n".repeat(MAX_NAME_LENGTH)}", {`.length <= 80, kind);
    }
  });
});
