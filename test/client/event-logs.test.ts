/** `client.eventLogs` (and 0.1.0's forms): one page, and every entry of a day, against the emulator. */
import { strict as assert } from "node:assert";
import { ShieldClient, ValidationError } from "../../src/client";
import {
  clientFor,
  collect,
  eventLogPage,
  NOW,
  rawAnswer,
  rejection,
  TODAY,
  TODAY_ISO,
  useEmulator,
  withoutDriftFields,
  YESTERDAY,
} from "./helpers";

describe("client: event logs", () => {
  const emu = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emu());
  });
  beforeEach(() => emu().resetRequests());

  it("is a sub-client (get, list), still callable as 0.1.0's method, with 0.1.0's getEventLogs", async () => {
    assert.equal(client.eventLogs, client.eventLogs, "made once");
    const page = await client.eventLogs.get(1001, TODAY);
    assert.deepEqual(await client.getEventLogs(1001, TODAY), page);
    const listed = await collect(client.eventLogs.list(1001, TODAY, { limit: 3 }));
    assert.deepEqual(await collect(client.eventLogs(1001, TODAY, { limit: 3 })), listed);
    assert.deepEqual(listed, page.logs.slice(0, 3));
    assert.equal(JSON.stringify(client), "{}", "the client's JSON still shows nothing");
  });

  it("reads the first page without a token segment, exactly as the service sent it", async () => {
    const expected = await rawAnswer(emu(), `/shield/event-logs/1001/${TODAY}`);
    emu().resetRequests();
    const page = await client.getEventLogs(1001, TODAY);
    // Fields the service added since the spec are dropped; the rest is kept as sent.
    assert.deepEqual(page, withoutDriftFields(expected));
    assert.equal(page.logs.length, 100);
    assert.equal(page.hasMoreData, true);
    assert.ok(page.continuationToken);
    assert.equal(emu().requests.length, 1);
    const [request] = emu().requests;
    assert.equal(request.method, "GET");
    assert.equal(request.route, "getEventLogs");
    assert.equal(request.path, `/shield/event-logs/1001/${TODAY}`);
    assert.equal(request.status, 200);
    assert.equal(request.authenticated, true);
  });

  it("gives the same path for a Date, MM-dd-yyyy and yyyy-MM-dd", async () => {
    await client.getEventLogs(1001, NOW);
    await client.getEventLogs(1001, TODAY);
    await client.getEventLogs(1001, TODAY_ISO);
    await client.getEventLogs(1001, new Date("2026-03-15T00:00:00Z"));
    await client.getEventLogs(1001, new Date("2026-03-15T23:59:59.999Z"));
    const paths = emu().requests.map((r) => r.path);
    assert.deepEqual(paths, Array(5).fill(`/shield/event-logs/1001/${TODAY}`));
  });

  it("reads the next page with the token of the previous one", async () => {
    const first = await client.getEventLogs(1001, YESTERDAY);
    const token = first.continuationToken!;
    const second = await client.getEventLogs(1001, YESTERDAY, token);
    assert.equal(emu().requests[1].path, `/shield/event-logs/1001/${YESTERDAY}/${token}`);
    assert.equal(second.logs.length, 100);
    const firstIds = new Set(first.logs.map((l) => l.logId));
    assert.ok(
      second.logs.every((l) => !firstIds.has(l.logId)),
      "pages do not overlap",
    );
  });

  it("reads every entry of a day across pages", async () => {
    const volume = emu().state.eventLogVolume(1001, TODAY);
    assert.equal(volume, 250);
    const entries = await collect(client.eventLogs(1001, TODAY));
    assert.equal(entries.length, volume);
    assert.equal(new Set(entries.map((e) => e.logId)).size, volume, "no entry twice");
    const dayStart = Date.UTC(2026, 2, 15);
    assert.ok(entries.every((e) => e.timestamp >= dayStart && e.timestamp < dayStart + 86_400_000));
    assert.equal(emu().requests.length, 3, "three pages of 100");
    assert.equal(emu().requests[0].path, `/shield/event-logs/1001/${TODAY}`);
    assert.ok(
      emu()
        .requests.slice(1)
        .every((r) => r.path.split("/").length === 6),
    );
  });

  it("stops at `limit` without reading further pages", async () => {
    const entries = await collect(client.eventLogs(1002, TODAY, { limit: 120 }));
    assert.equal(entries.length, 120);
    assert.equal(emu().requests.length, 2);
    const exact = await collect(client.eventLogs(1002, TODAY, { limit: 100 }));
    assert.equal(exact.length, 100);
    assert.equal(emu().requests.length, 3, "a limit met by the first page reads only that page");
  });

  it("ends at an empty day after one request", async () => {
    emu().state.setEventLogVolume(1003, TODAY, 0);
    const page = await client.getEventLogs(1003, TODAY);
    assert.deepEqual(page.logs, []);
    assert.equal(page.hasMoreData, false);
    assert.deepEqual(await collect(client.eventLogs(1003, TODAY)), []);
    assert.equal(emu().requests.length, 2);
  });

  it("ends at an empty page even if the service says there is more", async () => {
    emu().faults.add({ route: "getEventLogs", status: 200, body: eventLogPage(["a"], true, "t1") });
    emu().faults.add({ route: "getEventLogs", status: 200, body: eventLogPage([], true, "") });
    const entries = await collect(client.eventLogs(1001, TODAY));
    assert.deepEqual(
      entries.map((e) => e.logId),
      ["a"],
    );
    assert.equal(emu().requests.length, 2);
  });

  it("stops when a page repeats the previous token, instead of looping", async () => {
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: eventLogPage(["a", "b"], true, "same-token"),
    });
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: eventLogPage(["c"], true, "same-token"),
    });
    // Were the client to ask again, it would get this page forever.
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      times: Infinity,
      body: eventLogPage(["loop"], true, "same-token"),
    });
    const entries = await collect(client.eventLogs(1001, TODAY));
    assert.deepEqual(
      entries.map((e) => e.logId),
      ["a", "b", "c"],
    );
    assert.equal(emu().requests.length, 2);
    assert.equal(emu().requests[1].path, `/shield/event-logs/1001/${TODAY}/same-token`);
  });

  it("stops when hasMoreData is true but the token is empty or null", async () => {
    emu().faults.add({ route: "getEventLogs", status: 200, body: eventLogPage(["a"], true, "") });
    assert.equal((await collect(client.eventLogs(1001, TODAY))).length, 1);
    emu().faults.add({ route: "getEventLogs", status: 200, body: eventLogPage(["b"], true, null) });
    assert.equal((await collect(client.eventLogs(1001, TODAY))).length, 1);
    assert.equal(emu().requests.length, 2);
  });

  it("stops when hasMoreData is false even with a token", async () => {
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: eventLogPage(["a"], false, "more?"),
    });
    assert.equal((await collect(client.eventLogs(1001, TODAY))).length, 1);
    assert.equal(emu().requests.length, 1);
  });

  it("gives a missing logs array as an empty one", async () => {
    emu().faults.add({
      route: "getEventLogs",
      status: 200,
      body: { ...eventLogPage([], false, ""), logs: null },
    });
    const page = await client.getEventLogs(1001, TODAY);
    assert.deepEqual(page.logs, []);
  });

  it("refuses a token that belongs to another day (the service's answer)", async () => {
    const first = await client.getEventLogs(1001, TODAY);
    const error = await rejection(
      client.getEventLogs(1001, YESTERDAY, first.continuationToken!),
      ValidationError,
    );
    assert.equal(error.errorKey, "invalid_continuation_token.event_logs");
    assert.equal(error.status, 200, "the service reports this inside a 200");
  });
});
