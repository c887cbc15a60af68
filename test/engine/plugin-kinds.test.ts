/**
 * Every resource kind through Pulumi's dynamic-provider plugin, spawned from an installed copy
 * of the package and driven over gRPC as the engine drives it: check, create, a no-op diff,
 * update, read and delete, each carrying the `__provider` text that kind's class produces.
 * Afterwards the emulator is as it was: adopted settings restored, owned objects gone.
 */
import { strict as assert } from "node:assert";
import { Emulator, startEmulator } from "../../src/emulator";
import { KINDS, type Kind } from "../../src/resources/kit/registry";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import {
  installPackedPackage,
  InstalledProgram,
  serializedProviderText,
} from "../support/packed-package";
import { DynamicProviderPlugin, PropertyBag, secret } from "../support/plugin-client";

type Props = Record<string, unknown>;

interface KindCase {
  create: Props;
  update: Props;
  /** What the emulator holds of this object (undefined when there is none). */
  live(emu: Emulator): unknown;
}

const rule = {
  shieldZoneId: 1002,
  conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" }],
};
const ruleNamed = (emu: Emulator, store: "wafCustomRules" | "rateLimits", name: string) =>
  [...emu.state.rules[store].values()].find((r) => r.ruleName === name);

// Typed by the registry's kinds: a kind added without a case here does not compile.
const CASES: Record<Kind, KindCase> = {
  AccessListConfiguration: {
    // Zone 1002's "VPN providers" list is seeded off, on Challenge.
    create: { shieldZoneId: 1002, configurationId: 100202, isEnabled: true, action: "Block" },
    update: { shieldZoneId: 1002, configurationId: 100202, isEnabled: true, action: "Log" },
    live: (emu) => {
      const { isEnabled, action } = emu.state.accessList(1002, 100202)!;
      return { isEnabled, action };
    },
  },
  ShieldZone: {
    // Zone 1002 is seeded in learning mode with a High DDoS sensitivity.
    create: { pullZoneId: 501002, learningMode: false, ddosShieldSensitivity: "Off" },
    update: { pullZoneId: 501002, learningMode: false, ddosShieldSensitivity: "Low" },
    live: (emu) => {
      const { learningMode, dDoSShieldSensitivity } = emu.state.zone(1002)!.settings;
      return { learningMode, dDoSShieldSensitivity };
    },
  },
  BotDetection: {
    create: { shieldZoneId: 1002, executionMode: "Challenge" },
    update: { shieldZoneId: 1002, executionMode: "Challenge", ipAddress: { sensitivity: "Low" } },
    live: (emu) => structuredClone(emu.state.zone(1002)!.botDetection),
  },
  UploadScanning: {
    create: { shieldZoneId: 1002, isEnabled: true, antivirusScanningMode: "Block" },
    update: { shieldZoneId: 1002, isEnabled: true, antivirusScanningMode: "Log" },
    live: (emu) => structuredClone(emu.state.zone(1002)!.uploadScanning),
  },
  AccessList: {
    create: { shieldZoneId: 1002, name: "plugin list", type: "IP", entries: ["192.0.2.1"] },
    update: {
      shieldZoneId: 1002,
      name: "plugin list",
      type: "IP",
      entries: ["192.0.2.1", "192.0.2.2"],
    },
    live: (emu) => emu.state.zone(1002)!.customLists.find((l) => l.name === "plugin list"),
  },
  WafCustomRule: {
    create: { ...rule, name: "plugin rule", action: "Block" },
    update: { ...rule, name: "plugin rule", action: "Log" },
    live: (emu) => ruleNamed(emu, "wafCustomRules", "plugin rule"),
  },
  RateLimit: {
    create: {
      ...rule,
      name: "plugin limit",
      action: "RateLimit",
      requestCount: 10,
      timeframe: 60,
      blockTime: 300,
    },
    update: {
      ...rule,
      name: "plugin limit",
      action: "RateLimit",
      requestCount: 20,
      timeframe: 60,
      blockTime: 300,
    },
    live: (emu) => ruleNamed(emu, "rateLimits", "plugin limit"),
  },
  ApiGuardian: {
    create: {
      shieldZoneId: 1002,
      isEnabled: true,
      openApiSpec: guardianDocument("1.0.0"),
      endpoints: { "GET /pets/{petId}": { detectParameterSqli: true } },
    },
    update: {
      shieldZoneId: 1002,
      isEnabled: true,
      openApiSpec: guardianDocument("1.0.0"),
      endpoints: { "GET /pets/{petId}": { detectParameterSqli: true, detectParameterXss: true } },
    },
    // The document stays uploaded (the service cannot give the earlier one back). A zone
    // never written has API Guardian off, in Log mode.
    live: (emu) => {
      const g = emu.state.zone(1002)!.apiGuardian;
      return { isEnabled: g?.isEnabled ?? false, executionMode: g?.executionMode ?? 0 };
    },
  },
  CustomPage: {
    create: { shieldZoneId: 1002, pageType: "Block", html: "<html><body>Blocked</body></html>" },
    update: { shieldZoneId: 1002, pageType: "block", html: "<html><body>Sorry.</body></html>" },
    live: (emu) => structuredClone(emu.state.zone(1002)!.customPages),
  },
  BotCategorization: {
    create: { shieldZoneId: 1002, categories: { AIScraper: "Block" }, bots: { GPTBot: "Allow" } },
    update: {
      shieldZoneId: 1002,
      categories: { AIScraper: "Block" },
      bots: { GPTBot: "Allow", "401": "Block" },
    },
    // A zone never written reads as None everywhere.
    live: (emu) =>
      structuredClone(emu.state.zone(1002)!.botCategorization ?? { categories: {}, bots: {} }),
  },
};

describe("Pulumi's dynamic-provider plugin over gRPC: every resource kind", function () {
  this.timeout(180_000);
  let program: InstalledProgram;
  let emu: Emulator;
  let plugin: DynamicProviderPlugin;

  before(async () => {
    program = await installPackedPackage();
    emu = await startEmulator();
    plugin = await DynamicProviderPlugin.start(program.dir, { engineAddress: "127.0.0.1:1" });
    await plugin.configure({
      variables: { "bunnynet:apiKey": emu.apiKey, "bunnynet:apiUrl": emu.url },
      args: { "bunnynet:apiKey": secret(emu.apiKey), "bunnynet:apiUrl": emu.url },
    });
  });
  after(async () => {
    await plugin?.close();
    await emu?.close();
  });

  for (const kind of KINDS) {
    const c = CASES[kind];
    it(`${kind}: check, create, no-op diff, update, read, delete`, async () => {
      const text = await serializedProviderText(program, kind, c.create);
      const urn = `urn:pulumi:test::shield-test-program::pulumi-nodejs:dynamic:Resource$bunnynet:${kind}::it`;
      const withProvider = (bag: PropertyBag): PropertyBag => ({ ...bag, __provider: text });
      const before = c.live(emu);

      const checked = await plugin.check(urn, {}, withProvider(c.create));
      assert.deepEqual(checked.failures, []);
      const created = await plugin.create(urn, checked.inputs);
      assert.ok(created.id, "an id");
      assert.equal(created.properties.__provider, text, "outputs keep __provider");
      assert.notDeepEqual(c.live(emu), before, "the service changed");
      assert.equal(
        (await plugin.diff(created.id, urn, created.properties, checked.inputs)).changes,
        "DIFF_NONE",
      );

      const next = (await plugin.check(urn, checked.inputs, withProvider(c.update))).inputs;
      const diff = await plugin.diff(created.id, urn, created.properties, next);
      assert.equal(diff.changes, "DIFF_SOME");
      assert.deepEqual(diff.replaces, []);
      const updated = await plugin.update(created.id, urn, created.properties, next);
      assert.equal(
        (await plugin.diff(created.id, urn, updated.properties, next)).changes,
        "DIFF_NONE",
      );
      const read = await plugin.read(created.id, urn, updated.properties);
      assert.equal(read.id, created.id);

      await plugin.delete(created.id, urn, read.properties!);
      assert.deepEqual(c.live(emu), before, "priors restored, or the owned object gone");
    });
  }
});
