import { strict as assert } from "node:assert";
import { call, useEmulator } from "./helpers";

describe("emulator: enum listings", () => {
  const emulator = useEmulator({ drift: false });

  it("maps each access-list enum's values to their names, whatever the zone", async () => {
    for (const zone of [1001, 424242]) {
      const answer = await call(emulator(), `/shield/shield-zone/${zone}/access-lists/enums`);
      assert.equal(answer.status, 200, answer.text);
      const tables = answer.json as Record<string, Record<string, string>>;
      assert.deepEqual(Object.keys(tables), [
        "AccessListType",
        "AccessListAction",
        "AccessListCategory",
      ]);
      assert.equal(tables.AccessListAction?.["5"], "Bypass");
      // Categories are flags: their values are powers of two.
      assert.equal(tables.AccessListCategory?.["8"], "TorExitNodes");
      assert.equal(tables.AccessListCategory?.["16"], "Botnets");
    }
  });

  it("maps API Guardian's modes and actions", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1001/api-guardian/enums");
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, {
      ExecutionMode: { 0: "Log", 1: "Block" },
      BodyLimitAction: { 0: "Block", 1: "Log", 2: "Ignore" },
      UnmatchedPathAction: { 0: "Block", 1: "Log", 2: "Ignore" },
    });
  });

  it("lists the DDoS enums in the WAF enums' shape", async () => {
    const answer = await call(emulator(), "/shield/ddos/enums");
    assert.equal(answer.status, 200, answer.text);
    const { data } = answer.json as {
      data: Array<{ enumName: string; enumValues: Array<{ name: string; value: number }> }>;
    };
    assert.deepEqual(
      data.map((e) => [e.enumName, e.enumValues.map((v) => `${v.value}=${v.name}`)]),
      [
        ["DDoSShieldSensitivity", ["0=Off", "1=Low", "2=Medium", "3=High", "4=Challenge"]],
        ["DDoSExecutionMode", ["0=Log", "1=Block"]],
      ],
    );
  });

  it("needs the API key like every other route", async () => {
    const answer = await call(emulator(), "/shield/ddos/enums", { key: null });
    assert.equal(answer.status, 401);
  });
});

describe("emulator: enum listings in drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("adds nothing to the maps: their keys are the service's data", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/1001/api-guardian/enums");
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.json as object), [
      "ExecutionMode",
      "BodyLimitAction",
      "UnmatchedPathAction",
    ]);
    const tables = answer.json as Record<string, object>;
    assert.deepEqual(Object.keys(tables.ExecutionMode!), ["0", "1"]);
  });
});
