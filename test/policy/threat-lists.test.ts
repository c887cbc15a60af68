import { strict as assert } from "node:assert";
import { threatLists } from "../../src/policy";
import { stackViolations } from "./harness";

describe("policy shield-threat-lists", () => {
  const judge = (props: Record<string, unknown>, config = {}) =>
    stackViolations(threatLists, [{ kind: "AccessListConfiguration", name: "tor", props }], config);

  it("flags a Tor or botnet list switched off or letting its matches through", async () => {
    for (const props of [
      { category: "TorExitNodes", isEnabled: false, action: "Block" },
      { category: "Botnets", isEnabled: true, action: "Log" },
      { category: "TorExitNodes", isEnabled: true, action: "Allow" },
    ]) {
      const [message, ...rest] = await judge(props);
      assert.equal(rest.length, 0);
      assert.match(
        message,
        new RegExp(`^AccessListConfiguration "tor": .* for the "${props.category}" list`),
      );
      assert.match(message, /Set isEnabled: true and action: "Block"/);
    }
  });

  it("passes a watched list on and blocking, and other categories off", async () => {
    assert.deepEqual(
      await judge({ category: "TorExitNodes", isEnabled: true, action: "Challenge" }),
      [],
    );
    assert.deepEqual(await judge({ category: "VPNs", isEnabled: false }), []);
    assert.deepEqual(await judge({ category: null, isEnabled: false }), [], "a custom list");
  });

  it("takes its categories from the configuration", async () => {
    assert.equal(
      (await judge({ category: "VPNs", isEnabled: false }, { categories: ["VPNs"] })).length,
      1,
    );
    assert.deepEqual(
      await judge({ category: "TorExitNodes", isEnabled: false }, { categories: ["VPNs"] }),
      [],
    );
  });

  it("says so when a list let through has no category known yet (a change in a preview)", async () => {
    const [message] = await judge({ isEnabled: false, configurationId: 7 });
    assert.match(
      message,
      /isEnabled is false, and its category cannot be known before it is applied\. Declare category/,
    );
    assert.deepEqual(await judge({ isEnabled: true, configurationId: 7 }), []);
  });

  it("judges only access list configurations", async () => {
    assert.deepEqual(
      await stackViolations(threatLists, [
        { kind: "AccessList", name: "x", props: { isEnabled: false } },
      ]),
      [],
    );
  });
});
