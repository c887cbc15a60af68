/**
 * The plugin's gRPC server in this process, called over a real gRPC client as the engine calls
 * it, against the bundled emulator: schema and version, configuration (secret key, environment
 * fallbacks), check failures, the detailed diff, a failed delete, secrets, data functions.
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { Emulator, startEmulator } from "../../src/emulator";
import { tokenOf } from "../../src/plugin/kinds";
import { Empty, pluginProto, proto } from "../../src/plugin/protocol";
import { secret } from "../../src/plugin/wire";
import { UNKNOWN_VALUE } from "../../src/resources/kit/values";
import { PluginClient, type Bag } from "./client";

const ROOT = path.join(__dirname, "..", "..");
const SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (value: unknown) =>
  typeof value === "object" && value !== null && SIG in (value as Bag);

const LIST = tokenOf("AccessList");
const list = (entries: string[]): Bag => ({
  shieldZoneId: 1002,
  name: "server list",
  type: "IP",
  entries,
});

describe("plugin server (gRPC, in process)", function () {
  this.timeout(60_000);
  let emu: Emulator;
  let plugin: PluginClient;
  const saved = { ...process.env };

  before(async () => {
    emu = await startEmulator();
  });
  beforeEach(async () => {
    for (const key of Object.keys(process.env)) {
      if (key.startsWith("BUNNYNET_")) delete process.env[key];
    }
    plugin = await PluginClient.start();
  });
  afterEach(async () => {
    await plugin.close();
    process.env = { ...saved };
  });
  after(async () => emu.close());

  const configure = () => plugin.configure({ apiKey: secret(emu.apiKey), apiUrl: emu.url });

  describe("package", () => {
    it("GetSchema answers the shipped schema.json", async () => {
      assert.equal(await plugin.getSchema(), readFileSync(path.join(ROOT, "schema.json"), "utf8"));
    });

    it("GetPluginInfo answers the package version", async () => {
      const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
        version: string;
      };
      assert.equal(await plugin.getPluginInfo(), version);
    });
  });

  describe("engine start-up", () => {
    it("Handshake accepts secrets and resources, not output values", async () => {
      const response = await plugin.call<InstanceType<typeof proto.ProviderHandshakeResponse>>(
        "handshake",
        new proto.ProviderHandshakeRequest().setEngineAddress("127.0.0.1:1"),
      );
      assert.equal(response.getAcceptSecrets(), true);
      assert.equal(response.getAcceptResources(), true);
      assert.equal(response.getAcceptOutputs(), false);
    });

    it("GetMapping answers no mapping; Cancel and Attach answer", async () => {
      const mapping = await plugin.call<InstanceType<typeof proto.GetMappingResponse>>(
        "getMapping",
        new proto.GetMappingRequest().setKey("terraform"),
      );
      assert.equal(mapping.getProvider(), "");
      assert.equal(mapping.getData_asU8().length, 0);
      await plugin.call("cancel", new Empty());
      await plugin.call("attach", new pluginProto.PluginAttach().setAddress("127.0.0.1:1"));
    });

    it("refuses what it does not implement, saying so", async () => {
      await assert.rejects(
        plugin.call("construct", new proto.ConstructRequest()),
        /bunnynet-shield does not implement Construct/,
      );
    });
  });

  describe("configuration", () => {
    it("CheckConfig keeps the key secret, even when given as plain text", async () => {
      const { inputs, failures } = await plugin.checkConfig({
        apiKey: emu.apiKey,
        apiUrl: emu.url,
      });
      assert.deepEqual(failures, []);
      assert.ok(isSecret(inputs.apiKey), JSON.stringify(inputs));
      assert.equal(inputs.apiUrl, emu.url);
    });

    it("CheckConfig names a bad setting, and an unknown one, without showing the value", async () => {
      const { failures } = await plugin.checkConfig({
        apiUrl: "http://example.com",
        apikey: "emu_misplaced_key",
      });
      assert.deepEqual(
        failures.map(([property]) => property),
        ["apikey"],
      );
      assert.ok(!failures[0][1].includes("emu_misplaced_key"), failures[0][1]);
      const insecure = await plugin.checkConfig({ apiUrl: "http://example.com/api" });
      assert.deepEqual(
        insecure.failures.map(([property]) => property),
        ["apiUrl"],
      );
      assert.match(insecure.failures[0][1], /allowInsecureHttp|loopback/);
      const allowed = await plugin.checkConfig({
        apiUrl: "http://example.com/api",
        allowInsecureHttp: "true",
      });
      assert.deepEqual(allowed.failures, []);
    });

    it("CheckConfig checks the environment's values too, naming the variable", async () => {
      process.env.BUNNYNET_API_URL = "ftp://example.com";
      const { failures } = await plugin.checkConfig({});
      assert.deepEqual(
        failures.map(([property]) => property),
        ["apiUrl"],
      );
      assert.match(failures[0][1], /BUNNYNET_API_URL/);
    });

    it("Configure accepts secrets and resources and supports previews", async () => {
      const response = await configure();
      assert.equal(response.getAcceptsecrets(), true);
      assert.equal(response.getSupportspreview(), true);
      assert.equal(response.getAcceptresources(), true);
    });

    it("takes the key and the address from the environment when the configuration has none", async () => {
      process.env.BUNNYNET_API_KEY = emu.apiKey;
      process.env.BUNNYNET_API_URL = emu.url;
      await plugin.configure({});
      const zones = await plugin.invoke(tokenOf("getShieldZones"), {});
      assert.ok(Array.isArray(zones.shieldZones) && zones.shieldZones.length > 0);
    });

    it("without any key, a call says how to set it; a wrong key never shows in an error", async () => {
      await plugin.configure({ apiUrl: emu.url });
      await assert.rejects(plugin.create(LIST, list(["192.0.2.1"])), (error: Error) =>
        /no bunny\.net API key/.test(error.message),
      );
      const wrongKey = "emu_0123456789abcdef0123456789abcdef";
      await plugin.configure({ apiKey: secret(wrongKey), apiUrl: emu.url });
      await assert.rejects(plugin.create(LIST, list(["192.0.2.1"])), (error: Error) => {
        assert.ok(!error.message.includes(wrongKey), error.message);
        return /401|key|unauthor/i.test(error.message);
      });
    });
  });

  describe("Check", () => {
    beforeEach(configure);

    it("names each bad field with what it must be", async () => {
      const { failures } = await plugin.check(
        LIST,
        {},
        {
          shieldZoneId: 0,
          type: "IP",
          entries: ["192.0.2.1"],
          colour: "red",
        },
      );
      const byProperty = Object.fromEntries(failures);
      assert.deepEqual(Object.keys(byProperty).sort(), ["colour", "name", "shieldZoneId"]);
      assert.match(byProperty.shieldZoneId, /^shieldZoneId must be .*got 0/);
      assert.match(byProperty.name, /name is required/);
      assert.match(byProperty.colour, /not an input of AccessList/);
    });

    it("keeps a secret input secret, and an unknown one unknown", async () => {
      const { inputs, failures } = await plugin.check(
        LIST,
        {},
        {
          ...list(["192.0.2.1"]),
          name: secret("server list"),
          description: UNKNOWN_VALUE,
        },
      );
      assert.deepEqual(failures, []);
      assert.deepEqual(inputs.name, secret("server list"));
      assert.equal(inputs.description, UNKNOWN_VALUE);
    });
  });

  describe("Diff", () => {
    beforeEach(configure);
    const outputs = (entries: string[]): Bag => ({
      ...list(entries),
      listId: 7,
      configurationId: 70,
      entryCount: entries.length,
      isEnabled: true,
      action: "Block",
      adoptExisting: false,
    });

    it("a set member added or removed is one ADD or DELETE at its own index", async () => {
      const before = ["192.0.2.1", "192.0.2.2", "192.0.2.3"];
      const after = ["192.0.2.1", "192.0.2.3", "192.0.2.9"];
      const diff = await plugin.diff(LIST, "1002/7", outputs(before), list(after), list(before));
      assert.equal(diff.changes, "DIFF_SOME");
      assert.equal(diff.hasDetailedDiff, true);
      assert.deepEqual(diff.replaces, []);
      assert.deepEqual(diff.detailed, {
        "entries[1]": { kind: "DELETE", inputDiff: true },
        "entries[2]": { kind: "ADD", inputDiff: true },
      });
    });

    it("the same set in another order is no change", async () => {
      const before = ["192.0.2.1", "192.0.2.2"];
      const diff = await plugin.diff(
        LIST,
        "1002/7",
        outputs(before),
        list([...before].reverse()),
        list(before),
      );
      assert.equal(diff.changes, "DIFF_NONE");
      assert.deepEqual(diff.detailed, {});
    });

    it("a replacement names the property that forces it", async () => {
      const before = ["192.0.2.1"];
      const diff = await plugin.diff(
        LIST,
        "1002/7",
        outputs(before),
        { ...list(before), type: "CIDR", entries: ["192.0.2.0/24"] },
        list(before),
      );
      assert.deepEqual(diff.replaces, ["type"]);
      assert.equal(diff.deleteBeforeReplace, true);
      assert.deepEqual(diff.detailed.type, { kind: "UPDATE_REPLACE", inputDiff: true });
      // The one member removed where another is added: that place updated.
      assert.deepEqual(diff.detailed["entries[0]"], { kind: "UPDATE", inputDiff: true });
      assert.deepEqual([...diff.diffs].sort(), ["entries", "type"]);
    });

    it("drift (old inputs as new, outputs differ) is an update read in the outputs", async () => {
      const declared = ["192.0.2.1"];
      const diff = await plugin.diff(
        LIST,
        "1002/7",
        { ...outputs(declared), isEnabled: false },
        { ...list(declared), isEnabled: true },
        { ...list(declared), isEnabled: true },
      );
      assert.deepEqual(diff.detailed, { isEnabled: { kind: "UPDATE", inputDiff: false } });
    });

    it("a member of an object input is its own path", async () => {
      const token = tokenOf("BotDetection");
      const olds = {
        shieldZoneId: 1002,
        executionMode: "Challenge",
        ipAddress: { sensitivity: "Medium" },
        onDelete: "restore",
        priors: {},
      };
      const inputs = { shieldZoneId: 1002, executionMode: "Challenge" };
      const news = { ...inputs, ipAddress: { sensitivity: "High" } };
      const diff = await plugin.diff(token, "1002", olds, news, {
        ...inputs,
        ipAddress: { sensitivity: "Medium" },
      });
      assert.deepEqual(diff.detailed, {
        "ipAddress.sensitivity": { kind: "UPDATE", inputDiff: true },
      });
    });
  });

  describe("Delete", () => {
    beforeEach(configure);
    afterEach(() => emu.faults.clear());

    it("fails a restore the service answered as done without applying it, as the kit does", async () => {
      const token = tokenOf("UploadScanning");
      const prior = emu.state.zone(1002)!.uploadScanning.isEnabled;
      const { id, outs } = await plugin.create(token, { shieldZoneId: 1002, isEnabled: !prior });
      emu.faults.add({
        route: "updateUploadScanning",
        ignoreFields: ["isEnabled"],
        times: Infinity,
      });
      await assert.rejects(
        plugin.delete(token, id, outs),
        new RegExp(
          `delete \\(restore\\) failed; the resource stays in state: the service answered the write as done but did not apply isEnabled \\(asked ${prior}, it kept ${!prior}\\)`,
        ),
      );
      emu.faults.clear();
      await plugin.delete(token, id, outs);
      assert.equal(emu.state.zone(1002)!.uploadScanning.isEnabled, prior);
    });
  });

  describe("Invoke", () => {
    beforeEach(configure);

    it("runs a data function by its token", async () => {
      const zone = await plugin.invoke(tokenOf("getShieldZone"), { shieldZoneId: 1002 });
      assert.equal(zone.shieldZoneId, 1002);
      assert.equal(zone.pullZoneId, 501002);
    });

    it("marks every result secret when an argument was, none when none was", async () => {
      const token = tokenOf("getShieldZone");
      const hidden = await plugin.invoke(token, { shieldZoneId: secret(1002) });
      assert.ok(Object.keys(hidden).length > 1, JSON.stringify(hidden));
      for (const [key, value] of Object.entries(hidden)) {
        assert.ok(isSecret(value), `${key} is not secret: ${JSON.stringify(value)}`);
      }
      assert.deepEqual(hidden.pullZoneId, secret(501002));
      const plain = await plugin.invoke(token, { shieldZoneId: 1002 });
      assert.deepEqual(
        Object.keys(plain).filter((key) => isSecret(plain[key])),
        [],
      );
      assert.equal(plain.pullZoneId, 501002);
    });

    it("names the function and the field of a bad argument", async () => {
      await assert.rejects(
        plugin.invoke(tokenOf("getShieldZone"), { shieldZoneId: -1 }),
        /getShieldZone.*shieldZoneId/,
      );
    });

    it("names the functions there are for an unknown token", async () => {
      await assert.rejects(
        plugin.invoke(tokenOf("getNothing"), {}),
        /unknown function "bunnynet-shield:index:getNothing"; the functions are .*getShieldZones/,
      );
    });
  });
});
