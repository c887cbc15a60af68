import { strict as assert } from "node:assert";
import { noAllowAll } from "../../src/policy";
import { wholeFamiliesCovered } from "../../src/policy/address-space";
import { resourceViolations } from "./harness";

describe("policy shield-no-allow-all", () => {
  const judge = (props: Record<string, unknown>) =>
    resourceViolations(noAllowAll, "AccessList", { type: "CIDR", ...props }, {}, "office");

  it("is mandatory by default", () => {
    assert.equal(noAllowAll.enforcementLevel, "mandatory");
  });

  it("flags an Allow or Bypass list that matches every IPv4 or IPv6 address", async () => {
    for (const [action, entries, family] of [
      ["Allow", ["203.0.113.0/24", "0.0.0.0/0"], "IPv4"],
      ["Bypass", ["::/0"], "IPv6"],
      ["Allow", ["0.0.0.0/1", "128.0.0.0/1"], "IPv4"],
    ] as const) {
      const [message, ...rest] = await judge({ action, entries });
      assert.equal(rest.length, 0);
      assert.match(
        message,
        new RegExp(
          `^AccessList "office": action is "${action}" and its entries cover every ${family} address`,
        ),
      );
      assert.match(message, /set action: "Block"/);
    }
  });

  it("passes a blocking action, a partial range, and lists of other types", async () => {
    assert.deepEqual(await judge({ action: "Block", entries: ["0.0.0.0/0"] }), []);
    assert.deepEqual(
      await judge({ action: "Allow", entries: ["0.0.0.0/1", "203.0.113.0/24"] }),
      [],
    );
    assert.deepEqual(await judge({ action: "Allow", type: "IP", entries: ["203.0.113.7"] }), []);
  });
});

describe("wholeFamiliesCovered", () => {
  it("merges ranges of either family, whatever their order and overlap", () => {
    assert.deepEqual(wholeFamiliesCovered(["128.0.0.0/2", "0.0.0.0/1", "192.0.0.0/2"]), ["IPv4"]);
    assert.deepEqual(wholeFamiliesCovered(["::/1", "8000::/1", "10.0.0.0/8"]), ["IPv6"]);
    assert.deepEqual(wholeFamiliesCovered(["0.0.0.0/0", "::/0"]), ["IPv4", "IPv6"]);
  });

  it("finds a gap of one address, and ignores what is not address/bits", () => {
    assert.deepEqual(
      wholeFamiliesCovered([
        "0.0.0.0/1",
        "128.0.0.0/2",
        "192.0.0.0/3",
        "224.0.0.0/4",
        "240.0.0.0/5",
        "248.0.0.0/6",
        "252.0.0.0/7",
        "254.0.0.0/8",
        "255.0.0.0/9",
        "255.128.0.0/10",
        "255.192.0.0/11",
        "255.224.0.0/12",
        "255.240.0.0/13",
        "255.248.0.0/14",
        "255.252.0.0/15",
        "255.254.0.0/16",
        "255.255.0.0/17",
        "255.255.128.0/18",
        "255.255.192.0/19",
        "255.255.224.0/20",
        "255.255.240.0/21",
        "255.255.248.0/22",
        "255.255.252.0/23",
        "255.255.254.0/24",
        "255.255.255.0/25",
        "255.255.255.128/26",
        "255.255.255.192/27",
        "255.255.255.224/28",
        "255.255.255.240/29",
        "255.255.255.248/30",
        "255.255.255.252/31",
        "255.255.255.254/32",
      ]),
      [],
    );
    assert.deepEqual(wholeFamiliesCovered(["0.0.0.0", "everything", "0.0.0.0/33"]), []);
    assert.deepEqual(wholeFamiliesCovered(["0.0.0.0/2", "128.0.0.0/1"]), [], "64.0.0.0/2 missing");
  });

  it("reads IPv6 with an IPv4 tail and host bits set", () => {
    assert.deepEqual(wholeFamiliesCovered(["::ffff:10.0.0.1/0"]), ["IPv6"]);
    assert.deepEqual(wholeFamiliesCovered(["10.1.2.3/0"]), ["IPv4"]);
  });
});
