/**
 * "Validate what you use, tolerate what you don't", for every operation: an answer with
 * unknown keys at every depth parses to what the plain answer gives; an unread field of
 * another type parses; a read field of another type fails, naming the field and its value.
 */
import { strict as assert } from "node:assert";
import { InvalidResponseError, type ShieldClient } from "../../src/client";
import {
  accessListsBody,
  botBody,
  botCategorizationBody,
  botCategoryBody,
  botDetectionBody,
  configurationBody,
  createdShieldZoneBody,
  customAccessListBody,
  deletedBody,
  detailedMetricsBody,
  eventLogPage,
  eventLogSearchBody,
  metricsOverviewBody,
  pagedBody,
  rateLimitRule,
  shieldZone,
  shieldZoneBody,
  updatedShieldZoneBody,
  uploadScanningBody,
  wafCatalog,
  wafCustomRule,
} from "./answers";
import { clientFor, collect, rejection, TODAY } from "./helpers";
import { useStub } from "./stub";

type Path = Array<string | number>;

/** One operation, a valid answer to it, and a field of each kind to mistype. */
interface Case {
  operation: string;
  call: (client: ShieldClient) => PromiseLike<unknown>;
  answer: () => unknown;
  /** A field nothing reads, and a value of another type for it. */
  unread: [Path, unknown];
  /** A field that is read, and a value of another type for it (none for answers nothing reads). */
  read?: [Path, unknown];
}

/** The last hour: a window the event-log search accepts whatever the day. */
const lastHour = () => ({ from: Date.now() - 3_600_000, to: Date.now() });

const RULE = { shieldZoneId: 1001, ruleName: "r", ruleConfiguration: { actionType: 1 } } as const;

const CASES: Case[] = [
  {
    operation: "getEventLogs",
    call: (c) => c.getEventLogs(1001, TODAY),
    answer: () => eventLogPage(["a", "b"], false, ""),
    unread: [["logs", 1, "labels", "country"], 49],
    read: [["logs", 1, "timestamp"], "2026-03-15T00:00:00Z"],
  },
  {
    operation: "eventLogs",
    call: (c) => collect(c.eventLogs(1001, TODAY)),
    answer: () => eventLogPage(["a", "b"], false, ""),
    unread: [["startToken"], 17],
    read: [["logs", 0, "timestamp"], null],
  },
  {
    operation: "searchEventLogs (rows)",
    call: (c) => c.eventLogSearch.rows(1001, lastHour()),
    answer: () => eventLogSearchBody(),
    unread: [["page"], "first"],
    read: [["rows", 1, "timestamp"], "2026-03-15T12:00:00Z"],
  },
  {
    operation: "searchEventLogs (groups)",
    call: (c) => c.eventLogSearch.groups(1001, { ...lastHour(), groupBy: ["country"] }),
    answer: () => eventLogSearchBody(true),
    unread: [["groups", 0, "sparkline"], "4,0,8"],
    read: [["groups", 1, "count"], "3"],
  },
  {
    operation: "getMetricsOverview",
    call: (c) => c.metrics.overview(1001),
    answer: metricsOverviewBody,
    unread: [["data", "waf", "blockedRequests"], "six"],
  },
  {
    operation: "getDetailedMetricsOverview",
    call: (c) => c.metrics.detailed(1001, { resolution: 3 }),
    answer: detailedMetricsBody,
    unread: [
      ["data", "waf", "metrics", "blockedRequests"],
      [2, 3],
    ],
  },
  {
    operation: "listAccessLists",
    call: (c) => c.listAccessLists(1001),
    answer: accessListsBody,
    unread: [["managedLists", 0, "lastUpdated"], 1_773_532_800_000],
    read: [["customLists", 0, "action"], "Block"],
  },
  {
    operation: "updateAccessListConfiguration",
    call: (c) => c.accessLists.updateConfiguration(1001, 1012, { action: 2 }),
    answer: configurationBody,
    unread: [["error", "statusCode"], "OK"],
    read: [["data", "isEnabled"], "yes"],
  },
  {
    operation: "getBotDetection",
    call: (c) => c.botDetection.get(1001),
    answer: () => botDetectionBody(),
    unread: [["error", "message"], 5],
    read: [["data", "browserFingerprint", "aggression"], "High"],
  },
  {
    operation: "updateBotDetection",
    call: (c) => c.botDetection.update(1001, { executionMode: 1 }),
    answer: () => botDetectionBody(),
    unread: [["error"], "fine"],
    read: [["data", "executionMode"], "Challenge"],
  },
  {
    operation: "search",
    call: (c) => c.search({ query: "x" }),
    answer: () => ({
      Query: "x",
      Total: 1,
      From: 0,
      Size: 20,
      SearchResults: [{ Type: "cdn", Id: 7, Name: "n" }],
    }),
    unread: [["SearchResults", 0, "Name"], 12],
    read: [["SearchResults", 0, "Id"], "7"],
  },
  {
    operation: "searchAll",
    call: (c) => collect(c.searchAll({ query: "x" })),
    answer: () => ({
      Query: "x",
      Total: 1,
      From: 0,
      Size: 20,
      SearchResults: [{ Type: "cdn", Id: 7, Name: "n" }],
    }),
    unread: [["Query"], ["x"]],
    read: [["Total"], "1"],
  },
  {
    operation: "getShieldZone",
    call: (c) => c.shieldZones.get(1001),
    answer: () => shieldZoneBody(),
    unread: [["data", "wafEngineConfig"], 1_773_532_800_000],
    read: [["data", "wafEnabled"], "true"],
  },
  {
    operation: "getShieldZoneByPullZone",
    call: (c) => c.shieldZones.getByPullZone(501),
    answer: () => shieldZoneBody(),
    unread: [["data", "wafEngineConfig"], "detection_paranoia_level=1"],
    read: [["data", "wafDisabledRules", 0], 942100],
  },
  {
    operation: "listShieldZones",
    call: (c) => c.shieldZones.list(),
    answer: () => pagedBody([shieldZone(1001), shieldZone(1002)], 1, null),
    unread: [["page", "totalCount"], "99"],
    read: [["data", 1, "shieldZoneId"], "1002"],
  },
  {
    operation: "createShieldZone",
    call: (c) => c.shieldZones.create(501, { planType: 1 }),
    answer: () => createdShieldZoneBody(1001, 501),
    unread: [["data", "botDetectionExecutionMode"], "LogOnly"],
    read: [["data", "shieldZone", "shieldZoneId"], null],
  },
  {
    operation: "updateShieldZone",
    call: (c) => c.shieldZones.update(1001, { wafEnabled: true }),
    answer: () => updatedShieldZoneBody(1001),
    unread: [["data", "shieldZone", "wafEngineConfig"], "detection_paranoia_level=1"],
    read: [["data", "shieldZone", "planType"], "Advanced"],
  },
  {
    operation: "getUploadScanning",
    call: (c) => c.uploadScanning.get(1001),
    answer: () => uploadScanningBody(),
    unread: [["error", "success"], "yes"],
    read: [["data", "csamScanningMode"], "Block"],
  },
  {
    operation: "updateUploadScanning",
    call: (c) => c.uploadScanning.update(1001, { isEnabled: true }),
    answer: () => uploadScanningBody(),
    unread: [["error", "errorKey"], 0],
    read: [["data", "isEnabled"], 1],
  },
  {
    operation: "getCustomAccessList",
    call: (c) => c.accessLists.get(1001, 12),
    answer: () => customAccessListBody(),
    unread: [["data", "lastModified"], 1_773_532_800_000],
    read: [["data", "content"], ["10.0.0.0/8"]],
  },
  {
    operation: "createCustomAccessList",
    call: (c) => c.accessLists.create(1001, { name: "Office", type: 1, content: "10.0.0.0/8" }),
    answer: () => customAccessListBody(),
    unread: [["data", "entryCount"], "2"],
    read: [["data", "id"], "12"],
  },
  {
    operation: "updateCustomAccessList",
    call: (c) => c.accessLists.update(1001, 12, { content: "10.0.0.0/8" }),
    answer: () => customAccessListBody(),
    unread: [["data", "checksum"], 0],
    read: [["data", "name"], 5],
  },
  {
    operation: "deleteCustomAccessList",
    call: (c) => c.accessLists.delete(1001, 12),
    answer: deletedBody,
    unread: [["statusCode"], "OK"],
  },
  {
    operation: "listWafCustomRules",
    call: (c) => c.wafCustomRules.list(1001),
    answer: () => pagedBody([wafCustomRule(71), wafCustomRule(72)], 1, null),
    unread: [["data", 1, "ruleJson"], { rule: 1 }],
    read: [["data", 1, "ruleConfiguration", "operatorType"], "CONTAINS"],
  },
  {
    operation: "getWafCustomRule",
    call: (c) => c.wafCustomRules.get(71),
    answer: () => wafCustomRule(),
    unread: [["userId"], 5],
    read: [["ruleConfiguration", "chainedRuleConditions", 0, "value"], 5],
  },
  {
    operation: "createWafCustomRule",
    call: (c) => c.wafCustomRules.create(RULE),
    answer: () => wafCustomRule(),
    unread: [["errorResponse", "statusCode"], "OK"],
    read: [["ruleConfiguration", "variableTypes", "REQUEST_URI"], 1],
  },
  {
    operation: "updateWafCustomRule",
    call: (c) => c.wafCustomRules.update(71, { ruleName: "r" }),
    answer: () => wafCustomRule(),
    unread: [["ruleJson"], ["{}"]],
    read: [["ruleConfiguration", "transformationTypes", 0], "LOWERCASE"],
  },
  {
    operation: "deleteWafCustomRule",
    call: (c) => c.wafCustomRules.delete(71),
    answer: deletedBody,
    unread: [["message"], 1],
  },
  {
    operation: "listRateLimits",
    call: (c) => c.rateLimits.list(1001),
    answer: () => pagedBody([rateLimitRule(81)], 1, null),
    unread: [["page", "pageSize"], "1"],
    read: [["data", 0, "ruleConfiguration", "timeframe"], "60"],
  },
  {
    operation: "getRateLimit",
    call: (c) => c.rateLimits.get(81),
    answer: () => rateLimitRule(),
    unread: [["userId"], null],
    read: [["ruleConfiguration", "requestCount"], "10"],
  },
  {
    operation: "createRateLimit",
    call: (c) => c.rateLimits.create(RULE),
    answer: () => rateLimitRule(),
    unread: [["ruleJson"], 0],
    read: [["ruleConfiguration", "blockTime"], "300"],
  },
  {
    operation: "updateRateLimit",
    call: (c) => c.rateLimits.update(81, { ruleDescription: null }),
    answer: () => rateLimitRule(),
    unread: [["errorResponse"], []],
    read: [["ruleConfiguration", "counterKeyType"], "IP"],
  },
  {
    operation: "deleteRateLimit",
    call: (c) => c.rateLimits.delete(81),
    answer: deletedBody,
    unread: [["errorKey"], false],
  },
  {
    operation: "listBotCategorization",
    call: (c) => c.botCategorization.list(1001),
    answer: botCategorizationBody,
    unread: [["categories", 0, "bots", 1, "isVerifiable"], "yes"],
    read: [["categories", 1, "bots", 0, "botId"], "25501"],
  },
  {
    operation: "setBotCategoryAction",
    call: (c) => c.botCategorization.setCategoryAction(1001, 2, 1),
    answer: () => botCategoryBody(),
    unread: [["error", "message"], 404],
    read: [["data", "action"], "Block"],
  },
  {
    operation: "setBotAction",
    call: (c) => c.botCategorization.setBotAction(1001, 201, 1),
    answer: () => botBody(),
    unread: [["data", "isVerifiable"], "true"],
    read: [["data", "userAgentMatch"], 7],
  },
  {
    operation: "listWafRules",
    call: (c) => c.wafRules.list(1001),
    answer: wafCatalog,
    unread: [[0, "ruleGroups", 0, "id"], "1"],
    read: [[0, "ruleGroups", 0, "rules", 1, "ruleId"], 942110],
  },
  {
    operation: "listWafRules (groups)",
    call: (c) => c.wafRules.listGroups(1001),
    answer: wafCatalog,
    unread: [[0, "ruleGroups", 0, "rules", 0, "description"], { text: "SQLi" }],
    read: [[0, "ruleGroups", 0, "rules", 0, "ruleId"], 942100],
  },
];

const UNKNOWN = "zzAddedByTheService";

/**
 * `value` with an unknown key added to every object, from the top to the deepest level. In a
 * `variableTypes` map (whose keys are request variables) the newcomer is a new variable, with
 * a string selector as the spec defines them.
 */
function withUnknownKeys(value: unknown, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withUnknownKeys(item));
  if (typeof value !== "object" || value === null) return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withUnknownKeys(child, key)]),
  );
  copy[UNKNOWN] = parentKey === "variableTypes" ? "selector" : { nested: [1, "two", null] };
  return copy;
}

/** `value` without the keys {@link withUnknownKeys} added (kept where a map or an unread field holds them). */
function withoutUnknownKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnknownKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== UNKNOWN)
      .map(([key, child]) => [key, withoutUnknownKeys(child)]),
  );
}

function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = replacement;
  return copy;
}

describe("client: every answer tolerates what it does not read", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 0 });
  });

  for (const c of CASES) {
    describe(c.operation, () => {
      it("parses an answer with unknown keys at every depth, dropping them", async () => {
        stub().reply({ body: c.answer() });
        const plain = await c.call(client);
        stub().reply({ body: withUnknownKeys(c.answer()) });
        const tolerant = await c.call(client);
        assert.deepEqual(withoutUnknownKeys(tolerant), plain);
        if (typeof tolerant === "object" && tolerant !== null && !Array.isArray(tolerant)) {
          assert.equal(UNKNOWN in tolerant, false, "the top level's unknown key is dropped");
        }
      });

      it(`parses an unread field of another type (${c.unread[0].join(".")})`, async () => {
        stub().reply({ body: replaced(c.answer(), ...c.unread) });
        await c.call(client);
      });

      if (c.read) {
        const [path, value] = c.read;
        it(`fails on a read field of another type, naming it (${path.join(".")})`, async () => {
          stub().reply({ body: replaced(c.answer(), path, value) });
          const error = await rejection(c.call(client), InvalidResponseError);
          assert.ok(
            error.message.includes(`schema at ${path.join(".")}: `),
            `names the path: ${error.message}`,
          );
          assert.ok(
            error.message.includes(`(it was ${JSON.stringify(value)})`),
            `shows the value: ${error.message}`,
          );
          assert.equal(error.status, 200);
        });
      }
    });
  }
});
