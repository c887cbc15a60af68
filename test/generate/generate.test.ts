/**
 * `generateProgram` against the emulator: every kind of a furnished zone, only the values that
 * differ from the defaults, stable names, the same program under faults, each object read once,
 * the round trip through a change made behind Pulumi's back, and the errors that stop it.
 */
import { strict as assert } from "node:assert";
import { ShieldClient } from "../../src/client/shield-client";
import { CustomPageTypes } from "../../src/client/areas/custom-pages";
import { RateLimitCounterKeyType, UploadScanningMode } from "../../src/client/enums";
import { generateProgram, type GenerateOptions } from "../../src/generate";
import {
  ProgramReference,
  type ProgramModel,
  type ProgramResource,
} from "../../src/generate/model";
import {
  BASIC_ZONE,
  BLOCK_PAGE,
  fastClient,
  OPENAPI,
  PULL_ZONE,
  useFurnishedEmulator,
  ZONE,
} from "./zone";

type Args = Record<string, unknown>;

/** The resources of a model, by name. */
function resources(model: ProgramModel): Map<string, ProgramResource> {
  return new Map(
    model.zones
      .flatMap((zone) => zone.statements)
      .filter((s): s is ProgramResource => s.type === "resource")
      .map((r) => [r.name, r]),
  );
}

/** A resource's arguments as an object (references kept). */
function argsOf(model: ProgramModel, name: string): Args {
  const resource = resources(model).get(name);
  assert.ok(resource, `no resource ${name}; there are ${[...resources(model).keys()].join(", ")}`);
  return Object.fromEntries(resource.args.map((a) => [a.name, a.value]));
}

/** The lines `after` has and `before` lacks, and the other way round. */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  // Longest common subsequence, enough for files of a few hundred lines.
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) removed.push(a[i++]!);
    else added.push(b[j++]!);
  }
  return { removed: [...removed, ...a.slice(i)], added: [...added, ...b.slice(j)] };
}

describe("generateProgram", function () {
  this.timeout(60_000);
  const emulator = useFurnishedEmulator();
  const generate = (options: Partial<GenerateOptions> = {}) =>
    generateProgram({
      zones: [{ pullZoneId: PULL_ZONE, openApiDocument: OPENAPI }],
      client: fastClient(emulator()),
      ...options,
    });

  describe("a furnished zone", () => {
    let program: Awaited<ReturnType<typeof generateProgram>>;
    before(async () => {
      program = await generate();
    });

    it("declares every kind, the zone adopted by its pull zone", () => {
      const kinds = new Set([...resources(program.model).values()].map((r) => r.kind));
      assert.deepEqual([...kinds].sort(), [
        "AccessList",
        "AccessListConfiguration",
        "ApiGuardian",
        "BotCategorization",
        "BotDetection",
        "CustomPage",
        "RateLimit",
        "ShieldZone",
        "UploadScanning",
        "WafCustomRule",
      ]);
      assert.equal(argsOf(program.model, "zone").pullZoneId, PULL_ZONE);
      const index = program.files["index.ts"]!;
      assert.match(index, /^new ShieldZone\("zone", \{$/m);
      // The id itself: a ShieldZone's output would be unknown in a new stack's first preview.
      assert.match(index, /^ {2}shieldZoneId: 1001,$/m);
    });

    it("finds managed lists by category, never by a hard-coded id", () => {
      const index = program.files["index.ts"]!;
      assert.match(index, /^const lists = getAccessListsOutput\(\{ shieldZoneId: 1001 \}\);$/m);
      const tor = argsOf(program.model, "tor-exit-nodes-list");
      assert.ok(tor.configurationId instanceof ProgramReference);
      assert.deepEqual(tor.configurationId.target, {
        type: "lookup",
        lookup: "lists",
        function: "getAccessLists",
        path: ["byCategory", "TorExitNodes", "configurationId"],
      });
      assert.equal(tor.configurationId.value, ZONE * 100 + 1);
      assert.equal(tor.category, "TorExitNodes");
      assert.doesNotMatch(index, /configurationId: \d/);
      // A list switched off says so.
      assert.match(
        index,
        /\/\/ VPN providers is switched off: its action applies once it is switched on\.\nnew AccessListConfiguration\("vpn-providers-list"/,
      );
    });

    it("takes lists, rules, rate limits and pages over by name, with adoptExisting", () => {
      for (const name of [
        "office-ips-list",
        "block-admin-rule",
        "log-bots-rule",
        "login-attempts-rate-limit",
        "block-page",
      ]) {
        assert.equal(argsOf(program.model, name).adoptExisting, true, name);
      }
      const admin = argsOf(program.model, "block-admin-rule");
      assert.deepEqual(admin, {
        shieldZoneId: admin.shieldZoneId,
        name: "Block admin",
        description: "Admin pages from outside the office",
        severity: "WARNING",
        conditions: [
          { variable: "REMOTE_ADDR", operator: "STREQ", value: "203.0.113.7", negated: true },
          { variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" },
        ],
        transformations: ["LOWERCASE"],
        action: "Block",
        adoptExisting: true,
      });
      assert.deepEqual(argsOf(program.model, "log-bots-rule").conditions, [
        {
          variable: "REQUEST_HEADERS",
          variableValue: "User-Agent",
          operator: "CONTAINS",
          value: "bot",
        },
      ]);
    });

    it("writes the page's HTML and the OpenAPI document beside the program, read at run time", () => {
      assert.equal(program.files["block.html"], BLOCK_PAGE);
      assert.equal(program.files["openapi.yaml"], OPENAPI);
      const index = program.files["index.ts"]!;
      assert.match(index, /^ {2}html: read\("block\.html"\),$/m);
      assert.match(index, /^ {2}openApiSpec: read\("openapi\.yaml"\),$/m);
      assert.match(index, /return fs\.readFileSync\(path\.join\(__dirname, file\), "utf8"\);/);
      for (const name of ["index.ts", "package.json", "Pulumi.yaml", "tsconfig.json"]) {
        assert.ok(program.files[name], name);
      }
    });

    it("puts a long list's entries in a file beside the program", () => {
      const entries = program.files["blocked-ranges-list.txt"]!.trimEnd().split("\n");
      assert.equal(entries.length, 150);
      assert.equal(entries[0], "198.18.0.0/24");
      assert.match(
        program.files["index.ts"]!,
        /^ {2}entries: lines\("blocked-ranges-list\.txt"\),$/m,
      );
    });

    it("declares API Guardian's settings and only the endpoint settings that differ", () => {
      assert.deepEqual(argsOf(program.model, "api-guardian").endpoints, {
        "GET /pets/{petId}": {
          injectionDetectionParameters: { Query: ["fields"] },
          detectParameterSqli: true,
        },
      });
      assert.equal(argsOf(program.model, "api-guardian").isEnabled, true);
      assert.equal(argsOf(program.model, "api-guardian").executionMode, "Block");
    });

    it("declares bot categorization's categories and bots by name", () => {
      const bots = argsOf(program.model, "bot-categorization");
      assert.deepEqual(bots.categories, { AIScraper: "Block" });
      assert.deepEqual(bots.bots, { GPTBot: "Allow" });
    });

    it("names the custom WAF rules of the zone's rule order in a comment", async () => {
      const rules = await fastClient(emulator()).wafCustomRules.list(ZONE);
      const ids = Object.fromEntries(rules.map((r) => [r.ruleName, r.id]));
      assert.deepEqual(argsOf(program.model, "zone").wafCustomRuleOrder, [
        ids["Log bots"],
        ids["Block admin"],
      ]);
      const [logBots, blockAdmin] = [ids["Log bots"], ids["Block admin"]];
      assert.ok(
        program.files["index.ts"]!.includes(
          `  // The custom WAF rules' order, by id: ${logBots} Log bots, ${blockAdmin} Block admin.\n` +
            `  wafCustomRuleOrder: [${logBots}, ${blockAdmin}],\n`,
        ),
      );
    });
  });

  describe("defaults", () => {
    it("leaves out the values at the service's defaults, and --all declares them", async () => {
      const { model } = await generate();
      const zone = argsOf(model, "zone");
      // Seeded as the service's defaults say: left out.
      for (const setting of [
        "wafEnabled",
        "ddosChallengeWindow",
        "wafProfileId",
        "wafRequestIgnoredHeaders",
        "learningModeUntil",
      ]) {
        assert.equal(zone[setting], undefined, setting);
      }
      // Changed from them: declared.
      assert.equal(zone.planType, "Advanced");
      assert.equal(zone.ddosShieldSensitivity, "High");
      assert.deepEqual(zone.wafDisabledRules, ["942100"]);
      // The upload scanning's CSAM mode is the service's default, its antivirus mode is not.
      assert.deepEqual(argsOf(model, "upload-scanning"), {
        shieldZoneId: argsOf(model, "upload-scanning").shieldZoneId,
        isEnabled: true,
        antivirusScanningMode: "Log",
      });
      // An owned object's inputs at the kind's defaults: isEnabled true, action Block.
      assert.equal(argsOf(model, "blocked-ranges-list").isEnabled, undefined);
      assert.equal(argsOf(model, "blocked-ranges-list").action, undefined);
      assert.equal(argsOf(model, "login-attempts-rate-limit").counterKey, undefined);
      assert.equal(argsOf(model, "login-attempts-rate-limit").description, undefined);

      const all = (await generate({ all: true })).model;
      const every = argsOf(all, "zone");
      assert.equal(every.wafEnabled, true);
      assert.equal(every.ddosChallengeWindow, 3600);
      assert.deepEqual(every.wafRequestIgnoredHeaders, ["Cookie", "Authorization"]);
      assert.equal(argsOf(all, "upload-scanning").csamScanningMode, "Block");
      assert.equal(argsOf(all, "blocked-ranges-list").isEnabled, true);
      assert.equal(argsOf(all, "blocked-ranges-list").action, "Block");
      assert.equal(argsOf(all, "login-attempts-rate-limit").counterKey, "IP");
      assert.equal(argsOf(all, "login-attempts-rate-limit").description, "");
      assert.equal(Object.keys(argsOf(all, "bot-categorization").bots as Args).length > 10, true);
      assert.deepEqual(Object.keys(argsOf(all, "api-guardian").endpoints as Args).sort(), [
        "DELETE /pets/{petId}",
        "GET /pets/{petId}",
        "POST /pets",
      ]);
    });

    it("leaves out a kind whose every value is at its defaults, saying so", async () => {
      const emu = emulator();
      const { model, files } = await generate({ zones: [{ shieldZoneId: 1002 }] });
      assert.equal(
        [...resources(model).values()].some((r) => r.kind === "BotCategorization"),
        false,
      );
      assert.match(
        files["index.ts"]!,
        /\/\/ At the service's defaults, so not declared \(--all declares them\):\n\/\/ ApiGuardian, BotCategorization\./,
      );
      assert.ok(emu);
    });

    it("leaves out what a Basic zone's plan lacks, saying why", async () => {
      const { model, files } = await generate({ zones: [{ shieldZoneId: BASIC_ZONE }] });
      const kinds = [...resources(model).values()].map((r) => r.kind);
      assert.equal(kinds.includes("BotDetection"), false);
      assert.equal(kinds.includes("CustomPage"), false);
      const index = files["index.ts"]!;
      assert.match(
        index,
        /\/\/ Bot detection: not on the Basic plan \(the service answers\n\/\/ invalid_plan_type\.bot_detection\), so not declared\./,
      );
      assert.match(index, /\/\/ Custom pages: not on the Basic plan/);
      // The managed list above its plan says why it is off.
      assert.match(
        index,
        /\/\/ Known bad bots needs the Advanced plan: on this zone's Basic plan the service\n\/\/ keeps it off and refuses to change it\.\nnew AccessListConfiguration/,
      );
    });
  });

  describe("names", () => {
    it("are the objects' names in kebab case, the same on every run", async () => {
      const first = await generate();
      const second = await generate();
      assert.deepEqual(second.files, first.files);
      const names = [...resources(first.model).keys()];
      assert.deepEqual(names, [
        // The zone, its settings, then what Pulumi owns (each in the registry's order).
        "zone",
        "tor-exit-nodes-list",
        "vpn-providers-list",
        "known-bad-bots-list",
        "abusive-asns-list",
        "bot-detection",
        "upload-scanning",
        "api-guardian",
        "bot-categorization",
        "office-ips-list",
        "partner-cidrs-list",
        "blocked-ranges-list",
        "block-admin-rule",
        "log-bots-rule",
        "login-attempts-rate-limit",
        "block-page",
      ]);
    });

    it("carry the pull zone when the program has several zones, each zone's names its own", async () => {
      const { model, files } = await generate({
        zones: [{ shieldZoneId: BASIC_ZONE }, { pullZoneId: PULL_ZONE }],
      });
      const names = [...resources(model).keys()];
      assert.equal(new Set(names).size, names.length);
      assert.ok(names.includes("pz501001-zone"));
      assert.ok(names.includes("pz501003-tor-exit-nodes-list"));
      assert.ok(
        names.every((n) => /^pz50100[13]-/.test(n)),
        names.join(" "),
      );
      // Zones in the order of their ids, whatever the order asked.
      assert.deepEqual(
        model.zones.map((z) => z.shieldZoneId),
        [ZONE, BASIC_ZONE],
      );
      assert.ok(files["pz501001-block.html"]);
      assert.match(files["index.ts"]!, /^new ShieldZone\("pz501003-zone", \{$/m);
      assert.match(files["index.ts"]!, /^ {2}shieldZoneId: 1003,$/m);
    });
  });

  describe("reads", () => {
    it("read each object once", async () => {
      const emu = emulator();
      emu.resetRequests();
      await generate();
      const reads = emu.requests.map(
        (r) =>
          `${r.method} ${r.path}${r.query ? `?${new URLSearchParams(r.query as Record<string, string>).toString()}` : ""}`,
      );
      assert.equal(new Set(reads).size, reads.length, reads.join("\n"));
      assert.ok(
        reads.every((r) => r.startsWith("GET ")),
        "nothing but reads",
      );
      // Each route once (the zone, the defaults, each settings kind, each listing of one page),
      // but a route reading one of several objects once per object: each custom list, each page.
      const perObject: Record<string, number> = {
        getCustomAccessList: emu.state.zone(ZONE)!.customLists.length,
        getCustomPage: CustomPageTypes.length,
      };
      const counts = new Map<string, number>();
      for (const { route } of emu.requests) {
        assert.ok(route, `an API route: ${reads.join("\n")}`);
        counts.set(route, (counts.get(route) ?? 0) + 1);
      }
      for (const [route, count] of counts) {
        assert.equal(count, perObject[route] ?? 1, `${route}:\n${reads.join("\n")}`);
      }
    });

    it("give the same program under 429s, 503s and listings of several pages", async () => {
      const emu = emulator();
      const calm = await generate({ perPage: 1 });
      try {
        emu.faults.add({ route: "*", status: 503, probability: 0.3, times: Infinity, seed: 11 });
        emu.faults.add({
          route: "*",
          status: 429,
          retryAfter: 0,
          probability: 0.3,
          times: Infinity,
          seed: 5,
        });
        emu.faults.add({ route: "listWafCustomRules", omitNextPage: true, times: Infinity });
        emu.resetRequests();
        const stormy = await generate({ perPage: 1 });
        const statuses = emu.requests.map((r) => r.status);
        assert.ok(statuses.includes(503) && statuses.includes(429), "faults fired");
        const pages = emu.requests.filter(
          (r) => r.path === `/shield/waf/custom-rules/${ZONE}` && r.status === 200,
        );
        assert.equal(pages.length, 2, "two pages of one rule each");
        assert.deepEqual(stormy.files, calm.files);
      } finally {
        emu.faults.clear();
      }
      assert.deepEqual((await generate()).files, calm.files);
    });
  });

  describe("a round trip", () => {
    it("shows a change made behind Pulumi's back as exactly that change", async () => {
      const emu = emulator();
      const client = fastClient(emu);
      const before = await generate();
      const limit = (await client.rateLimits.list(ZONE)).find(
        (r) => r.ruleName === "Login attempts",
      )!;
      await client.rateLimits.update(limit.id, {
        ruleConfiguration: { ...(limit.ruleConfiguration as object), requestCount: 25 } as never,
      });
      const after = await generate();
      assert.deepEqual(lineDiff(before.files["index.ts"]!, after.files["index.ts"]!), {
        removed: ["  requestCount: 10,"],
        added: ["  requestCount: 25,"],
      });
      await client.uploadScanning.update(ZONE, { csamScanningMode: UploadScanningMode.Log });
      const third = await generate();
      // From the default to another value: one line more.
      assert.deepEqual(lineDiff(after.files["index.ts"]!, third.files["index.ts"]!), {
        removed: [],
        added: ['  csamScanningMode: "Log",'],
      });
      await client.uploadScanning.update(ZONE, { csamScanningMode: UploadScanningMode.Block });
      await client.rateLimits.update(limit.id, {
        ruleConfiguration: {
          ...(limit.ruleConfiguration as object),
          counterKeyType: RateLimitCounterKeyType.IP,
        } as never,
      });
      assert.deepEqual((await generate()).files, before.files);
    });
  });

  describe("errors", () => {
    it("a wrong key fails naming the refusal", async () => {
      const emu = emulator();
      const client = new ShieldClient({ apiKey: "not-the-key", baseUrl: emu.url });
      await assert.rejects(generate({ client }), (error: Error) => {
        assert.equal(error.name, "AuthenticationError");
        assert.match(error.message, /The API key was refused/);
        assert.doesNotMatch(error.message, /not-the-key/);
        return true;
      });
    });

    it("a zone that does not exist fails saying so", async () => {
      await assert.rejects(
        generate({ zones: [{ pullZoneId: 999_999 }] }),
        /pull zone 999999 has no shield zone, or this API key cannot see it/,
      );
      await assert.rejects(
        generate({ zones: [{ shieldZoneId: 4242 }] }),
        /shield zone 4242 does not exist, or this API key cannot see it/,
      );
    });

    it("a plan refusal the zone's plan does not explain fails", async () => {
      const emu = emulator();
      try {
        emu.faults.add({
          route: "getBotDetection",
          envelopeErrorKey: "invalid_plan_type.bot_detection",
          times: Infinity,
        });
        await assert.rejects(generate(), (error: Error) => {
          assert.equal(error.name, "PlanRestrictionError");
          assert.match(
            error.message,
            /pull zone 501001: reading its bot detection: the service refuses to show it as if the zone's Advanced plan lacked it/,
          );
          return true;
        });
        emu.faults.clear();
        emu.faults.add({
          route: "listAccessLists",
          envelopeErrorKey: "not_available.access_list",
          times: Infinity,
        });
        await assert.rejects(generate(), /pull zone 501001: reading its access lists/);
      } finally {
        emu.faults.clear();
      }
    });

    it("an OpenAPI document that is not the zone's is refused", async () => {
      await assert.rejects(
        generate({
          zones: [
            {
              pullZoneId: PULL_ZONE,
              openApiDocument:
                'openapi: 3.0.3\ninfo: { title: X, version: "1" }\npaths:\n  /cats:\n    get:\n      responses: {}\n',
            },
          ],
        }),
        /the OpenAPI document given for shield zone 1001 is not the zone's: its operations are GET \/cats/,
      );
    });

    it("one zone named twice is refused", async () => {
      await assert.rejects(
        generate({ zones: [{ pullZoneId: PULL_ZONE }, { shieldZoneId: ZONE }] }),
        /pull zone 501001 and shield zone 1001 are the same shield zone \(1001\); name it once\./,
      );
    });
  });
});
