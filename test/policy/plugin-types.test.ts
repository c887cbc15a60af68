/**
 * The provider plugin's resources (`bunnynet-shield:index:<Kind>`, issue 31) take the same
 * inputs as the classes' (`pulumi-nodejs:dynamic/bunnynet:<Kind>`): every policy judges both.
 */
import { strict as assert } from "node:assert";
import { pluginType, shieldPolicies } from "../../src/policy";
import { tokenOf } from "../../src/plugin/kinds";
import { KINDS } from "../../src/resources/kit/registry";
import { resourceViolations, stackViolations } from "./harness";

const policy = (name: string) => shieldPolicies().find((p) => p.name === name)!;

describe("policies: the provider plugin's resources", () => {
  it("pluginType(kind) is the token the plugin serves each kind under", () => {
    for (const kind of KINDS) assert.equal(pluginType(kind), tokenOf(kind), kind);
  });

  it("a policy of 0.2.0, a finding and a stack finding judge them", async () => {
    const zone = await resourceViolations(
      policy("shield-waf-blocking"),
      pluginType("ShieldZone"),
      { wafEnabled: false },
      {},
      "zone",
    );
    assert.match(zone[0]!, /^ShieldZone "zone": wafEnabled is false/);
    const list = await resourceViolations(
      policy("shield-list-disabled"),
      pluginType("AccessList"),
      { isEnabled: false },
      {},
      "l",
    );
    assert.match(list[0]!, /^AccessList "l": isEnabled is false/);
    const lists = [
      {
        kind: "AccessList" as const,
        type: pluginType("AccessList"),
        name: "a",
        props: { shieldZoneId: 1, type: "IP", action: "Block", entries: ["192.0.2.1"] },
      },
      {
        kind: "AccessList" as const,
        type: pluginType("AccessList"),
        name: "b",
        props: { shieldZoneId: 1, type: "IP", action: "Allow", entries: ["192.0.2.1"] },
      },
    ];
    assert.equal((await stackViolations(policy("shield-lists-conflict"), lists)).length, 1);
    const tor = { category: "TorExitNodes", isEnabled: false };
    const threats = [
      {
        kind: "AccessListConfiguration" as const,
        type: pluginType("AccessListConfiguration"),
        name: "tor",
        props: tor,
      },
    ];
    assert.equal((await stackViolations(policy("shield-threat-lists"), threats)).length, 1);
  });
});
