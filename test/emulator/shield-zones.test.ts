import { strict as assert } from "node:assert";
import { NotFoundError, ConflictError, PlanRestrictionError, ShieldClient } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import { API_KEY, call, NOW, SUCCESS, useEmulator, type Answer } from "./helpers";

type Body = Record<string, unknown>;
const dataOf = (answer: Answer): Body => (answer.json as { data: Body }).data;

function getZone(emulator: Parameters<typeof call>[0], id: number | string): Promise<Answer> {
  return call(emulator, `/shield/shield-zone/${id}`);
}

function patchZone(emulator: Parameters<typeof call>[0], body: unknown): Promise<Answer> {
  return call(emulator, "/shield/shield-zone", { method: "PATCH", body });
}

function createZone(emulator: Parameters<typeof call>[0], body: unknown): Promise<Answer> {
  return call(emulator, "/shield/shield-zone", { method: "POST", body });
}

/** The 202 answer of a missing zone, as the service sends it. */
const ZONE_NOT_FOUND = {
  data: null,
  error: {
    statusCode: 202,
    success: false,
    message: "Shield Zone not found or Unauthorized access.",
    errorKey: "not_found_or_unauthorised_access.shieldzone",
  },
};

function assertRefused(answer: Answer, status: number, errorKey: string, what = errorKey): void {
  assert.equal(answer.status, status, `${what}: ${answer.text}`);
  const { data, error } = answer.json as { data: unknown; error: Body };
  assert.equal(data, null, what);
  assert.equal(error.errorKey, errorKey, what);
  assert.equal(error.success, false, what);
  assert.equal(error.statusCode, status, what);
}

describe("emulator: shield zones", () => {
  const emulator = useEmulator();

  it("answers a zone with its pull zone, settings and its plan's limits", async () => {
    const answer = await getZone(emulator(), 1001);
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.json as Body), ["data"], "the spec's answer is {data}");
    assert.deepEqual(dataOf(answer), {
      shieldZoneId: 1001,
      pullZoneId: 501001,
      learningMode: false,
      learningModeUntil: null,
      wafEnabled: true,
      wafExecutionMode: 1,
      wafDisabledRules: ["942100"],
      wafLogOnlyRules: [],
      wafCustomRuleOrder: [],
      wafRequestHeaderLoggingEnabled: true,
      requestBodyLoggingEnabled: false,
      wafRequestIgnoredHeaders: ["Cookie", "Authorization"],
      wafRealtimeThreatIntelligenceEnabled: true,
      wafProfileId: 1,
      wafEngineConfig: [{ name: "detection_paranoia_level", valueEncoded: "1" }],
      wafRequestBodyLimitAction: 0,
      wafResponseBodyLimitAction: 1,
      dDoSShieldSensitivity: 2,
      dDoSExecutionMode: 1,
      dDoSChallengeWindow: 3600,
      whitelabelResponsePages: false,
      rateLimitRulesLimit: 10,
      customWafRulesLimit: 10,
      planType: 1,
    });
    const basic = dataOf(await getZone(emulator(), 1003));
    assert.deepEqual(
      [basic.planType, basic.rateLimitRulesLimit, basic.customWafRulesLimit],
      [0, 2, 0],
    );
  });

  it("finds a zone by its pull zone", async () => {
    const answer = await call(emulator(), "/shield/shield-zone/get-by-pullzone/501002");
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, await getZone(emulator(), 1002).then((a) => a.json));
  });

  it("answers an unknown zone or pull zone with the 202 failure envelope", async () => {
    for (const path of ["/shield/shield-zone/77", "/shield/shield-zone/get-by-pullzone/1001"]) {
      const answer = await call(emulator(), path);
      assert.equal(answer.status, 202, path);
      assert.deepEqual(answer.json, ZONE_NOT_FOUND, path);
    }
    assert.equal((await getZone(emulator(), "abc")).status, 404, "route constraint");
  });

  it("lists zones page by page", async () => {
    const all = await call(emulator(), "/shield/shield-zones");
    assert.equal(all.status, 200);
    const body = all.json as { data: Body[]; page: Body };
    assert.deepEqual(
      body.data.map((z) => z.shieldZoneId),
      [1001, 1002, 1003],
    );
    assert.deepEqual(body.page, {
      totalCount: 3,
      totalPages: 1,
      currentPage: 1,
      nextPage: null,
      pageSize: 10,
    });
    const first = (await call(emulator(), "/shield/shield-zones?page=1&perPage=2")).json as {
      data: Body[];
      page: Body;
    };
    assert.deepEqual([first.data.length, first.page.nextPage, first.page.totalPages], [2, 2, 2]);
    const second = (await call(emulator(), "/shield/shield-zones?page=2&perPage=2")).json as {
      data: Body[];
      page: Body;
    };
    assert.deepEqual(
      [second.data.map((z) => z.shieldZoneId), second.page.nextPage],
      [[1003], null],
    );
    const beyond = (await call(emulator(), "/shield/shield-zones?page=9")).json as {
      data: Body[];
    };
    assert.deepEqual(beyond.data, []);
    const zero = (await call(emulator(), "/shield/shield-zones?page=0&perPage=0")).json as {
      page: Body;
    };
    assert.deepEqual([zero.page.currentPage, zero.page.pageSize], [1, 10]);
    for (const query of ["page=x", "perPage=1.5", "page=99999999999"]) {
      const bad = await call(emulator(), `/shield/shield-zones?${query}`);
      assert.equal(bad.status, 400, query);
      assert.equal((bad.json as { status: number }).status, 400, "ProblemDetails");
    }
  });

  describe("update", () => {
    it("changes only the settings sent, and GET shows them", async () => {
      const before = dataOf(await getZone(emulator(), 1002));
      const answer = await patchZone(emulator(), {
        shieldZoneId: 1002,
        shieldZone: {
          shieldZoneId: 1002,
          wafExecutionMode: 1,
          wafDisabledRules: ["920100", "920100", "942100"],
          learningModeUntil: "2026-04-01T12:00:00+02:00",
          dDoSShieldSensitivity: 4,
          dDoSExecutionMode: 0,
        },
      });
      assert.equal(answer.status, 200, answer.text);
      const { data, error } = answer.json as { data: Body; error: Body };
      assert.deepEqual(error, SUCCESS);
      assert.equal(data.shieldZoneId, 1002);
      const echo = data.shieldZone as Body;
      assert.equal(echo.shieldZoneId, 1002);
      assert.equal(echo.dDoSExecutionMode, undefined, "not in ShieldZoneRequest");
      assert.deepEqual(echo.wafDisabledRules, ["920100", "942100"], "a set");
      const after = dataOf(await getZone(emulator(), 1002));
      assert.deepEqual(after, {
        ...before,
        wafExecutionMode: 1,
        wafDisabledRules: ["920100", "942100"],
        learningModeUntil: "2026-04-01T10:00:00.000Z",
        dDoSShieldSensitivity: 4,
        dDoSExecutionMode: 0,
      });
    });

    it("sets null where the answer may be null, keeps the value where it may not", async () => {
      await patchZone(emulator(), {
        shieldZoneId: 1002,
        shieldZone: { wafEnabled: null, wafProfileId: null, wafRequestHeaderLoggingEnabled: null },
      });
      const zone = dataOf(await getZone(emulator(), 1002));
      assert.deepEqual(
        [zone.wafEnabled, zone.wafProfileId, zone.wafRequestHeaderLoggingEnabled],
        [null, null, true],
      );
    });

    it("accepts enum values the spec does not list yet", async () => {
      const answer = await patchZone(emulator(), {
        shieldZoneId: 1002,
        shieldZone: { wafRequestBodyLimitAction: 7, dDoSShieldSensitivity: 12 },
      });
      assert.equal(answer.status, 200);
      assert.equal(emulator().state.zone(1002)?.settings.wafRequestBodyLimitAction, 7);
    });

    it("changes the plan, and with it the limits", async () => {
      await patchZone(emulator(), { shieldZoneId: 1003, shieldZone: { planType: 2 } });
      assert.equal(emulator().state.zone(1003)?.planType, 2);
      const zone = dataOf(await getZone(emulator(), 1003));
      assert.deepEqual([zone.planType, zone.rateLimitRulesLimit], [2, 25]);
      await patchZone(emulator(), { shieldZoneId: 1003, shieldZone: { planType: 0 } });
    });

    it("answers an unknown zone with the 202 failure envelope", async () => {
      const answer = await patchZone(emulator(), { shieldZoneId: 77, shieldZone: {} });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json, ZONE_NOT_FOUND);
    });

    it("refuses malformed bodies with 400 and the field's errorKey, changing nothing", async () => {
      const before = JSON.stringify(emulator().state.zone(1001));
      const cases: [string, unknown, string][] = [
        ["no body", "", "validation.body"],
        ["not JSON", "{", "validation.body"],
        ["an array", [], "validation.body"],
        ["no zone id", { shieldZone: {} }, "validation.shieldZoneId"],
        ["a string id", { shieldZoneId: "1001" }, "validation.shieldZoneId"],
        ["settings not an object", { shieldZoneId: 1001, shieldZone: 1 }, "validation.shieldZone"],
        [
          "a flag as a string",
          { shieldZoneId: 1001, shieldZone: { wafEnabled: "true" } },
          "validation.shieldZone.wafEnabled",
        ],
        [
          "a negative enum",
          { shieldZoneId: 1001, shieldZone: { wafExecutionMode: -1 } },
          "validation.shieldZone.wafExecutionMode",
        ],
        [
          "an enum by name",
          { shieldZoneId: 1001, shieldZone: { planType: "Advanced" } },
          "validation.shieldZone.planType",
        ],
        [
          "a null enum",
          { shieldZoneId: 1001, shieldZone: { dDoSExecutionMode: null } },
          "validation.shieldZone.dDoSExecutionMode",
        ],
        [
          "rules not strings",
          { shieldZoneId: 1001, shieldZone: { wafDisabledRules: [942100] } },
          "validation.shieldZone.wafDisabledRules",
        ],
        [
          "a bad date",
          { shieldZoneId: 1001, shieldZone: { learningModeUntil: "tomorrow" } },
          "validation.shieldZone.learningModeUntil",
        ],
        [
          "a bad engine variable",
          { shieldZoneId: 1001, shieldZone: { wafEngineConfig: [{ name: "x" }] } },
          "validation.shieldZone.wafEngineConfig",
        ],
        [
          "a fractional window",
          { shieldZoneId: 1001, shieldZone: { dDoSChallengeWindow: 1.5 } },
          "validation.shieldZone.dDoSChallengeWindow",
        ],
      ];
      for (const [what, body, errorKey] of cases) {
        assertRefused(await patchZone(emulator(), body), 400, errorKey, what);
      }
      assert.equal(JSON.stringify(emulator().state.zone(1001)), before);
    });
  });

  describe("create", () => {
    it("creates the shield zone of a pull zone with the settings sent", async () => {
      const answer = await createZone(emulator(), {
        pullZoneId: 4321,
        shieldZone: { planType: 1, wafEnabled: false, wafLogOnlyRules: ["930100"] },
        botDetectionExecutionMode: 0,
        csamScanningMode: 1,
        antivirusScanningMode: 2,
      });
      assert.equal(answer.status, 200, answer.text);
      const { data, error } = answer.json as { data: Body; error: Body };
      assert.deepEqual(error, SUCCESS);
      const echo = data.shieldZone as Body;
      const id = echo.shieldZoneId as number;
      assert.equal(id, 1004);
      assert.deepEqual(
        [data.pullZoneId, data.accessLists, data.csamScanningMode, data.antivirusScanningMode],
        [4321, null, 1, 2],
      );
      const zone = dataOf(await call(emulator(), "/shield/shield-zone/get-by-pullzone/4321"));
      assert.deepEqual(
        [zone.shieldZoneId, zone.planType, zone.wafEnabled, zone.wafLogOnlyRules],
        [id, 1, false, ["930100"]],
      );
      assert.equal(emulator().state.zone(id)?.botDetection.executionMode, 0);
      assert.deepEqual(emulator().state.zone(id)?.uploadScanning, {
        isEnabled: false, // as seeded for the zone id: the request has no isEnabled
        csamScanningMode: 1,
        antivirusScanningMode: 2,
      });
    });

    it("puts a new zone on the Basic plan unless the request picks one", async () => {
      const answer = await createZone(emulator(), { pullZoneId: 4322 });
      assert.equal(answer.status, 200, answer.text);
      const id = (dataOf(answer).shieldZone as Body).shieldZoneId as number;
      assert.equal(emulator().state.zone(id)?.planType, 0);
    });

    it("refuses a second shield zone for a pull zone with 409", async () => {
      const before = emulator().state.zones().length;
      for (const pullZoneId of [4321, 501001]) {
        assertRefused(
          await createZone(emulator(), { pullZoneId, shieldZone: {} }),
          409,
          "already_exists.shieldzone",
        );
      }
      assert.equal(emulator().state.zones().length, before);
    });

    it("refuses malformed bodies with 400", async () => {
      const cases: [unknown, string][] = [
        [{}, "validation.pullZoneId"],
        [{ pullZoneId: 0 }, "validation.pullZoneId"],
        [{ pullZoneId: "9" }, "validation.pullZoneId"],
        [{ pullZoneId: 9, shieldZone: { wafEnabled: 1 } }, "validation.shieldZone.wafEnabled"],
        [{ pullZoneId: 9, csamScanningMode: -2 }, "validation.csamScanningMode"],
        [{ pullZoneId: 9, accessLists: { a: "Block" } }, "validation.accessLists"],
      ];
      for (const [body, errorKey] of cases) {
        assertRefused(await createZone(emulator(), body), 400, errorKey, JSON.stringify(body));
      }
      assert.equal(emulator().state.zoneByPullZone(9), undefined);
    });
  });

  it("refuses overlapping writes to one zone like the service", async () => {
    const slow = await startEmulator({ apiKey: API_KEY, now: () => NOW, latencyMs: 100 });
    try {
      const answers = await Promise.all([
        patchZone(slow, { shieldZoneId: 1001, shieldZone: { wafEnabled: false } }),
        call(slow, "/shield/shield-zone/1001/bot-detection", {
          method: "PATCH",
          body: { executionMode: 0 },
        }),
        patchZone(slow, { shieldZoneId: 1002, shieldZone: { wafEnabled: false } }),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 500, 200],
      );
      assert.equal(
        (answers[1]?.json as { error: Body }).error.errorKey,
        "internal_error.concurrent_modification",
      );
    } finally {
      await slow.close();
    }
  });
});

describe("emulator: shield zones in drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("adds fields to a zone and retypes only the fields no client reads", async () => {
    const answer = await getZone(emulator(), 1001);
    assert.equal(answer.status, 200);
    const body = answer.json as Body & { data: Body };
    assert.ok(body.addedBySinceSpec);
    assert.ok(body.data.addedBySinceSpec);
    assert.ok(body.data.addedObjectSinceSpec);
    assert.equal(body.data.shieldZoneId, 1001);
    assert.equal(body.data.pullZoneId, 501001);
    assert.equal(body.data.planType, 1);
    assert.deepEqual(body.data.wafDisabledRules, ["942100"]);
    assert.equal(body.data.learningModeUntil, null, "read by ShieldZone: never retyped");
    assert.equal(body.data.wafEngineConfig, null, "array retyped");
  });
});

/** Every client operation of these routes against the emulator, plain and drifting. */
for (const drift of [false, true]) {
  describe(`client round trip against the emulator${drift ? " in drift mode" : ""}`, () => {
    const emulator = useEmulator({ drift });
    const client = (): ShieldClient =>
      new ShieldClient({ apiKey: API_KEY, baseUrl: emulator().url, maxRetries: 0 });

    it("reads, lists, creates and updates shield zones", async () => {
      const zone = await client().shieldZones.get(1001);
      assert.deepEqual(
        [zone.shieldZoneId, zone.pullZoneId, zone.planType, zone.wafDisabledRules],
        [1001, 501001, 1, ["942100"]],
      );
      assert.equal((await client().shieldZones.getByPullZone(501002)).shieldZoneId, 1002);
      await assert.rejects(client().shieldZones.getByPullZone(999), NotFoundError);
      const listed = await client().shieldZones.list({ perPage: 2 });
      assert.deepEqual(
        listed.map((z) => z.shieldZoneId),
        [1001, 1002, 1003],
      );

      const created = await client().shieldZones.create(7001, { planType: 1, wafEnabled: true });
      assert.deepEqual(
        [created.shieldZoneId, created.pullZoneId, created.planType],
        [1004, 7001, 1],
      );
      await assert.rejects(client().shieldZones.create(7001), ConflictError);

      const updated = await client().shieldZones.update(1004, {
        wafRequestIgnoredHeaders: ["X-Debug"],
        dDoSChallengeWindow: 600,
      });
      assert.deepEqual(
        [updated.shieldZoneId, updated.wafRequestIgnoredHeaders, updated.dDoSChallengeWindow],
        [1004, ["X-Debug"], 600],
      );
      const read = await client().shieldZones.get(1004);
      assert.deepEqual(read.wafRequestIgnoredHeaders, ["X-Debug"]);
    });

    it("updates bot detection, refused on a Basic zone", async () => {
      const bots = await client().botDetection.update(1001, {
        executionMode: 0,
        browserFingerprint: { aggression: 3 },
      });
      assert.deepEqual(
        [
          bots.executionMode,
          bots.browserFingerprint.aggression,
          bots.browserFingerprint.sensitivity,
        ],
        [0, 3, 2],
      );
      assert.equal((await client().botDetection.get(1001)).executionMode, 0);
      await assert.rejects(client().botDetection.update(1003, { executionMode: 1 }), (error) => {
        assert.ok(error instanceof PlanRestrictionError);
        assert.equal(error.errorKey, "invalid_plan_type.bot_detection");
        return true;
      });
    });

    it("reads and updates upload scanning", async () => {
      const before = await client().uploadScanning.get(1002);
      assert.deepEqual(before, {
        shieldZoneId: 1002,
        isEnabled: false,
        csamScanningMode: 0,
        antivirusScanningMode: 0,
      });
      const after = await client().uploadScanning.update(1002, {
        isEnabled: true,
        csamScanningMode: 2,
      });
      assert.deepEqual(after, { ...before, isEnabled: true, csamScanningMode: 2 });
      assert.deepEqual(await client().uploadScanning.get(1002), after);
    });
  });
}
