/**
 * Identical GETs in flight at once share one request (src/client/single-flight.ts): the
 * answer is shared and frozen, failures reach every caller (each its own copy), retries happen
 * once inside the shared call, and a write closes its zone's reads to newcomers as it starts
 * and again as it settles.
 */
import { strict as assert } from "node:assert";
import { RateLimitError, ServerError, ShieldClient } from "../../src/client";
import { withContext } from "../../src/client/error-context";
import {
  closeReads,
  identityOf,
  setReadSharing,
  sharedRead,
  zoneOfPath,
} from "../../src/client/single-flight";
import {
  accessListsBody,
  configurationBody,
  eventLogSearchBody,
  metricsOverviewBody,
  updatedShieldZoneBody,
} from "./answers";
import { clientFor, rejection } from "./helpers";
import { useStub, type Stub } from "./stub";

/** Waits until the stub has received `count` requests. */
async function arrived(stub: Stub, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (stub.requests.length < count) {
    if (Date.now() > deadline) throw new Error(`${stub.requests.length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const lists = (delayMs = 0) => ({ body: accessListsBody(), delayMs });
const sent = (stub: Stub) => stub.requests.map((r) => `${r.method} ${r.path}`);

describe("client: identical reads in flight share one request", () => {
  const stub = useStub();
  let client: ShieldClient;
  beforeEach(() => {
    client = clientFor(stub(), { maxRetries: 2 });
  });

  it("sends one GET for concurrent identical reads, parsed once, frozen for all", async () => {
    stub().reply(lists(30));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.accessLists.list(1001)),
    );
    assert.deepEqual(sent(stub()), ["GET /shield/shield-zone/1001/access-lists"]);
    for (const answer of answers) assert.equal(answer, answers[0]);
    // No caller can change what another one sees.
    assert.ok(Object.isFrozen(answers[0]!.customLists[0]));
    assert.throws(() => {
      answers[0]!.customLists[0]!.isEnabled = false;
    }, TypeError);
    assert.throws(() => answers[0]!.managedLists.push(answers[0]!.managedLists[0]!), TypeError);
  });

  it("shares across clients of the same key and address; a read nobody joined is not frozen", async () => {
    stub().reply(lists(30), lists());
    const other = clientFor(stub(), { maxRetries: 2 });
    const [mine, theirs] = await Promise.all([
      client.accessLists.list(1001),
      other.accessLists.list(1001),
    ]);
    assert.equal(stub().requests.length, 1);
    assert.equal(mine, theirs);
    const alone = await client.accessLists.list(1001);
    assert.equal(Object.isFrozen(alone), false);
  });

  it("shares the raw answer of send() apart from the parsed one of the same path", async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { status: 200, body: { list: [{ id: 1 }] } };
    };
    const [a, b] = await Promise.all([
      sharedRead("/p", "raw", send),
      sharedRead("/p", "raw", send),
      sharedRead("/p", "parsed", send),
    ]);
    assert.equal(calls, 2, "one per key");
    assert.equal(a, b);
    assert.ok(Object.isFrozen(a.body.list[0]));
  });

  it("does not share between zones, queries, keys, addresses or settings", async () => {
    stub().reply(...Array.from({ length: 6 }, () => lists(30)));
    await Promise.all([
      client.accessLists.list(1001),
      client.accessLists.list(1002),
      clientFor({ ...stub(), apiKey: "another-key" }).accessLists.list(1001),
      clientFor({ ...stub(), url: `${stub().url}/elsewhere` }).accessLists.list(1001),
      clientFor(stub(), { maxRetries: 0 }).accessLists.list(1001),
      client.search({ query: "a" }).catch(() => undefined),
    ]);
    assert.equal(stub().requests.length, 6);
  });

  it("sends again once the shared read settled", async () => {
    stub().reply(lists(), lists());
    await client.accessLists.list(1001);
    await client.accessLists.list(1001);
    assert.equal(stub().requests.length, 2);
  });

  it("retries once inside the shared call, for every caller", async () => {
    stub().reply({ status: 429, headers: { "Retry-After": "0" }, delayMs: 20 }, lists());
    const answers = await Promise.all([
      client.accessLists.list(1001),
      client.accessLists.list(1001),
      client.accessLists.list(1001),
    ]);
    assert.equal(stub().requests.length, 2, "one 429 and one retry");
    assert.equal(answers[2]!.customLists[0]!.listId, 12);
  });

  it("gives a failure to every caller, each its own copy, and the next call sends anew", async () => {
    stub().reply({ status: 500, body: { title: "Broken" }, delayMs: 20 });
    const [first, second] = await Promise.all([
      rejection(client.accessLists.list(1001), ServerError),
      rejection(client.accessLists.list(1001), ServerError),
    ]);
    assert.equal(stub().requests.length, 1);
    assert.notEqual(first, second);
    assert.equal(first.message, second.message);
    assert.equal(second.status, 500);
    withContext(first, "AccessListConfiguration 1001/1011: refresh failed");
    assert.doesNotMatch(second.message, /refresh failed/);

    stub().reply(lists());
    await client.accessLists.list(1001);
    assert.equal(stub().requests.length, 2);
  });

  it("a read issued after a write to its zone started does not join a read from before", async () => {
    // `during` is still in flight when the write settles: `after` must not join it either.
    stub().reply(lists(80), { body: configurationBody(), delayMs: 40 }, lists(100), lists());
    const before = client.accessLists.list(1001);
    await arrived(stub(), 1);
    const write = client.accessLists.updateConfiguration(1001, 1011, { isEnabled: false });
    await arrived(stub(), 2);
    const during = client.accessLists.list(1001);
    await write;
    const after = client.accessLists.list(1001);
    await Promise.all([before, during, after]);
    assert.deepEqual(sent(stub()), [
      "GET /shield/shield-zone/1001/access-lists",
      "PATCH /shield/shield-zone/1001/access-lists/configurations/1011",
      "GET /shield/shield-zone/1001/access-lists",
      "GET /shield/shield-zone/1001/access-lists",
    ]);
  });

  it("a read joins one from before a write to another zone", async () => {
    stub().reply(lists(60), { body: configurationBody() });
    const before = client.accessLists.list(1001);
    await arrived(stub(), 1);
    await client.accessLists.updateConfiguration(1002, 1021, { isEnabled: false });
    await Promise.all([before, client.accessLists.list(1001)]);
    assert.equal(stub().requests.length, 2, "the GET of zone 1001 and the PATCH of 1002");
  });

  it("a write whose path names no zone closes every read", async () => {
    stub().reply(lists(60), lists(60), { body: updatedShieldZoneBody(1005) }, lists(), lists());
    const reads = [client.accessLists.list(1001), client.accessLists.list(1002)];
    await arrived(stub(), 2);
    await client.shieldZones.update(1005, { learningMode: false });
    reads.push(client.accessLists.list(1001), client.accessLists.list(1002));
    await Promise.all(reads);
    assert.equal(stub().requests.filter((r) => r.method === "GET").length, 4);
  });

  it("a write to a zone closes the reads of paths that name none, and only its zone's", async () => {
    const sends: string[] = [];
    const slow = (name: string) => async () => {
      sends.push(name);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return name;
    };
    const read = (path: string, key: string) => sharedRead(path, key, slow(key));
    const first = [read("/shield/shield-zones", "all"), read("/shield/shield-zone/1/x", "one")];
    closeReads("/shield/shield-zone/2/x");
    const second = [read("/shield/shield-zones", "all"), read("/shield/shield-zone/1/x", "one")];
    assert.deepEqual(sends, ["all", "one", "all"], "the zone-less read sent anew, zone 1's joined");
    closeReads("/shield/promotions");
    await Promise.all([...first, ...second, read("/shield/shield-zone/1/x", "one")]);
    assert.deepEqual(sends, ["all", "one", "all", "one"], "a path naming no zone closes all");
  });

  it("a search, a POST that only reads, closes no read", async () => {
    stub().reply(lists(60), { body: eventLogSearchBody() });
    const now = Date.now();
    const before = client.accessLists.list(1001);
    await arrived(stub(), 1);
    await client.eventLogSearch.rows(1002, { from: now - 60_000, to: now });
    await Promise.all([before, client.accessLists.list(1001)]);
    assert.deepEqual(sent(stub()), [
      "GET /shield/shield-zone/1001/access-lists",
      "POST /shield/event-logs/1002/search",
    ]);
  });

  it("shares reads whose answer is in a data envelope, such as the metrics", async () => {
    stub().reply({ body: metricsOverviewBody(), delayMs: 30 });
    const [a, b] = await Promise.all([
      client.metrics.overview(1001),
      client.metrics.overview(1001),
    ]);
    assert.equal(stub().requests.length, 1);
    assert.equal(a, b);
  });

  it("can be switched off (for benchmarks)", async () => {
    setReadSharing(false);
    try {
      stub().reply(lists(20), lists(20), lists(20));
      await Promise.all([1, 2, 3].map(() => client.accessLists.list(1001)));
      assert.equal(stub().requests.length, 3);
    } finally {
      setReadSharing(true);
    }
  });

  it("a write is never shared, and still retried where safe", async () => {
    const limited = { status: 429, headers: { "Retry-After": "0" } };
    stub().reply(limited, { body: configurationBody() }, { body: configurationBody() });
    await Promise.all([
      client.accessLists.updateConfiguration(1001, 1011, { isEnabled: false }),
      client.accessLists.updateConfiguration(1001, 1011, { isEnabled: false }),
    ]);
    assert.equal(stub().requests.length, 3);
    stub().reset();
    stub().reply(limited, limited, limited);
    await rejection(
      client.accessLists.updateConfiguration(1001, 1011, { isEnabled: false }),
      RateLimitError,
    );
    assert.equal(stub().requests.length, 3, "maxRetries + 1");
  });

  it("a client with keepReads reads a zone once until a write to it, then anew", async () => {
    const keeping = clientFor(stub(), { maxRetries: 2, keepReads: true });
    stub().reply(lists(), lists(), { body: configurationBody() }, lists());
    const first = await keeping.accessLists.list(1001);
    const again = await keeping.accessLists.list(1001);
    assert.equal(again, first, "the kept answer");
    assert.ok(Object.isFrozen(first), "frozen: no caller changes what another sees");
    await client.accessLists.list(1001);
    assert.equal(stub().requests.length, 2, "a client without keepReads sends anew");
    await keeping.accessLists.updateConfiguration(1001, 1011, { isEnabled: false });
    await keeping.accessLists.list(1001);
    assert.deepEqual(sent(stub()).slice(2), [
      "PATCH /shield/shield-zone/1001/access-lists/configurations/1011",
      "GET /shield/shield-zone/1001/access-lists",
    ]);
  });

  it("knows the zone of the paths that name one", () => {
    assert.equal(zoneOfPath("/shield/shield-zone/1001/access-lists"), "1001");
    assert.equal(zoneOfPath("/shield/shield-zone/1001"), "1001");
    assert.equal(zoneOfPath("/shield/waf/custom-rules/1002"), "1002");
    assert.equal(zoneOfPath("/shield/rate-limits/1003"), "1003");
    assert.equal(zoneOfPath("/shield/shield-zone"), "");
    assert.equal(zoneOfPath("/shield/shield-zone/get-by-pullzone/501"), "");
    assert.equal(zoneOfPath("/shield/waf/custom-rule/71"), "");
  });

  it("identifies credentials by a digest that holds neither the key nor its text", () => {
    const key = "emu_SINGLEFLIGHT_secret_key_0123456789";
    const identity = identityOf([key, { baseUrl: "https://api.bunny.net" }]);
    assert.ok(!identity.includes(key) && !identity.includes("SINGLEFLIGHT"));
    assert.notEqual(identity, identityOf(["another", { baseUrl: "https://api.bunny.net" }]));
    assert.equal(identity, identityOf([key, { baseUrl: "https://api.bunny.net" }]));
  });
});
