/**
 * What the kit does for previews: sets keep their order in `check` (one added member is one
 * added line), identity outputs are read from the resource id, and the `check` of a first
 * adoption in a preview shows what it will change, reading each zone once.
 */
import { strict as assert } from "node:assert";
import { z } from "zod";
import { ShieldProvider } from "../../../src/resources";
import { checkInputs } from "../../../src/resources/kit/check";
import { diffInputs } from "../../../src/resources/kit/diff";
import { idPart } from "../../../src/resources/kit/resource";
import { orderLike, PREVIEW_KEY, UNKNOWN_VALUE } from "../../../src/resources/kit/values";
import { useKindProvider } from "../../support/kind-provider";

describe("kit: sets keep their order", () => {
  const schema = {
    fields: { entries: z.array(z.string()), labels: z.record(z.string(), z.array(z.string())) },
    required: [],
    sets: ["entries", "labels"],
  };

  it("orderLike: the reference's members in its order, then the others, repeats dropped", () => {
    assert.deepEqual(orderLike(["d", "b", "a", "c", "b"], ["a", "b", "c"]), ["a", "b", "c", "d"]);
    assert.deepEqual(orderLike(["c", "a", "c"], undefined), ["c", "a"]);
    assert.deepEqual(orderLike([{ x: 2 }, { x: 1 }], [{ x: 1 }]), [{ x: 1 }, { x: 2 }]);
    assert.deepEqual(orderLike({ k: ["b", "a"], n: 1 }, { k: ["a"] }), { k: ["a", "b"], n: 1 });
  });

  it("check keeps the declared order of a new resource, without repeats", () => {
    const { inputs } = checkInputs("Thing", schema, { entries: ["c", "a", "c", "b"] });
    assert.deepEqual(inputs.entries, ["c", "a", "b"]);
  });

  it("check keeps the order state has and puts a new member last, wherever it is written", () => {
    const olds = { entries: ["b", "c"], labels: { x: ["2", "1"] } };
    const { inputs } = checkInputs(
      "Thing",
      schema,
      { entries: ["a", "c", "b"], labels: { x: ["1", "3", "2"] } },
      olds,
    );
    assert.deepEqual(inputs.entries, ["b", "c", "a"]);
    assert.deepEqual(inputs.labels, { x: ["2", "1", "3"] });
    const keys = { replaceKeys: [], updateKeys: ["entries"], setKeys: ["entries"] };
    assert.equal(diffInputs(keys, olds, { entries: ["c", "b"] }).changes, false, "a reorder");
  });
});

describe("kit: identity outputs from the resource id", () => {
  it("idPart reads a number of an id of numbers joined by /", () => {
    assert.equal(idPart(0)("1001"), 1001);
    assert.equal(idPart(1)("1001/100101"), 100101);
    assert.equal(idPart(1)("1001"), undefined);
    assert.equal(idPart(0)("zone-a"), undefined, "another shape falls back to the output");
  });
});

describe("kit: the preview of a first adoption", () => {
  const preview = (inputs: Record<string, unknown>) => ({ ...inputs, [PREVIEW_KEY]: true });

  describe("ShieldZone", () => {
    const fixture = useKindProvider("ShieldZone");

    it("shows live => declared for each declared setting that differs, and nothing for the rest", async () => {
      const { emu, provider } = fixture();
      // Zone 1001 (pull zone 501001): WAF on, blocking, DDoS "Medium", rule 942100 off.
      const result = await provider.check(
        {},
        preview({
          pullZoneId: 501001,
          wafEnabled: true,
          wafExecutionMode: "Log",
          ddosShieldSensitivity: 2,
          wafDisabledRules: ["942100", "920100"],
        }),
      );
      assert.equal(result.failures, undefined);
      assert.deepEqual(result.inputs.adoptionChanges, {
        wafExecutionMode: "Block => Log",
        wafDisabledRules: "1 => 2 members; + 920100",
      });
      assert.equal(PREVIEW_KEY in result.inputs, false, "the flag never reaches state");
      assert.ok(
        emu.requests.every((r) => r.method === "GET"),
        "a preview writes nothing",
      );
    });

    it("says that the adoption changes nothing when live and declared agree", async () => {
      const { provider } = fixture();
      const result = await provider.check({}, preview({ pullZoneId: 501001, wafEnabled: true }));
      assert.equal(
        result.inputs.adoptionChanges,
        "none: the live object (1001) already has the declared values",
      );
    });

    it("reads nothing without the preview flag (pulumi up), or for a resource already in state", async () => {
      const { emu, provider } = fixture();
      const up = await provider.check({}, { pullZoneId: 501001, wafExecutionMode: "Log" });
      assert.equal("adoptionChanges" in up.inputs, false);
      const olds = { pullZoneId: 501001, wafExecutionMode: "Block" };
      const later = await provider.check(
        olds,
        preview({ pullZoneId: 501001, ddosShieldSensitivity: "High" }),
      );
      assert.equal("adoptionChanges" in later.inputs, false);
      assert.equal(emu.requests.length, 0);
      const replaced = await provider.check(
        olds,
        preview({ pullZoneId: 501002, wafEnabled: false }),
      );
      assert.deepEqual(replaced.inputs.adoptionChanges, { wafEnabled: "true => false" });
    });

    it("says why the live values could not be read, without the key, and the preview goes on", async () => {
      const { emu } = fixture();
      const provider = new ShieldProvider("ShieldZone");
      const config: Record<string, string> = {
        "bunnynet:apiKey": emu.apiKey,
        "bunnynet:apiUrl": "http://127.0.0.1:9",
      };
      await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
      const result = await provider.check({}, preview({ pullZoneId: 501001, wafEnabled: false }));
      assert.equal(result.failures, undefined);
      const said = String(result.inputs.adoptionChanges);
      assert.match(
        said,
        /^live values could not be read \(.+\); pulumi up reads them before writing$/,
      );
      assert.ok(!said.includes(emu.apiKey), said);
    });

    it("says a key is not known yet instead of reading", async () => {
      const { emu, provider } = fixture();
      const result = await provider.check(
        {},
        preview({ pullZoneId: UNKNOWN_VALUE, wafEnabled: false }),
      );
      assert.equal(
        result.inputs.adoptionChanges,
        "live values not read: pullZoneId is known only when the update runs",
      );
      assert.equal(emu.requests.length, 0);
    });
  });

  describe("BotDetection", () => {
    const fixture = useKindProvider("BotDetection");

    it("names a nested setting by its path", async () => {
      const { emu, provider } = fixture();
      const live = emu.state.zone(1001)!.botDetection;
      const result = await provider.check(
        {},
        preview({ shieldZoneId: 1001, browserFingerprint: { sensitivity: "Off" } }),
      );
      const names = ["Off", "Low", "Medium", "High"];
      const before = names[live.browserFingerprint.sensitivity];
      assert.deepEqual(
        result.inputs.adoptionChanges,
        before === "Off" ? undefined : { "browserFingerprint.sensitivity": `${before} => Off` },
      );
    });
  });

  describe("AccessListConfiguration", () => {
    const fixture = useKindProvider("AccessListConfiguration");

    it("reads a zone's lists once for all its configurations in one preview", async () => {
      const { emu, provider } = fixture();
      const [first, second] = emu.state.zone(1001)!.managedLists;
      for (const configuration of [first, second]) {
        const result = await provider.check(
          {},
          preview({
            shieldZoneId: 1001,
            configurationId: configuration.configurationId,
            isEnabled: !configuration.isEnabled,
          }),
        );
        assert.deepEqual(result.inputs.adoptionChanges, {
          isEnabled: `${configuration.isEnabled} => ${!configuration.isEnabled}`,
        });
      }
      assert.equal(emu.requests.length, 1, emu.requests.map((r) => r.route).join(", "));
    });
  });
});
