/**
 * Testing layer 4: Pulumi's own dynamic-provider plugin, spawned from an installed copy of
 * the package and driven over gRPC the way the engine drives it, against the emulator.
 * Every property bag carries the `__provider` text that `AccessListConfiguration` really
 * produces in that installed copy, as the engine's state does.
 */
import { strict as assert } from "node:assert";
import { Emulator, startEmulator } from "../../src/emulator";
import {
  installPackedPackage,
  InstalledProgram,
  serializedProviderText,
} from "../support/packed-package";
import {
  DynamicProviderPlugin,
  PluginCallError,
  PropertyBag,
  secret,
  UNKNOWN,
} from "../support/plugin-client";

const TYPE = "bunnynet:AccessListConfiguration";
const urnOf = (name: string) =>
  `urn:pulumi:test::shield-test-program::pulumi-nodejs:dynamic:Resource$${TYPE}::${name}`;
const configurationPath = (zone: number, configurationId: number) =>
  `/shield/shield-zone/${zone}/access-lists/configurations/${configurationId}`;

/** Runs `fn` and returns the error it rejects with, failing if it resolves. */
async function rejection(fn: () => Promise<unknown>): Promise<PluginCallError> {
  try {
    await fn();
  } catch (error) {
    assert.ok(error instanceof PluginCallError, `expected a gRPC error, got ${String(error)}`);
    return error;
  }
  assert.fail("expected the call to fail");
}

describe("Pulumi's dynamic-provider plugin over gRPC (installed package)", function () {
  this.timeout(180_000);
  let program: InstalledProgram;
  let text: string;
  let emu: Emulator;
  let plugin: DynamicProviderPlugin;
  let configured: Awaited<ReturnType<DynamicProviderPlugin["configure"]>>;

  /** Stack config, as the engine sends it to a dynamic provider: namespaced keys, the key a secret. */
  const stackConfig = () => ({
    variables: { "bunnynet:apiKey": emu.apiKey, "bunnynet:apiUrl": emu.url },
    args: { "bunnynet:apiKey": secret(emu.apiKey), "bunnynet:apiUrl": emu.url },
  });
  /** Inputs as the program registers them: `__provider` beside the declared args. */
  const withProvider = (bag: PropertyBag): PropertyBag => ({ ...bag, __provider: text });
  const patches = () => emu.requests.filter((r) => r.method === "PATCH");
  const assertKeyNeverSent = () => {
    for (const r of emu.requests) {
      assert.ok(
        !JSON.stringify(r.headers).includes(emu.apiKey),
        `${r.method} ${r.path}: a header holds the key`,
      );
      assert.ok(
        !JSON.stringify(r).includes(emu.apiKey),
        `${r.method} ${r.path}: the record holds the key`,
      );
    }
  };

  before(async () => {
    program = await installPackedPackage();
    text = await serializedProviderText(program);
    emu = await startEmulator();
    // Any address will do: the 3.248 plugin only checks that one is given and never dials it.
    plugin = await DynamicProviderPlugin.start(program.dir, { engineAddress: "127.0.0.1:1" });
    // First, as the engine does: the plugin builds and configures each provider at its first use.
    configured = await plugin.configure(stackConfig());
  });
  after(async () => {
    await plugin?.close();
    await emu?.close();
  });
  beforeEach(() => emu.resetRequests());

  describe("Configure", () => {
    it("starts with an unreachable engine address, prints its port and takes the stack config", () => {
      assert.ok(plugin.port > 0);
      assert.ok(plugin.running);
      // The plugin tells the engine it takes no secrets: the engine strips the wrappers from properties.
      assert.deepEqual(configured, {
        acceptSecrets: false,
        acceptResources: false,
        supportsPreview: false,
      });
      assert.equal(emu.requests.length, 0, "configure calls no API");
    });
  });

  describe("Check", () => {
    it("validates and normalizes inputs, keeping __provider", async () => {
      const news = withProvider({
        shieldZoneId: 1001,
        configurationId: 100102,
        isEnabled: true,
        action: 2,
      });
      const checked = await plugin.check(urnOf("vpn"), {}, news);
      assert.deepEqual(checked.failures, []);
      assert.deepEqual(checked.inputs, {
        shieldZoneId: 1001,
        configurationId: 100102,
        isEnabled: true,
        action: "Block",
        __provider: text,
      });
      assert.equal(emu.requests.length, 0, "check calls no API");
    });

    it("names each bad or missing property in its own CheckFailure", async () => {
      const bad = withProvider({
        shieldZoneId: 0,
        configurationId: "x",
        isEnabled: "yes",
        action: "Explode",
        colour: 1,
      });
      const checked = await plugin.check(urnOf("bad"), {}, bad);
      assert.deepEqual(checked.failures.map((f) => f.property).sort(), [
        "action",
        "colour",
        "configurationId",
        "isEnabled",
        "shieldZoneId",
      ]);
      for (const f of checked.failures) assert.ok(f.reason.includes(f.property), f.reason);
      assert.match(checked.failures.find((f) => f.property === "action")!.reason, /"Explode"/);
      assert.equal(checked.inputs.__provider, text, "the failed inputs still carry __provider");

      const missing = await plugin.check(urnOf("missing"), {}, withProvider({ action: "Block" }));
      assert.deepEqual(missing.failures.map((f) => f.property).sort(), [
        "configurationId",
        "isEnabled",
        "shieldZoneId",
      ]);
      for (const f of missing.failures) assert.match(f.reason, /is required/);
    });

    it("lets the engine's unknown value through during preview", async () => {
      const news = withProvider({
        shieldZoneId: 1001,
        configurationId: UNKNOWN,
        isEnabled: UNKNOWN,
        action: "Log",
      });
      const checked = await plugin.check(urnOf("preview"), {}, news);
      assert.deepEqual(checked.failures, []);
      assert.equal(checked.inputs.configurationId, UNKNOWN);
      assert.equal(checked.inputs.isEnabled, UNKNOWN);
      assert.equal(checked.inputs.action, "Log");
    });
  });

  describe("Diff", () => {
    const outs = (): PropertyBag =>
      withProvider({
        shieldZoneId: 1001,
        configurationId: 100102,
        isEnabled: true,
        action: "Block",
        onDelete: "restore",
        listId: 2,
        name: "VPN providers",
        type: "CIDR",
        category: "VPNProviders",
        priorIsEnabled: false,
        priorAction: "Challenge",
      });
    const inputs = (change: PropertyBag = {}): PropertyBag =>
      withProvider({
        shieldZoneId: 1001,
        configurationId: 100102,
        isEnabled: true,
        action: "Block",
        ...change,
      });

    it("reports no change for the same inputs", async () => {
      const diff = await plugin.diff("1001/100102", urnOf("vpn"), outs(), inputs());
      assert.equal(diff.changes, "DIFF_NONE");
      assert.deepEqual(diff.replaces, []);
      assert.equal(diff.deleteBeforeReplace, false);
    });

    it("updates in place when isEnabled changes", async () => {
      const diff = await plugin.diff(
        "1001/100102",
        urnOf("vpn"),
        outs(),
        inputs({ isEnabled: false }),
      );
      assert.equal(diff.changes, "DIFF_SOME");
      assert.deepEqual(diff.replaces, []);
      assert.equal(diff.deleteBeforeReplace, false);
      // The plugin forwards only changes, replaces and deleteBeforeReplace.
      assert.deepEqual(diff.stables, []);
      assert.equal(diff.hasDetailedDiff, false);
    });

    it("replaces, deleting first, when the zone changes", async () => {
      const diff = await plugin.diff(
        "1001/100102",
        urnOf("vpn"),
        outs(),
        inputs({ shieldZoneId: 1002 }),
      );
      assert.equal(diff.changes, "DIFF_SOME");
      assert.deepEqual(diff.replaces, ["shieldZoneId"]);
      assert.equal(diff.deleteBeforeReplace, true);
    });

    it("ignores a change of the __provider text", async () => {
      const diff = await plugin.diff("1001/100102", urnOf("vpn"), outs(), {
        ...inputs(),
        __provider: `${text}\n`,
      });
      assert.equal(diff.changes, "DIFF_NONE");
    });
  });

  describe("lifecycle of one adopted configuration", () => {
    const zone = 1001;
    const configurationId = 100102; // "VPN providers": disabled, Challenge (3) in the seed
    const id = `${zone}/${configurationId}`;
    const urn = urnOf("vpn");
    let inputs: PropertyBag;
    let state: PropertyBag; // the outputs the engine would keep

    before(async () => {
      const live = emu.state.accessList(zone, configurationId)!;
      assert.deepEqual([live.isEnabled, live.action], [false, 3], "seed as expected");
      const checked = await plugin.check(
        urn,
        {},
        withProvider({ shieldZoneId: zone, configurationId, isEnabled: true, action: "Block" }),
      );
      assert.deepEqual(checked.failures, []);
      inputs = checked.inputs;
    });

    it("Create adopts the configuration with one PATCH and records the prior values", async () => {
      const created = await plugin.create(urn, inputs);
      assert.equal(created.id, id);
      const live = emu.state.accessList(zone, configurationId)!;
      assert.deepEqual(created.properties, {
        shieldZoneId: zone,
        configurationId,
        isEnabled: true,
        action: "Block",
        onDelete: "restore",
        listId: live.listId,
        name: "VPN providers",
        type: created.properties.type,
        category: created.properties.category,
        priorIsEnabled: false,
        priorAction: "Challenge",
        priors: { isEnabled: false, action: "Challenge" },
        __provider: text,
      });
      assert.equal(typeof created.properties.type, "string");
      assert.deepEqual([live.isEnabled, live.action], [true, 2], "the emulator's state changed");

      const [patch, ...more] = patches();
      assert.deepEqual(more, [], "exactly one PATCH");
      assert.equal(patch!.route, "updateAccessListConfiguration");
      assert.equal(patch!.path, configurationPath(zone, configurationId));
      assert.deepEqual(patch!.body, { isEnabled: true, action: 2 });
      assert.equal(patch!.status, 200);
      assert.ok(patch!.authenticated);
      assert.ok(
        emu.requests.every(
          (r) => r === patch || (r.method === "GET" && r.route === "listAccessLists"),
        ),
      );
      assertKeyNeverSent();
      state = created.properties;
    });

    it("Diff of the stored outputs against the same inputs shows no change", async () => {
      const diff = await plugin.diff(id, urn, state, inputs);
      assert.equal(diff.changes, "DIFF_NONE");
    });

    it("Read shows drift made behind Pulumi's back, keeping the prior values and __provider", async () => {
      emu.state.accessList(zone, configurationId)!.action = 4; // Log
      const read = await plugin.read(id, urn, state);
      assert.equal(read.id, id);
      assert.deepEqual(read.properties, { ...state, action: "Log" });
      assert.equal(
        read.inputs,
        undefined,
        "the provider returns no inputs, so the engine keeps its own",
      );
      assert.deepEqual(
        emu.requests.map((r) => [r.method, r.route]),
        [["GET", "listAccessLists"]],
      );
      state = read.properties!;

      const diff = await plugin.diff(id, urn, state, inputs);
      assert.equal(diff.changes, "DIFF_SOME");
      assert.deepEqual(diff.replaces, []);
    });

    it("Update sends one PATCH with only the changed field", async () => {
      const updated = await plugin.update(id, urn, state, inputs);
      assert.deepEqual(updated.properties, { ...state, action: "Block" });
      assert.deepEqual(
        patches().map((r) => [r.path, r.body]),
        [[configurationPath(zone, configurationId), { action: 2 }]],
      );
      assert.equal(emu.requests.length, 1, "update reads nothing first");
      assert.deepEqual(
        [
          emu.state.accessList(zone, configurationId)!.isEnabled,
          emu.state.accessList(zone, configurationId)!.action,
        ],
        [true, 2],
      );
      assertKeyNeverSent();
      state = updated.properties;
    });

    it("Delete restores the prior values with one PATCH", async () => {
      await plugin.delete(id, urn, state);
      const live = emu.state.accessList(zone, configurationId)!;
      assert.deepEqual([live.isEnabled, live.action], [false, 3], "restored");
      assert.deepEqual(
        emu.requests.map((r) => [r.method, r.path, r.body]),
        [["PATCH", configurationPath(zone, configurationId), { isEnabled: false, action: 3 }]],
      );
      assertKeyNeverSent();
    });
  });

  describe("failures and absence", () => {
    it("Read of a configuration removed from the service reports it gone (empty id)", async () => {
      const zone = 1002;
      const configurationId = 100204;
      const checked = await plugin.check(
        urnOf("asn"),
        {},
        withProvider({ shieldZoneId: zone, configurationId, isEnabled: true }),
      );
      const created = await plugin.create(urnOf("asn"), checked.inputs);
      assert.ok(emu.state.removeAccessList(zone, configurationId));
      emu.resetRequests();

      const read = await plugin.read(created.id, urnOf("asn"), created.properties);
      assert.equal(read.id, "");
      // The plugin still adds __provider to the (absent) properties.
      assert.deepEqual(read.properties, { __provider: text });
      assert.deepEqual(patches(), []);
    });

    it("Create of a configuration that does not exist fails naming zone and id, changing nothing", async () => {
      const before = JSON.stringify(emu.state.toJSON());
      const checked = await plugin.check(
        urnOf("ghost"),
        {},
        withProvider({ shieldZoneId: 1001, configurationId: 999999, isEnabled: true }),
      );
      assert.deepEqual(checked.failures, []);
      const error = await rejection(() => plugin.create(urnOf("ghost"), checked.inputs));
      assert.equal(error.code, 2, "UNKNOWN");
      assert.match(error.details, /1001\/999999/);
      assert.match(error.details, /shield zone 1001 has no access list configuration 999999/);
      assert.match(
        error.details,
        /100101 \(Tor exit nodes\)/,
        "it lists the zone's configurations",
      );
      assert.equal(error.initFailure, undefined, "nothing was adopted, so no init-failure details");
      assert.deepEqual(patches(), []);
      assert.equal(JSON.stringify(emu.state.toJSON()), before, "nothing else changed");
      assert.ok(plugin.running);
    });

    it("Create whose PATCH is refused reports an init failure that keeps the adoption", async () => {
      // Zone 1003 is on the Basic plan; "Known bad bots" (100303) needs Advanced.
      const checked = await plugin.check(
        urnOf("bots"),
        {},
        withProvider({ shieldZoneId: 1003, configurationId: 100303, isEnabled: true }),
      );
      const error = await rejection(() => plugin.create(urnOf("bots"), checked.inputs));
      assert.match(error.details, /1003\/100303: adopted, but setting the desired values failed/);
      assert.ok(error.initFailure, "grpc-status-details-bin carries ErrorResourceInitFailed");
      assert.equal(error.initFailure.id, "1003/100303");
      assert.equal(error.initFailure.reasons.length, 1);
      assert.deepEqual(
        [
          error.initFailure.properties.isEnabled,
          error.initFailure.properties.priorIsEnabled,
          error.initFailure.properties.priorAction,
          error.initFailure.properties.__provider,
        ],
        [false, false, "Block", text],
      );
      assert.equal(emu.state.accessList(1003, 100303)!.isEnabled, false);
      assert.equal(patches().length, 1);
      assertKeyNeverSent();
    });

    it("never prints the key on the plugin's stderr", () => {
      assert.ok(!plugin.stderr.includes(emu.apiKey));
    });
  });

  describe("Configure as the 3.248 plugin reads it", () => {
    let other: DynamicProviderPlugin;
    before(async () => {
      other = await DynamicProviderPlugin.start(program.dir);
    });
    after(() => other?.close());

    it("ignores `variables`, needs `args`, and configures the provider only once per process", async () => {
      // Without args the plugin throws inside its handler and never answers.
      const silent = await rejection(() =>
        other.configure({ variables: stackConfig().variables }, { timeoutMs: 3_000 }),
      );
      assert.equal(silent.code, 4, "DEADLINE_EXCEEDED");
      assert.match(other.stderr, /ConfigureRequest missing args/);

      // Variables alone do not reach the provider: it finds no key, and calls no API.
      await other.configure({ variables: stackConfig().variables, args: {} });
      const checked = await other.check(
        urnOf("vpn"),
        {},
        withProvider({ shieldZoneId: 1001, configurationId: 100101, isEnabled: true }),
      );
      const missing = await rejection(() => other.create(urnOf("vpn"), checked.inputs));
      assert.match(missing.details, /no bunny.net API key is configured/);

      // The provider was built and configured at its first use; a later Configure does not reach it.
      await other.configure(stackConfig());
      const still = await rejection(() => other.create(urnOf("vpn"), checked.inputs));
      assert.match(still.details, /no bunny.net API key is configured/);
      assert.equal(emu.requests.length, 0);
    });
  });
});
