/**
 * Adopting changes nothing that is already so (issue 33). For every kind that adopts (the
 * settings kinds always, lists, rules, pages with `adoptExisting`), against a zone configured
 * beforehand through the client as the dashboard would: a program that declares the live object
 * as it is writes nothing at all (the emulator's request log holds no write), and its preview
 * says so (`adoptionChanges: "none: …"`); one that declares a single thing otherwise writes
 * exactly that difference, and its preview names it. The provider's methods run as the plugin
 * calls them (check with the preview flag, then check and create as `pulumi up` does).
 */
import { strict as assert } from "node:assert";
import type { Emulator, RouteName } from "../../src/emulator";
import { ShieldClient } from "../../src/client/shield-client";
import type { Kind } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";
import { guardianDocument } from "./api-guardian.fixtures";

type Props = Record<string, unknown>;

/** The zone every case configures (Advanced: it has bot detection and custom pages). */
const ZONE = 1002;

/** One kind: its live object made by hand, declared as it is, and declared with one difference. */
interface Case {
  kind: Kind;
  /** Configures the live object through the client, as the dashboard would. */
  configure(client: ShieldClient, emu: Emulator): Promise<void>;
  /** Inputs that declare the live object exactly (sets in another order). */
  same(emu: Emulator): Props;
  /** The same with one thing different; the preview's lines, and the one write it makes. */
  different(emu: Emulator): Props;
  changes: Record<string, string>;
  writes: (emu: Emulator) => Array<{ route: RouteName; body: unknown }>;
}

/** `count` addresses of 198.18.0.0/15 (for benchmarks), the `from`-th on. */
const addresses = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `198.18.${(from + i) >> 8}.${(from + i) & 255}`);

const CONDITIONS = [
  { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" },
  { variable: "REQUEST_HEADERS", variableValue: "User-Agent", operator: "CONTAINS", value: "curl" },
  { variable: "REMOTE_ADDR", operator: "STREQ", value: "192.0.2.7", negated: true },
];
/** The conditions as the API takes them: the first one, then the chained ones. */
const conditionBodies = [
  {
    variableTypes: { REQUEST_URI: "" },
    operatorType: 0,
    value: "/admin",
    isNegated: false,
    isRegexVariable: false,
  },
  {
    variableTypes: { REQUEST_HEADERS: "User-Agent" },
    operatorType: 2,
    value: "curl",
    isNegated: false,
    isRegexVariable: false,
  },
  {
    variableTypes: { REMOTE_ADDR: "" },
    operatorType: 15,
    value: "192.0.2.7",
    isNegated: true,
    isRegexVariable: false,
  },
];
const [firstCondition, ...chained] = conditionBodies;
/** A rule's conditions in another order than the service's: a set, so the same. */
const reordered = [CONDITIONS[2], CONDITIONS[0], CONDITIONS[1]];

const PAGE = "<!doctype html>\n<html><body><h1>Blocked</h1><p>Ask {{support}}.</p></body></html>";

const CASES: Case[] = [
  {
    kind: "ShieldZone",
    async configure(client) {
      await client.shieldZones.update(ZONE, {
        wafExecutionMode: 0,
        wafDisabledRules: ["913100", "942100"],
        wafRequestIgnoredHeaders: ["Cookie", "X-Debug"],
        dDoSShieldSensitivity: 3,
        dDoSChallengeWindow: 1800,
      });
    },
    same: () => ({
      pullZoneId: 501002,
      wafExecutionMode: "Log",
      wafDisabledRules: ["942100", "913100"],
      wafRequestIgnoredHeaders: ["X-Debug", "Cookie"],
      ddosShieldSensitivity: "High",
      ddosChallengeWindow: 1800,
    }),
    different: () => ({
      pullZoneId: 501002,
      wafExecutionMode: "Log",
      wafDisabledRules: ["942100", "913100"],
      ddosShieldSensitivity: "Medium",
      ddosChallengeWindow: 1800,
    }),
    changes: { ddosShieldSensitivity: "High => Medium" },
    writes: () => [
      {
        route: "updateShieldZone",
        body: { shieldZoneId: ZONE, shieldZone: { shieldZoneId: ZONE, dDoSShieldSensitivity: 2 } },
      },
    ],
  },
  {
    kind: "BotDetection",
    async configure(client) {
      await client.botDetection.update(ZONE, {
        executionMode: 1,
        requestIntegrity: { sensitivity: 3 },
        ipAddress: { sensitivity: 1 },
        browserFingerprint: { sensitivity: 2, aggression: 3, complexEnabled: true },
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      executionMode: "Challenge",
      requestIntegrity: { sensitivity: "High" },
      ipAddress: { sensitivity: "Low" },
      browserFingerprint: { sensitivity: "Medium", aggression: "High", complexEnabled: true },
    }),
    different: () => ({
      shieldZoneId: ZONE,
      executionMode: "Challenge",
      requestIntegrity: { sensitivity: "High" },
      ipAddress: { sensitivity: "Medium" },
    }),
    changes: { "ipAddress.sensitivity": "Low => Medium" },
    writes: () => [
      { route: "updateBotDetection", body: { shieldZoneId: ZONE, ipAddress: { sensitivity: 2 } } },
    ],
  },
  {
    kind: "BotCategorization",
    async configure(client, emu) {
      await client.botCategorization.setCategoryAction(ZONE, 2, 1);
      await client.botCategorization.setBotAction(ZONE, botId(emu, "GPTBot"), 2);
    },
    same: () => ({
      shieldZoneId: ZONE,
      categories: { AIScraper: "Block" },
      bots: { GPTBot: "Allow" },
    }),
    different: () => ({
      shieldZoneId: ZONE,
      categories: { AIScraper: "Block" },
      bots: { GPTBot: "Ignore" },
    }),
    changes: { "bots.GPTBot": "Allow => Ignore" },
    writes: () => [{ route: "setBotAction", body: { action: 3 } }],
  },
  {
    kind: "UploadScanning",
    async configure(client) {
      await client.uploadScanning.update(ZONE, {
        isEnabled: true,
        antivirusScanningMode: 2,
        csamScanningMode: 1,
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      isEnabled: true,
      antivirusScanningMode: "Block",
      csamScanningMode: "Log",
    }),
    different: () => ({
      shieldZoneId: ZONE,
      isEnabled: true,
      antivirusScanningMode: "Block",
      csamScanningMode: "Block",
    }),
    changes: { csamScanningMode: "Log => Block" },
    writes: () => [
      { route: "updateUploadScanning", body: { shieldZoneId: ZONE, csamScanningMode: 2 } },
    ],
  },
  {
    kind: "ApiGuardian",
    async configure(client) {
      await client.apiGuardian.uploadSpecification(ZONE, { content: guardianDocument("2.0.0") });
      await client.apiGuardian.update(ZONE, { isEnabled: true, executionMode: 1 });
      const { endpoints } = await client.apiGuardian.get(ZONE);
      const get = endpoints.find((e) => e.requestMethod === "GET")!;
      await client.apiGuardian.updateEndpoint(ZONE, get.apiGuardianEndpointId, {
        detectParameterSqli: true,
        injectionDetectionParameters: { Path: ["petId"], Query: [], Header: [], Cookie: [] },
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      isEnabled: true,
      executionMode: "Block",
      openApiSpec: guardianDocument("2.0.0"),
      endpoints: {
        "GET /pets/{petId}": {
          detectParameterSqli: true,
          injectionDetectionParameters: { Path: ["petId"] },
        },
      },
    }),
    different: () => ({
      shieldZoneId: ZONE,
      isEnabled: false,
      executionMode: "Block",
      openApiSpec: guardianDocument("2.0.0"),
    }),
    changes: { isEnabled: "true => false" },
    writes: () => [{ route: "updateApiGuardian", body: { isEnabled: false } }],
  },
  {
    kind: "AccessListConfiguration",
    async configure(client) {
      await client.accessLists.updateConfiguration(ZONE, 100202, { isEnabled: true, action: 4 });
    },
    same: () => ({ shieldZoneId: ZONE, configurationId: 100202, isEnabled: true, action: "Log" }),
    different: () => ({
      shieldZoneId: ZONE,
      configurationId: 100202,
      isEnabled: true,
      action: "Challenge",
    }),
    changes: { action: "Log => Challenge" },
    writes: () => [{ route: "updateAccessListConfiguration", body: { action: 3 } }],
  },
  {
    kind: "AccessList",
    async configure(client) {
      const list = await client.accessLists.create(ZONE, {
        name: "Partners by hand",
        description: "Made in the dashboard",
        type: 0,
        content: addresses(300).join("\n"),
      });
      const { customLists } = await client.accessLists.list(ZONE);
      const { configurationId } = customLists.find((l) => l.listId === list.id)!;
      await client.accessLists.updateConfiguration(ZONE, configurationId, {
        isEnabled: false,
        action: 1,
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      name: "Partners by hand",
      description: "Made in the dashboard",
      type: "IP",
      entries: addresses(300).reverse(),
      isEnabled: false,
      action: "Allow",
      adoptExisting: true,
    }),
    different: () => ({
      shieldZoneId: ZONE,
      name: "Partners by hand",
      description: "Made in the dashboard",
      type: "IP",
      entries: [...addresses(299, 1), "192.0.2.99"],
      isEnabled: false,
      action: "Allow",
      adoptExisting: true,
    }),
    changes: { entries: "300 => 300 members; + 192.0.2.99; - 198.18.0.0" },
    writes: () => [
      {
        route: "updateCustomAccessList",
        body: { content: [...addresses(299, 1), "192.0.2.99"].join("\n") },
      },
    ],
  },
  {
    kind: "WafCustomRule",
    async configure(client) {
      await client.wafCustomRules.create({
        shieldZoneId: ZONE,
        ruleName: "Admin from curl",
        ruleDescription: "Made in the dashboard",
        ruleConfiguration: {
          ...firstCondition,
          actionType: 3,
          severityType: 2,
          transformationTypes: [8, 19],
          chainedRuleConditions: chained,
        },
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      name: "Admin from curl",
      description: "Made in the dashboard",
      action: "Challenge",
      severity: "CRITICAL",
      conditions: reordered,
      transformations: ["URLDECODE", "LOWERCASE"],
      adoptExisting: true,
    }),
    different: () => ({
      shieldZoneId: ZONE,
      name: "Admin from curl",
      description: "Made in the dashboard",
      action: "Block",
      severity: "CRITICAL",
      conditions: CONDITIONS,
      transformations: ["LOWERCASE", "URLDECODE"],
      adoptExisting: true,
    }),
    changes: { action: "Challenge => Block" },
    // The API takes a rule's configuration whole: the one write sends all of it.
    writes: () => [
      {
        route: "updateWafCustomRule",
        body: {
          ruleName: "Admin from curl",
          ruleDescription: "Made in the dashboard",
          ruleConfiguration: {
            ...firstCondition,
            actionType: 1,
            severityType: 2,
            transformationTypes: [8, 19],
            chainedRuleConditions: chained,
          },
        },
      },
    ],
  },
  {
    kind: "RateLimit",
    async configure(client) {
      await client.rateLimits.create({
        shieldZoneId: ZONE,
        ruleName: "Login by hand",
        ruleDescription: "",
        ruleConfiguration: {
          ...firstCondition,
          value: "/login",
          actionType: 1,
          requestCount: 30,
          timeframe: 60,
          blockTime: 900,
          counterKeyType: 0,
          transformationTypes: [],
          chainedRuleConditions: [],
        },
      });
    },
    same: () => ({
      shieldZoneId: ZONE,
      name: "Login by hand",
      action: "RateLimit",
      conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
      requestCount: 30,
      timeframe: "PerOneMinute",
      blockTime: 900,
      adoptExisting: true,
    }),
    different: () => ({
      shieldZoneId: ZONE,
      name: "Login by hand",
      action: "RateLimit",
      conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/login" }],
      requestCount: 20,
      timeframe: "PerOneMinute",
      blockTime: 900,
      adoptExisting: true,
    }),
    changes: { requestCount: "30 => 20" },
    writes: () => [
      {
        route: "updateRateLimit",
        body: {
          ruleName: "Login by hand",
          ruleDescription: "",
          ruleConfiguration: {
            ...firstCondition,
            value: "/login",
            actionType: 1,
            transformationTypes: [],
            chainedRuleConditions: [],
            requestCount: 20,
            timeframe: 60,
            blockTime: 900,
            counterKeyType: 0,
          },
        },
      },
    ],
  },
  {
    kind: "CustomPage",
    async configure(client) {
      await client.customPages.upload(ZONE, "block", PAGE);
    },
    same: () => ({ shieldZoneId: ZONE, pageType: "Block", html: PAGE, adoptExisting: true }),
    different: () => ({
      shieldZoneId: ZONE,
      pageType: "block",
      html: PAGE.replace("Blocked", "Not here"),
      adoptExisting: true,
    }),
    changes: {
      html: "<!doctype html>\n<html><body><h1>Blocked<… (81 characters) => <!doctype html>\n<html><body><h1>Not here… (82 characters)",
    },
    writes: () => [{ route: "uploadCustomPage", body: PAGE.replace("Blocked", "Not here") }],
  },
];

function botId(emu: Emulator, name: string): number {
  return emu.state.botCatalogue.find((b) => b.userAgentMatch === name)!.botId;
}

const writesIn = (emu: Emulator) =>
  emu.requests
    .filter((r) => r.method !== "GET")
    .map((r) => ({ route: r.route as RouteName, body: r.body }));

for (const c of CASES) {
  describe(`${c.kind}: adopting what is already so writes nothing`, function () {
    this.timeout(30_000);
    const fixture = useKindProvider(c.kind);

    async function configured() {
      const { emu, provider } = fixture();
      await c.configure(new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url }), emu);
      emu.resetRequests();
      return { emu, provider };
    }

    it("the object as it is: up writes nothing, and the next run has no change", async () => {
      const { emu, provider } = await configured();
      const engine = new MiniEngine(provider);
      const adopted = await engine.up(c.same(emu));
      assert.ifError(adopted.error);
      assert.equal(adopted.action, "create");
      assert.deepEqual(writesIn(emu), [], "no write at all");
      assert.equal((await engine.up(c.same(emu))).action, "same");
    });

    it("the object as it is: the preview says the adoption changes nothing", async () => {
      const { emu, provider } = await configured();
      const previewed = await provider.check({}, { ...c.same(emu), __preview: true });
      assert.equal(previewed.failures, undefined);
      assert.match(
        String(previewed.inputs.adoptionChanges),
        /^none: the live object \(.+\) already has the declared values$/,
        JSON.stringify(previewed.inputs.adoptionChanges),
      );
      assert.deepEqual(writesIn(emu), []);
    });

    it("one thing otherwise: up writes only that", async () => {
      const { emu, provider } = await configured();
      const engine = new MiniEngine(provider);
      const adopted = await engine.up(c.different(emu));
      assert.ifError(adopted.error);
      assert.deepEqual(writesIn(emu), c.writes(emu));
      assert.equal((await engine.up(c.different(emu))).action, "same");
    });

    it("one thing otherwise: the preview names it", async () => {
      const { emu, provider } = await configured();
      const previewed = await provider.check({}, { ...c.different(emu), __preview: true });
      assert.deepEqual(previewed.inputs.adoptionChanges, c.changes);
    });
  });
}

describe("AccessList: what no write can change is refused before any write", function () {
  const fixture = useKindProvider("AccessList");

  it("a list of another type or description is not adopted, and nothing is written", async () => {
    const { emu, provider } = fixture();
    const client = new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await CASES.find((c) => c.kind === "AccessList")!.configure(client, emu);
    emu.resetRequests();
    const inputs = {
      shieldZoneId: ZONE,
      name: "Partners by hand",
      description: "Written in the program",
      type: "IP",
      entries: addresses(2),
      adoptExisting: true,
    };
    const previewed = await provider.check({}, { ...inputs, __preview: true });
    assert.deepEqual(previewed.inputs.adoptionChanges, {
      description:
        "Made in the dashboard => Written in the program (pulumi up refuses to adopt it: this cannot be changed in place)",
      entries: "300 => 2 members; - 198.18.0.10, 198.18.0.100, 198.18.0.101 and 295 more",
      isEnabled: "false => true",
      action: "Allow => Block",
    });
    const failed = await new MiniEngine(provider).up(inputs);
    assert.match(
      String((failed.error as Error | undefined)?.message),
      /cannot be adopted as declared \(id 1002\/\d+\): its description is "Made in the dashboard", not "Written in the program".*Nothing was written/,
    );
    assert.deepEqual(writesIn(emu), []);
  });
});

describe("owned kinds: the preview of adoptExisting", function () {
  const fixture = useKindProvider("WafCustomRule");

  it("says when there is nothing to adopt, and reads nothing without adoptExisting or in up", async () => {
    const { emu, provider } = fixture();
    const inputs = {
      shieldZoneId: ZONE,
      name: "Not there",
      action: "Block",
      conditions: [CONDITIONS[0]],
    };
    const adopting = await provider.check({}, { ...inputs, adoptExisting: true, __preview: true });
    assert.equal(
      adopting.inputs.adoptionChanges,
      "nothing to adopt: shield zone 1002 has no WafCustomRule of this name; pulumi up creates it",
    );
    emu.resetRequests();
    const creating = await provider.check({}, { ...inputs, __preview: true });
    const up = await provider.check({}, { ...inputs, adoptExisting: true });
    const later = await provider.check(
      { ...inputs, adoptExisting: true },
      { ...inputs, adoptExisting: true, action: "Log", __preview: true },
    );
    for (const result of [creating, up, later]) {
      assert.equal("adoptionChanges" in result.inputs, false);
    }
    assert.equal(emu.requests.length, 0);
  });
});

describe("ApiGuardian: a document the zone already yields is not uploaded again", function () {
  const fixture = useKindProvider("ApiGuardian");

  async function withDocument(version: string) {
    const { emu, provider } = fixture();
    const client = new ShieldClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    await client.apiGuardian.uploadSpecification(ZONE, { content: guardianDocument(version) });
    emu.resetRequests();
    return { emu, provider };
  }

  it("another version is uploaded at adoption, and the preview says why", async () => {
    const { emu, provider } = await withDocument("1.0.0");
    const inputs = { shieldZoneId: ZONE, openApiSpec: guardianDocument("1.1.0") };
    const previewed = await provider.check({}, { ...inputs, __preview: true });
    assert.deepEqual(previewed.inputs.adoptionChanges, {
      openApiSpec: 'uploaded: version "1.0.0" => "1.1.0"',
    });
    const engine = new MiniEngine(provider);
    assert.ifError((await engine.up(inputs)).error);
    assert.deepEqual(
      writesIn(emu).map((w) => w.route),
      ["updateApiGuardianSpecification"],
    );
    assert.equal((await engine.up(inputs)).action, "same");
  });

  it("a document with other endpoints or parameters is uploaded; the same one is not", async () => {
    const { emu, provider } = await withDocument("1.0.0");
    const extra = guardianDocument("1.0.0").replace(
      "    delete:",
      "    put:\n      responses: { '200': { description: put } }\n    delete:",
    );
    const moreParameters = guardianDocument("1.0.0").replace("name: fields", "name: expand");
    const check = async (text: string) =>
      (await provider.check({}, { shieldZoneId: ZONE, openApiSpec: text, __preview: true })).inputs
        .adoptionChanges;
    assert.deepEqual(await check(extra), {
      openApiSpec: "uploaded: endpoints + PUT /pets/{petId}",
    });
    assert.deepEqual(await check(moreParameters), {
      openApiSpec: "uploaded: the parameters of GET /pets/{petId}",
    });
    assert.match(String(await check(guardianDocument("1.0.0"))), /^none: /);
    const engine = new MiniEngine(provider);
    assert.ifError((await engine.up({ shieldZoneId: ZONE, openApiSpec: moreParameters })).error);
    assert.deepEqual(
      writesIn(emu).map((w) => w.route),
      ["updateApiGuardianSpecification"],
    );
    // Once recorded, a changed document is uploaded whatever the service shows of it.
    emu.resetRequests();
    const reformatted = `${moreParameters}# a comment\n`;
    assert.equal(
      (await engine.up({ shieldZoneId: ZONE, openApiSpec: reformatted })).action,
      "update",
    );
    assert.deepEqual(
      writesIn(emu).map((w) => w.route),
      ["updateApiGuardianSpecification"],
    );
  });
});
