/**
 * `client.customPages`: a page travels as raw text both ways. Against the emulator (plainly, or
 * drifting when the suite runs that way) and against a stub for the content types a live
 * service may send.
 */
import { strict as assert } from "node:assert";
import {
  InvalidArgumentError,
  InvalidResponseError,
  MAX_CUSTOM_PAGE_BYTES,
  NotFoundError,
  PlanRestrictionError,
  type ShieldClient,
} from "../../src/client";
import { shieldZoneBody } from "./answers";
import { clientFor, OK_ENVELOPE, rejection, useEmulator } from "./helpers";
import { useStub } from "./stub";

const PAGE =
  '<!doctype html>\n<html><body><h1>Blocked</h1><p>"quoted" & ünïcode ✓</p></body></html>';

describe("client: custom pages against the emulator", () => {
  const emulator = useEmulator();
  let client: ShieldClient;
  before(() => {
    client = clientFor(emulator());
  });

  it("uploads the raw HTML as text, reads it back, and deletes it", async () => {
    assert.equal(await client.customPages.get(1001, "block"), undefined, "none at first");
    emulator().resetRequests();
    await client.customPages.upload(1001, "block", PAGE);
    const [put] = emulator().requests;
    assert.equal(put!.method, "PUT");
    assert.equal(put!.path, "/shield/shield-zone/1001/custom-page/block");
    assert.equal(put!.body, PAGE, "the text itself, not a JSON string");
    assert.equal(put!.headers["content-type"], "text/plain; charset=utf-8");
    assert.equal(emulator().state.zone(1001)!.customPages?.block, PAGE);

    assert.equal(await client.customPages.get(1001, "block"), PAGE);
    assert.match(emulator().requests.at(-1)!.headers.accept!, /^text\/plain/);

    assert.equal(await client.customPages.delete(1001, "block"), true);
    assert.equal(emulator().state.zone(1001)!.customPages, undefined);
    assert.equal(await client.customPages.delete(1001, "block"), false, "already gone");
    assert.equal(await client.customPages.get(1001, "block"), undefined);
  });

  it("reads the page whether the service answers text or a JSON string", async () => {
    emulator().state.zone(1002)!.customPages = { challenge: PAGE };
    const drift = emulator().drift;
    try {
      for (const on of [false, true]) {
        emulator().drift = on;
        assert.equal(await client.customPages.get(1002, "challenge"), PAGE, `drift ${on}`);
      }
    } finally {
      emulator().drift = drift;
    }
  });

  it("reports a Basic zone's refusal as a PlanRestrictionError that says what to do", async () => {
    for (const call of [
      () => client.customPages.get(1003, "block"),
      () => client.customPages.upload(1003, "block", PAGE),
      () => client.customPages.delete(1003, "block"),
    ]) {
      const error = await rejection(call(), PlanRestrictionError);
      assert.equal(error.errorKey, "feature_not_available_on_plan");
      assert.match(error.message, /Upgrade the zone's Shield plan/);
    }
  });

  it("refuses bad arguments before sending, naming them", async () => {
    emulator().resetRequests();
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => client.customPages.get(1001, ".."), /Invalid pageType: "\.\."/],
      [() => client.customPages.get(1001, "block/x"), /Invalid pageType/],
      [() => client.customPages.get(0, "block"), /Invalid shieldZoneId: 0/],
      [
        () => client.customPages.upload(1001, "block", ""),
        /Invalid html: ""; expected a non-empty/,
      ],
      [
        () => client.customPages.upload(1001, "block", "é".repeat(MAX_CUSTOM_PAGE_BYTES / 2 + 1)),
        new RegExp(`at most ${MAX_CUSTOM_PAGE_BYTES} bytes`),
      ],
      [() => client.customPages.upload(1001, "block", "<p>\ud800</p>"), /lone surrogate/],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call(), InvalidArgumentError);
      assert.match(error.message, message);
    }
    assert.equal(emulator().requests.length, 0);
  });
});

describe("client: custom page answers as a live service may send them", () => {
  const stub = useStub();
  let client: ShieldClient;
  before(() => {
    client = clientFor(stub(), { maxRetries: 2 });
  });

  it("takes the text of any non-JSON content type, and decodes a JSON string", async () => {
    const replies: Array<[Record<string, string>, string]> = [
      [{ "Content-Type": "text/plain" }, PAGE],
      [{ "Content-Type": "text/html; charset=ISO-8859-1" }, PAGE],
      [{ "Content-Type": "application/octet-stream" }, PAGE],
      [{}, PAGE],
      [{ "Content-Type": "application/json; charset=utf-8" }, JSON.stringify(PAGE)],
      [{ "Content-Type": "text/json" }, JSON.stringify(PAGE)],
      [{ "Content-Type": "Application/JSON" }, JSON.stringify(PAGE)],
      // Labelled JSON, but the raw page: still the page.
      [{ "Content-Type": "application/json" }, PAGE],
    ];
    for (const [headers, text] of replies) {
      stub().reply({ text, headers });
      assert.equal(await client.customPages.get(1001, "block"), PAGE, JSON.stringify(headers));
    }
  });

  it("keeps a text page that looks like JSON as text unless the content type says JSON", async () => {
    stub().reply({ text: '"quoted"', headers: { "Content-Type": "text/plain" } });
    assert.equal(await client.customPages.get(1001, "block"), '"quoted"');
  });

  it("reads an empty answer, or an empty JSON string, as no page", async () => {
    stub().reply({ status: 200 }, { body: "" });
    assert.equal(await client.customPages.get(1001, "block"), undefined);
    assert.equal(await client.customPages.get(1001, "block"), undefined);
  });

  it("takes the service's 404 envelope as no page, even without an errorKey", async () => {
    const envelope = { statusCode: 404, success: false, message: "Not found.", errorKey: null };
    stub().reply({ status: 404, body: envelope }, { status: 404, body: envelope });
    assert.equal(await client.customPages.get(1001, "ratelimit"), undefined);
    assert.equal(await client.customPages.delete(1001, "ratelimit"), false);
  });

  it("takes a bare 404 for no page once the zone answers, and not when the zone 404s too", async () => {
    // ASP.NET's NotFound(): no envelope, no errorKey. One read of the zone decides.
    const problem = { type: null, title: "Not Found", status: 404, traceId: "00-ab-cd-00" };
    const bare = {
      status: 404,
      body: problem,
      headers: { "Content-Type": "application/problem+json" },
    };
    stub().reply(bare, { body: shieldZoneBody(1001) }, bare, { body: shieldZoneBody(1001) });
    assert.equal(await client.customPages.get(1001, "block"), undefined);
    assert.equal(await client.customPages.delete(1001, "block"), false);
    assert.deepEqual(
      stub().requests.map((r) => `${r.method} ${r.path}`),
      [
        "GET /shield/shield-zone/1001/custom-page/block",
        "GET /shield/shield-zone/1001",
        "DELETE /shield/shield-zone/1001/custom-page/block",
        "GET /shield/shield-zone/1001",
      ],
    );
    // The zone 404s too (a wrong API address, a proxy): that confirms nothing.
    stub().reply(bare, { status: 404 }, { status: 404, body: problem }, bare);
    const read = await rejection(client.customPages.get(1001, "block"), NotFoundError);
    assert.equal(read.operation, "getCustomPage", "the page's own error, not the zone's");
    await rejection(client.customPages.delete(1001, "block"), NotFoundError);
    stub().reply({
      status: 404,
      text: "<html>nope</html>",
      headers: { "Content-Type": "text/html" },
    });
    await rejection(client.customPages.get(1001, "block"), InvalidResponseError);
  });

  it("reads a failure inside a 200 JSON answer as the failure it is", async () => {
    stub().reply({
      body: {
        statusCode: 400,
        success: false,
        message: "No.",
        errorKey: "feature_not_available_on_plan",
      },
    });
    await rejection(client.customPages.get(1001, "block"), PlanRestrictionError);
  });

  it("retries an upload and a delete (absolute, so idempotent) on 503 and a reset", async () => {
    stub().reply({ status: 503 }, { reset: true }, { body: OK_ENVELOPE });
    await client.customPages.upload(1001, "challenge", PAGE);
    stub().reply({ status: 503 }, { body: OK_ENVELOPE });
    assert.equal(await client.customPages.delete(1001, "challenge"), true);
    const sent = stub().requests.map((r) => [r.method, r.body]);
    assert.deepEqual(sent, [
      ["PUT", PAGE],
      ["PUT", PAGE],
      ["PUT", PAGE],
      ["DELETE", undefined],
      ["DELETE", undefined],
    ]);
  });
});
