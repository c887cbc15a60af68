/** Bad arguments are refused before anything is sent; path segments cannot leave their route. */
import { strict as assert } from "node:assert";
import {
  InvalidArgumentError,
  MissingCredentialsError,
  ShieldClient,
  ValidationError,
  type AccessListConfigurationChange,
  type SearchAllParams,
  type SearchParams,
} from "../../src/client";
import { clientFor, collect, rejection, TODAY, unchecked, useEmulator } from "./helpers";

describe("client inputs: refused before sending", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());
  afterEach(() => {
    assert.equal(emu().requests.length, 0, "no request may reach the service");
  });

  /** Expects `call` to fail with an InvalidArgumentError naming `argument` and `shown`. */
  async function refused(
    call: () => Promise<unknown>,
    argument: string,
    value: unknown,
    shown: string,
  ): Promise<InvalidArgumentError> {
    const error = await rejection(call(), InvalidArgumentError);
    assert.equal(error.argument, argument);
    assert.ok(Object.is(error.value, value), `value ${String(error.value)}`);
    assert.ok(
      error.message.startsWith(`Invalid ${argument}: ${shown};`),
      `message: ${error.message}`,
    );
    return error;
  }

  const badZoneIds: Array<[unknown, string]> = [
    [0, "0"],
    [-1, "-1"],
    [1.5, "1.5"],
    [NaN, "NaN"],
    [2 ** 31, "2147483648"],
    ["1001", '"1001"'],
    [undefined, "undefined"],
    [null, "null"],
  ];
  for (const [zoneId, shown] of badZoneIds) {
    it(`refuses the zone id ${shown} in every operation`, async () => {
      const id = unchecked<number>(zoneId);
      await refused(() => client.getBotDetection(id), "shieldZoneId", zoneId, shown);
      await refused(() => client.listAccessLists(id), "shieldZoneId", zoneId, shown);
      await refused(() => client.getEventLogs(id, TODAY), "shieldZoneId", zoneId, shown);
      await refused(() => client.eventLogs(id, TODAY).next(), "shieldZoneId", zoneId, shown);
      await refused(
        () => client.updateAccessListConfiguration(id, 100101, { isEnabled: true }),
        "shieldZoneId",
        zoneId,
        shown,
      );
    });
  }

  it("accepts the largest int32 zone id (and the service answers it)", async () => {
    await rejection(client.getBotDetection(2 ** 31 - 1), Error);
    assert.equal(emu().requests.length, 1);
    emu().resetRequests();
  });

  for (const [id, shown] of [
    [0, "0"],
    [1.5, "1.5"],
    [2 ** 53, "9007199254740992"],
    [-100101, "-100101"],
    ["100101", '"100101"'],
  ] as Array<[unknown, string]>) {
    it(`refuses the configuration id ${shown}`, async () => {
      await refused(
        () =>
          client.updateAccessListConfiguration(1001, unchecked<number>(id), { isEnabled: true }),
        "configurationId",
        id,
        shown,
      );
    });
  }

  for (const [date, shown] of [
    ["02-30-2026", '"02-30-2026"'],
    ["13-01-2026", '"13-01-2026"'],
    ["2026-02-30", '"2026-02-30"'],
    ["2026-13-01", '"2026-13-01"'],
    ["yesterday", '"yesterday"'],
    ["3-15-2026", '"3-15-2026"'],
    ["03/15/2026", '"03/15/2026"'],
    ["", '""'],
    [1_773_532_800_000, "1773532800000"],
  ] as Array<[unknown, string]>) {
    it(`refuses the date ${shown}`, async () => {
      const day = unchecked<string>(date);
      await refused(() => client.getEventLogs(1001, day), "date", date, shown);
      await refused(() => client.eventLogs(1001, day).next(), "date", date, shown);
    });
  }

  it("refuses an invalid Date", async () => {
    const date = new Date(NaN);
    await refused(() => client.getEventLogs(1001, date), "date", date, "Date(invalid)");
  });

  it("refuses a day that does not exist in the calendar, saying so", async () => {
    const error = await rejection(client.getEventLogs(1001, "02-29-2026"), InvalidArgumentError);
    assert.match(error.message, /does not exist in the calendar/);
    // 2028 is a leap year: the day exists, so it is sent (and the service refuses the window).
    await rejection(client.getEventLogs(1001, "02-29-2028"), ValidationError);
    assert.equal(emu().requests.length, 1);
    emu().resetRequests();
  });

  const longToken = "t".repeat(5000);
  for (const [token, shown] of [
    ["", '""'],
    [".", '"."'],
    ["..", '".."'],
    [longToken, JSON.stringify(`${"t".repeat(77)}...`)],
    ["ab\u0007cd", '"ab\\u0007cd"'],
    ["line\nbreak", '"line\\nbreak"'],
    // DEL is shown escaped, so that it is visible in the message.
    ["del\u007f", '"del\\u007f"'],
    [42, "42"],
  ] as Array<[unknown, string]>) {
    it(`refuses the token ${shown.length > 20 ? "of 5000 characters" : shown}`, async () => {
      const error = await refused(
        () => client.getEventLogs(1001, TODAY, unchecked<string>(token)),
        "continuationToken",
        token,
        shown,
      );
      assert.ok(error.message.length < 300, "the message quotes a long value briefly");
    });
  }

  it("refuses a bad eventLogs limit on the first next()", async () => {
    for (const limit of [0, -1, 1.5, NaN]) {
      await refused(
        () => client.eventLogs(1001, TODAY, { limit }).next(),
        "limit",
        limit,
        String(limit),
      );
    }
  });

  const badSearches: Array<[unknown, string, unknown, string]> = [
    [{ query: "x", from: -1 }, "from", -1, "-1"],
    [{ query: "x", from: 0.5 }, "from", 0.5, "0.5"],
    [{ query: "x", size: 0 }, "size", 0, "0"],
    [{ query: "x", size: 101 }, "size", 101, "101"],
    [{ query: "q".repeat(257) }, "query", "q".repeat(257), JSON.stringify(`${"q".repeat(77)}...`)],
    [{ query: 5 }, "query", 5, "5"],
    [{}, "query", undefined, "undefined"],
    [{ query: "tab\there" }, "query", "tab\there", '"tab\\there"'],
    [{ query: "x", colour: 1 }, "params.colour", 1, "1"],
    [{ query: "x", pageSize: 5 }, "params.pageSize", 5, "5"],
  ];
  for (const [params, argument, value, shown] of badSearches) {
    it(`refuses the search ${JSON.stringify(params).slice(0, 40)}`, async () => {
      await refused(() => client.search(unchecked<SearchParams>(params)), argument, value, shown);
    });
  }

  it("accepts a query of exactly 256 characters and a size of 100", async () => {
    await client.search({ query: "q".repeat(256), size: 100 });
    assert.equal(emu().requests.length, 1);
    emu().resetRequests();
  });

  it("refuses bad searchAll parameters on the first next()", async () => {
    await refused(
      () => client.searchAll(unchecked<SearchAllParams>({ query: "x", pageSize: 0 })).next(),
      "pageSize",
      0,
      "0",
    );
    await refused(
      () => client.searchAll(unchecked<SearchAllParams>({ query: "x", size: 5 })).next(),
      "params.size",
      5,
      "5",
    );
    await refused(
      () => client.searchAll(unchecked<SearchAllParams>({ query: null })).next(),
      "query",
      null,
      "null",
    );
    const error = await rejection(
      client.search(unchecked<SearchParams>("cdn")),
      InvalidArgumentError,
    );
    assert.equal(error.argument, "params");
  });

  const badChanges: Array<[unknown, string, unknown, string]> = [
    [{}, "change", undefined, "{}"],
    [{ isEnabled: "yes" }, "change.isEnabled", "yes", '"yes"'],
    [{ isEnabled: null }, "change.isEnabled", null, "null"],
    [{ action: -1 }, "change.action", -1, "-1"],
    [{ action: "Block" }, "change.action", "Block", '"Block"'],
    [{ action: 1.5 }, "change.action", 1.5, "1.5"],
    [{ colour: 1 }, "change.colour", 1, "1"],
    [{ isEnabled: true, colour: 1 }, "change.colour", 1, "1"],
    [null, "change", null, "null"],
    [[true], "change", undefined, "[true]"],
  ];
  for (const [change, argument, value, shown] of badChanges) {
    it(`refuses the change ${JSON.stringify(change)}`, async () => {
      const error = await rejection(
        client.updateAccessListConfiguration(
          1001,
          100101,
          unchecked<AccessListConfigurationChange>(change),
        ),
        InvalidArgumentError,
      );
      assert.equal(error.argument, argument);
      if (argument !== "change") assert.ok(Object.is(error.value, value));
      assert.ok(error.message.startsWith(`Invalid ${argument}: ${shown};`), error.message);
    });
  }

  it("lists the allowed actions and fields in its messages", async () => {
    const action = await rejection(
      client.updateAccessListConfiguration(1001, 100101, unchecked({ action: -1 })),
      InvalidArgumentError,
    );
    assert.match(action.message, /0 \(None\), 1 \(Allow\), 2 \(Block\)/);
    const field = await rejection(
      client.updateAccessListConfiguration(1001, 100101, unchecked({ colour: 1 })),
      InvalidArgumentError,
    );
    assert.match(field.message, /allowed fields are isEnabled, action/);
    const empty = await rejection(
      client.updateAccessListConfiguration(1001, 100101, {}),
      InvalidArgumentError,
    );
    assert.match(empty.message, /nothing to change/);
  });

  it("refuses bad client options", () => {
    assert.throws(() => new ShieldClient({ apiKey: "" }), MissingCredentialsError);
    assert.throws(() => new ShieldClient({ apiKey: "   " }), MissingCredentialsError);
    assert.throws(() => new ShieldClient(unchecked({})), MissingCredentialsError);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ baseUrl: "ftp://api.bunny.net" }, "baseUrl"],
      [{ baseUrl: "not a url" }, "baseUrl"],
      [{ baseUrl: "https://user:pass@api.bunny.net" }, "baseUrl"],
      [{ timeoutMs: 0 }, "timeoutMs"],
      [{ deadlineMs: -5 }, "deadlineMs"],
      [{ retryBaseDelayMs: 1.5 }, "retryBaseDelayMs"],
      [{ maxRetryDelayMs: NaN }, "maxRetryDelayMs"],
      [{ maxRetries: 21 }, "maxRetries"],
      [{ maxRetries: -1 }, "maxRetries"],
      [{ maxRateLimitRetries: 2.5 }, "maxRateLimitRetries"],
    ];
    for (const [options, argument] of cases) {
      assert.throws(
        () => new ShieldClient({ apiKey: "k", ...options }),
        (error: unknown) => error instanceof InvalidArgumentError && error.argument === argument,
        JSON.stringify(options),
      );
    }
    assert.equal(new ShieldClient({ apiKey: "k", maxRetries: 0 }).baseUrl, "https://api.bunny.net");
    assert.equal(
      new ShieldClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1/" }).baseUrl,
      "http://127.0.0.1:1",
    );
  });
});

describe("client inputs: path segments stay in their route", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  const prefix = `/shield/event-logs/1001/${TODAY}/`;
  for (const [token, encoded] of [
    ["a/b", "a%2Fb"],
    ["%2F", "%252F"],
    ["../x", "..%2Fx"],
    ["../../shield-zone/1001/bot-detection", "..%2F..%2Fshield-zone%2F1001%2Fbot-detection"],
    ["x?search=1#frag", "x%3Fsearch%3D1%23frag"],
    ["%2e%2e", "%252e%252e"],
    ["a b+c", "a%20b%2Bc"],
  ]) {
    it(`percent-encodes the token ${JSON.stringify(token)}`, async () => {
      const error = await rejection(client.getEventLogs(1001, TODAY, token), ValidationError);
      assert.equal(error.errorKey, "invalid_continuation_token.event_logs");
      assert.equal(error.path, prefix + encoded);
      assert.equal(emu().requests.length, 1);
      const [request] = emu().requests;
      assert.equal(request.route, "getEventLogs");
      assert.equal(request.path, prefix + encoded);
      assert.deepEqual(request.query, {});
    });
  }

  it("reads a whole day the same way whatever date form is given", async () => {
    const fromString = await collect(client.eventLogs(1001, "2026-03-15", { limit: 3 }));
    const fromDate = await collect(
      client.eventLogs(1001, new Date("2026-03-15T08:00:00Z"), { limit: 3 }),
    );
    assert.deepEqual(fromString, fromDate);
  });
});
