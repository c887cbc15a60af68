/**
 * The request log as a server must keep it: bounded by a count and a byte budget (the oldest
 * dropped), no body of an unauthenticated request, and a body nested 10,000 deep answered and
 * recorded without a 500 anywhere.
 */
import { strict as assert } from "node:assert";
import { request } from "node:http";
import {
  DEFAULT_REQUEST_LOG_LIMITS,
  MAX_RECORDED_JSON_DEPTH,
  startEmulator,
} from "../../src/emulator";
import { parseCommandLine } from "../../src/emulator/cli-args";
import type { Emulator } from "../../src/emulator";
import { DOCUMENTS, operationsOf, pathParameters } from "../support/api-operations";
import { API_KEY, call, patchList, TODAY, useEmulator } from "./helpers";

/** A JSON array nested `depth` deep. */
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** A body of about `bytes` bytes the configuration PATCH takes (the service ignores `note`). */
const padded = (bytes: number) => ({ isEnabled: true, note: "x".repeat(bytes) });

describe("emulator: request log bounds", () => {
  it("keeps the newest maxRequests requests, dropping the oldest", async () => {
    const emu = await startEmulator({ apiKey: API_KEY, requestLog: { maxRequests: 3 } });
    try {
      for (let i = 0; i < 5; i++) await call(emu, `/search?search=q${i}`);
      assert.deepEqual(
        emu.requests.map((r) => r.query.search),
        ["q2", "q3", "q4"],
      );
      const listed = await call(emu, "/_emulator/requests");
      assert.equal((listed.json as unknown[]).length, 3);
    } finally {
      await emu.close();
    }
  });

  it("keeps bodies within maxBytes, dropping the oldest requests first", async () => {
    const budget = 64 * 1024;
    const emu = await startEmulator({ apiKey: API_KEY, requestLog: { maxBytes: budget } });
    try {
      for (let i = 0; i < 10; i++) await patchList(emu, 1001, 100101, padded(20_000));
      assert.equal(emu.requests.length, 3, "three 20 kB bodies fit in 64 kB, four do not");
      const kept = emu.requests.reduce((sum, r) => sum + JSON.stringify(r.body).length, 0);
      assert.ok(kept <= budget, `${kept} bytes of bodies kept`);
      // The newest are the ones kept, in arrival order.
      assert.ok(emu.requests.every((r) => (r.body as { note: string }).note.length === 20_000));
      assert.ok(emu.requests[0]!.at <= emu.requests[2]!.at);
    } finally {
      await emu.close();
    }
  });

  it("bounds the memory a stream of 1 MB bodies takes, and counts from zero after a reset", async () => {
    const emu = await startEmulator({ apiKey: API_KEY, requestLog: { maxBytes: 4 * 2 ** 20 } });
    try {
      for (let i = 0; i < 20; i++) await patchList(emu, 1001, 100101, padded(1_000_000));
      assert.equal(emu.requests.length, 4, "four 1 MB bodies in a 4 MiB budget");
      emu.resetRequests();
      await call(emu, "/search?search=after");
      assert.equal(emu.requests.length, 1);
      // A 4 MiB budget holds four such bodies again: the reset emptied the count too.
      for (let i = 0; i < 4; i++) await patchList(emu, 1001, 100101, padded(1_000_000));
      assert.equal(emu.requests.length, 5);
    } finally {
      await emu.close();
    }
  });

  it("keeps the record but not the body of a request over the whole budget", async () => {
    const emu = await startEmulator({ apiKey: API_KEY, requestLog: { maxBytes: 10_000 } });
    try {
      await patchList(emu, 1001, 100101, padded(20_000));
      const [record] = emu.requests;
      assert.equal(record?.route, "updateAccessListConfiguration");
      assert.equal(record?.body, undefined);
      assert.equal(record?.bodyOmitted, "too-large");
      assert.equal(record?.status, 200, "the request itself is handled as usual");
    } finally {
      await emu.close();
    }
  });

  it("takes its bounds from the options, the defaults otherwise, and refuses bad ones", async () => {
    assert.deepEqual(DEFAULT_REQUEST_LOG_LIMITS, { maxRequests: 50_000, maxBytes: 32 * 2 ** 20 });
    await assert.rejects(startEmulator({ requestLog: { maxRequests: 0 } }), /maxRequests/);
    await assert.rejects(startEmulator({ requestLog: { maxBytes: 1.5 } }), /maxBytes/);
  });

  it("takes its bounds from the command line, and only when given", () => {
    const options = parseCommandLine(["--log-requests", "100", "--log-bytes", "2048"]);
    assert.ok(options !== "help");
    assert.deepEqual(options.emulator.requestLog, { maxRequests: 100, maxBytes: 2048 });
    const bytesOnly = parseCommandLine(["--log-bytes", "2048"]);
    assert.ok(bytesOnly !== "help");
    assert.deepEqual(bytesOnly.emulator.requestLog, { maxBytes: 2048 });
    const none = parseCommandLine([]);
    assert.ok(none !== "help");
    assert.equal(none.emulator.requestLog, undefined);
    assert.throws(() => parseCommandLine(["--log-requests", "0"]), /integer from 1/);
  });
});

describe("emulator: request log, unauthenticated requests", () => {
  const emulator = useEmulator();
  beforeEach(() => emulator().resetRequests());

  it("records the request and its status, never its body", async () => {
    for (const key of [null, "emu_wrong_key"]) {
      await patchList(emulator(), 1001, 100101, padded(100_000), { key });
    }
    await call(emulator(), "/search?search=x", { key: null, method: "GET" });
    assert.deepEqual(
      emulator().requests.map((r) => [r.authenticated, r.status, r.body, r.bodyOmitted]),
      [
        [false, 401, undefined, "unauthenticated"],
        [false, 401, undefined, "unauthenticated"],
        [false, 401, undefined, undefined],
      ],
    );
    const listed = await call(emulator(), "/_emulator/requests");
    assert.ok(!listed.text.includes("x".repeat(100)), "no body in the admin route's answer");
  });
});

describe("emulator: a JSON body nested 10,000 deep", () => {
  const emulator = useEmulator();
  beforeEach(() => emulator().resetRequests());

  it("is recorded as its text, and the request log still answers", async () => {
    const body = nested(10_000);
    const answer = await patchList(emulator(), 1001, 100101, body);
    assert.notEqual(answer.status, 500, answer.text);
    assert.equal(emulator().requests[0]?.body, body);
    const listed = await call(emulator(), "/_emulator/requests");
    assert.equal(listed.status, 200, listed.headers.get("x-emulator-error") ?? "");
    assert.equal((listed.json as Array<{ body: unknown }>)[0]?.body, body);
  });

  it("is parsed up to MAX_RECORDED_JSON_DEPTH, brackets inside strings not counted", async () => {
    const deepest = JSON.parse(nested(MAX_RECORDED_JSON_DEPTH)) as unknown;
    await patchList(emulator(), 1001, 100101, nested(MAX_RECORDED_JSON_DEPTH));
    await patchList(emulator(), 1001, 100101, nested(MAX_RECORDED_JSON_DEPTH + 1));
    await patchList(emulator(), 1001, 100101, { note: `[{"\\"${"[".repeat(500)}` });
    const [parsed, text, quoted] = emulator().requests;
    assert.deepEqual(parsed?.body, deepest);
    assert.equal(text?.body, nested(MAX_RECORDED_JSON_DEPTH + 1));
    assert.deepEqual(quoted?.body, { note: `[{"\\"${"[".repeat(500)}` });
  });

  it("gets no 500 from any operation of the API, nor from the admin routes", async () => {
    const body = nested(10_000);
    const failed: string[] = [];
    for (const { method, path } of [
      ...operations(),
      { method: "POST", path: "/_emulator/faults" },
      { method: "PUT", path: "/_emulator/drift" },
      { method: "PUT", path: "/_emulator/state" },
    ]) {
      const status = await send(emulator(), method, path, body);
      if (status >= 500) failed.push(`${method} ${path} → ${status}`);
    }
    for (const path of ["/_emulator/requests", "/_emulator/state", "/_emulator/faults"]) {
      const answer = await call(emulator(), path);
      if (answer.status !== 200) failed.push(`GET ${path} → ${answer.status}`);
    }
    assert.deepEqual(failed, []);
    assert.ok(emulator().requests.length > 60, "every operation was recorded");
  });
});

/** Sends `body` with any method (fetch refuses a GET with a body); resolves the status. */
function send(emu: Emulator, method: string, path: string, body: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(
      emu.url + path,
      { method, headers: { AccessKey: API_KEY, "Content-Type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** Every operation of the public documents, its path parameters filled with seeded ids. */
function operations(): Array<{ method: string; path: string }> {
  const values = pathParameters(TODAY);
  return DOCUMENTS.flatMap(operationsOf).map(({ method, path }) => ({
    method,
    path: path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "1"),
  }));
}
