/**
 * `client.shieldZones`: against the emulator, the recommended defaults, the pull zone mapping and
 * a zone made under attack; against a stub, what each call sends, returns and refuses.
 */
import { strict as assert } from "node:assert";
import {
  ConflictError,
  DdosShieldSensitivity,
  InvalidArgumentError,
  ShieldPlanType,
  type ShieldClient,
  NotFoundError,
  PagedList,
} from "../../src/client";
import { clientFor, rejection, useEmulator, unchecked } from "./helpers";
import {
  createdShieldZoneBody,
  pagedBody,
  shieldZone,
  shieldZoneBody,
  updatedShieldZoneBody,
} from "./answers";
import { useStub, sent } from "./stub";

describe("client: shield zone defaults, mapping and under-attack creation", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("reads the recommended settings, with the managed lists suggested", async () => {
    const defaults = await client.shieldZones.getDefaults();
    assert.equal(defaults.shieldZone.wafEnabled, true);
    assert.equal(defaults.shieldZone.dDoSShieldSensitivity, DdosShieldSensitivity.Medium);
    assert.equal(defaults.botDetectionExecutionMode, 1);
    assert.ok(defaults.accessLists.some((l) => l.name === "Tor exit nodes"));
  });

  it("maps every shield zone to its pull zone in one request", async () => {
    emulator().resetRequests();
    const mapping = await client.shieldZones.listPullZoneMapping();
    assert.equal(emulator().requests.length, 1);
    const zones = emulator().state.zones();
    assert.deepEqual(
      mapping.map((m) => [m.shieldZoneId, m.pullZoneId]),
      zones.map((z) => [z.shieldZoneId, z.pullZoneId]),
    );
  });

  it("creates a zone under attack once, at its most defensive; a second time is a conflict", async () => {
    const zone = await client.shieldZones.createUnderAttack(880001, ShieldPlanType.Advanced);
    assert.equal(zone.pullZoneId, 880001);
    assert.equal(zone.dDoSShieldSensitivity, DdosShieldSensitivity.Challenge);
    assert.equal(zone.wafExecutionMode, 1);
    assert.equal(emulator().state.zone(zone.shieldZoneId)!.planType, ShieldPlanType.Advanced);
    await rejection(
      client.shieldZones.createUnderAttack(880001, ShieldPlanType.Basic),
      ConflictError,
    );
    emulator().resetRequests();
    const bad = await rejection(
      client.shieldZones.createUnderAttack(880002, 9 as never),
      InvalidArgumentError,
    );
    assert.match(bad.message, /planType/);
    assert.equal(emulator().requests.length, 0, "refused before any request");
  });
});

const NOT_FOUND_ENVELOPE = {
  data: null,
  error: {
    statusCode: 202,
    success: false,
    message: "Shield Zone not found or Unauthorized access.",
    errorKey: "not_found_or_unauthorised_access.shieldzone",
  },
};

describe("client: shield zones", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub());
  });

  it("gets a zone by id and by pull zone", async () => {
    stub().reply({ body: shieldZoneBody(1001) }, { body: shieldZoneBody(1002) });
    const zone = await client.shieldZones.get(1001);
    assert.equal(zone.shieldZoneId, 1001);
    assert.equal(zone.pullZoneId, 501);
    assert.deepEqual(zone.wafDisabledRules, ["942100"]);
    assert.equal(zone.dDoSShieldSensitivity, 2);
    assert.equal(zone.rateLimitRulesLimit, 10);
    const byPullZone = await client.shieldZones.getByPullZone(501);
    assert.equal(byPullZone.shieldZoneId, 1002);
    assert.deepEqual(sent(stub()), [
      ["GET", "/shield/shield-zone/1001"],
      ["GET", "/shield/shield-zone/get-by-pullzone/501"],
    ]);
  });

  it("gives null rule lists as empty ones and keeps nulls elsewhere", async () => {
    const body = shieldZoneBody();
    Object.assign(body.data, { wafDisabledRules: null, wafEnabled: null, pullZoneId: null });
    stub().reply({ body });
    const zone = await client.shieldZones.get(1001);
    assert.deepEqual(zone.wafDisabledRules, []);
    assert.equal(zone.wafEnabled, null);
    assert.equal(zone.pullZoneId, null);
  });

  it("reports a zone that does not exist (202 envelope) as NotFoundError", async () => {
    stub().reply({ status: 202, body: NOT_FOUND_ENVELOPE });
    const error = await rejection(client.shieldZones.get(4242), NotFoundError);
    assert.equal(error.errorKey, "not_found_or_unauthorised_access.shieldzone");
    assert.equal(error.operation, "getShieldZone");
  });

  it("lists every zone across pages, asking for page and perPage", async () => {
    stub().reply(
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
      { body: pagedBody([shieldZone(3)], 2, null) },
    );
    const list = client.shieldZones.list({ perPage: 2 });
    assert.ok(list instanceof PagedList);
    assert.equal(stub().requests.length, 0, "nothing is sent before the list is used");
    const zones = await list;
    assert.deepEqual(
      zones.map((z) => z.shieldZoneId),
      [1, 2, 3],
    );
    assert.deepEqual(
      stub().requests.map((r) => [r.method, r.path, r.query]),
      [
        ["GET", "/shield/shield-zones", { page: "1", perPage: "2" }],
        ["GET", "/shield/shield-zones", { page: "2", perPage: "2" }],
      ],
    );
  });

  it("gives the same array when awaited twice, and rejects through catch", async () => {
    stub().reply({ body: pagedBody([shieldZone(1)], 1, null) });
    const list = client.shieldZones.list();
    const [first, second] = [await list, await list];
    assert.equal(first, second);
    assert.equal(stub().requests.length, 1);
    stub().reply({ status: 202, body: NOT_FOUND_ENVELOPE });
    const caught = await client.shieldZones.list().catch((error: unknown) => error);
    assert.ok(caught instanceof NotFoundError);
  });

  it("iterates lazily: stopping early reads no further page", async () => {
    stub().reply({ body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) });
    for await (const zone of client.shieldZones.list()) {
      assert.equal(zone.shieldZoneId, 1);
      break;
    }
    assert.equal(stub().requests.length, 1);
    assert.equal(stub().requests[0].query.perPage, "100", "the default page size");
  });

  it("stops at an empty page, a page already read, or a page of nothing new", async () => {
    stub().reply({ body: pagedBody([shieldZone(1)], 1, 2) }, { body: pagedBody([], 2, 3) });
    assert.equal((await client.shieldZones.list()).length, 1);
    assert.equal(stub().requests.length, 2);

    stub().reset();
    stub().reply(
      { body: pagedBody([shieldZone(1)], 1, 2) },
      { body: pagedBody([shieldZone(2)], 2, 1) },
    );
    assert.equal((await client.shieldZones.list()).length, 2);
    assert.equal(stub().requests.length, 2, "page 1 is not read again");

    // A service that ignores `page` sends page 1 again: nothing new, so the walk ends.
    stub().reset();
    stub().reply(
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
      { body: pagedBody([shieldZone(1), shieldZone(2)], 1, 2) },
    );
    assert.deepEqual(
      (await client.shieldZones.list()).map((z) => z.shieldZoneId),
      [1, 2],
    );
    assert.equal(stub().requests.length, 2);

    stub().reset();
    stub().reply({ body: { data: [shieldZone(1)] } });
    assert.equal((await client.shieldZones.list()).length, 1, "no page object: one page");
  });

  it("creates a zone with a POST of {pullZoneId, shieldZone}", async () => {
    stub().reply({ body: createdShieldZoneBody(1005, 505) });
    const zone = await client.shieldZones.create(505, {
      planType: 1,
      wafEnabled: true,
      dDoSShieldSensitivity: 3,
      dDoSChallengeWindow: 600,
      wafDisabledRules: ["942100"],
    });
    assert.equal(zone.shieldZoneId, 1005);
    assert.equal(zone.pullZoneId, 505);
    assert.deepEqual(sent(stub()), [
      [
        "POST",
        "/shield/shield-zone",
        {
          pullZoneId: 505,
          shieldZone: {
            planType: 1,
            wafEnabled: true,
            dDoSShieldSensitivity: 3,
            dDoSChallengeWindow: 600,
            wafDisabledRules: ["942100"],
          },
        },
      ],
    ]);
  });

  it("reports a 409 on create as ConflictError, with a hint", async () => {
    stub().reply({
      status: 409,
      body: {
        data: null,
        error: {
          statusCode: 409,
          success: false,
          message: "A Shield Zone already exists for this Pull Zone.",
          errorKey: "already_exists.shieldzone",
        },
      },
    });
    const error = await rejection(client.shieldZones.create(505), ConflictError);
    assert.equal(error.status, 409);
    assert.match(error.message, /getByPullZone/);
    assert.equal(stub().requests.length, 1);
  });

  it("updates a zone with a PATCH of {shieldZoneId, shieldZone: {shieldZoneId, …}}", async () => {
    stub().reply({ body: updatedShieldZoneBody(1001) });
    const zone = await client.shieldZones.update(1001, {
      wafExecutionMode: 1,
      wafRequestBodyLimitAction: 0,
      whitelabelResponsePages: null,
    });
    assert.equal(zone.shieldZoneId, 1001);
    assert.equal(zone.wafExecutionMode, 1);
    assert.deepEqual(sent(stub()), [
      [
        "PATCH",
        "/shield/shield-zone",
        {
          shieldZoneId: 1001,
          shieldZone: {
            shieldZoneId: 1001,
            wafExecutionMode: 1,
            wafRequestBodyLimitAction: 0,
            whitelabelResponsePages: null,
          },
        },
      ],
    ]);
  });

  it("refuses bad arguments before sending, naming the field and value", async () => {
    const cases: Array<[() => PromiseLike<unknown>, string, string]> = [
      [() => client.shieldZones.get(0), "shieldZoneId", "0"],
      [() => client.shieldZones.getByPullZone(unchecked("501")), "pullZoneId", '"501"'],
      [() => client.shieldZones.list({ perPage: 0 }), "perPage", "0"],
      [
        () => client.shieldZones.create(505, unchecked({ planType: -9 })),
        "settings.planType",
        "-9",
      ],
      [
        () => client.shieldZones.create(505, unchecked({ ddosShieldSensitivity: 1 })),
        "settings.ddosShieldSensitivity",
        "1",
      ],
      [
        () => client.shieldZones.update(1001, unchecked({ wafDisabledRules: [942100] })),
        "settings.wafDisabledRules.0",
        "942100",
      ],
      [
        () => client.shieldZones.update(1001, unchecked({ wafEnabled: "yes" })),
        "settings.wafEnabled",
        '"yes"',
      ],
      [() => client.shieldZones.update(1001, unchecked(null)), "settings", "null"],
    ];
    for (const [call, argument, shown] of cases) {
      const error = await rejection(call(), InvalidArgumentError);
      assert.equal(error.argument, argument);
      assert.ok(error.message.startsWith(`Invalid ${argument}: ${shown};`), error.message);
    }
    const unknown = await rejection(
      client.shieldZones.update(1001, unchecked({ colour: 1 })),
      InvalidArgumentError,
    );
    assert.match(unknown.message, /unknown field; allowed fields are planType, learningMode/);
    assert.equal(stub().requests.length, 0);
  });
});
