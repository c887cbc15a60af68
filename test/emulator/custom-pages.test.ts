import { strict as assert } from "node:assert";
import { EmulatorState } from "../../src/emulator";
import { call, SUCCESS, useEmulator } from "./helpers";

const path = (zone: number | string, type: string): string =>
  `/shield/shield-zone/${zone}/custom-page/${type}`;
const PAGE = '<!doctype html>\n<html><body><h1>Blocked</h1><p>"quotes" & ünïcode</p></body></html>';

describe("emulator: custom response pages", () => {
  const emulator = useEmulator({ drift: false }); // exact answers: drift has its own describe
  beforeEach(() => delete emulator().state.zone(1001)!.customPages);

  it("has no pages at first: GET answers 404 with the status envelope", async () => {
    for (const type of ["block", "challenge", "ratelimit"]) {
      const answer = await call(emulator(), path(1001, type));
      assert.equal(answer.status, 404, type);
      assert.deepEqual(answer.json, {
        statusCode: 404,
        success: false,
        message: "Custom page not found.",
        errorKey: "not_found.custom_page",
      });
    }
  });

  it("stores the PUT's raw body, whatever its content type, and GET answers it as text", async () => {
    const put = await call(emulator(), path(1001, "block"), {
      method: "PUT",
      body: PAGE,
      headers: { "Content-Type": "application/json" },
    });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.json, SUCCESS);
    assert.deepEqual(emulator().state.zone(1001)!.customPages, { block: PAGE });

    const got = await call(emulator(), path(1001, "block"));
    assert.equal(got.status, 200);
    assert.equal(got.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.equal(got.text, PAGE);

    const other = await call(emulator(), path(1001, "challenge"), {
      method: "PUT",
      body: "<p>prove it</p>",
      headers: { "Content-Type": "text/html" },
    });
    assert.equal(other.status, 200);
    assert.deepEqual(emulator().state.zone(1001)!.customPages, {
      block: PAGE,
      challenge: "<p>prove it</p>",
    });
  });

  it("takes page types in any case and stores them by their own name", async () => {
    await call(emulator(), path(1001, "RateLimit"), { method: "PUT", body: "<p>slow</p>" });
    assert.deepEqual(emulator().state.zone(1001)!.customPages, { ratelimit: "<p>slow</p>" });
    assert.equal((await call(emulator(), path(1001, "RATELIMIT"))).text, "<p>slow</p>");
  });

  it("deletes a page, then answers 404 for it; the zone is as if it never had pages", async () => {
    const zone = emulator().state.zone(1001)!;
    zone.customPages = { block: PAGE, challenge: "<p>c</p>" };
    const deleted = await call(emulator(), path(1001, "block"), { method: "DELETE" });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.json, SUCCESS);
    assert.deepEqual(zone.customPages, { challenge: "<p>c</p>" });
    assert.equal(
      (await call(emulator(), path(1001, "challenge"), { method: "DELETE" })).status,
      200,
    );
    assert.equal(zone.customPages, undefined);
    const again = await call(emulator(), path(1001, "block"), { method: "DELETE" });
    assert.equal(again.status, 404);
    assert.equal((again.json as { errorKey: string }).errorKey, "not_found.custom_page");
  });

  it("refuses an unknown page type and an empty page with 400, changing nothing", async () => {
    const unknown = await call(emulator(), path(1001, "captcha"), { method: "PUT", body: "<p/>" });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.json, {
      statusCode: 400,
      success: false,
      message: "Unknown page type 'captcha'; known: block, challenge, ratelimit.",
      errorKey: "validation.pageType",
    });
    const empty = await call(emulator(), path(1001, "block"), { method: "PUT", body: "" });
    assert.equal(empty.status, 400);
    assert.equal((empty.json as { errorKey: string }).errorKey, "validation.body");
    assert.equal(emulator().state.zone(1001)!.customPages, undefined);
  });

  it("refuses every operation on a Basic zone with feature_not_available_on_plan", async () => {
    assert.equal(emulator().state.zone(1003)!.planType, 0);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const answer = await call(emulator(), path(1003, "block"), {
        method,
        body: method === "PUT" ? PAGE : undefined,
      });
      assert.equal(answer.status, 400, method);
      assert.deepEqual(answer.json, {
        statusCode: 400,
        success: false,
        message: "This feature is not available on the Shield Zone's current plan.",
        errorKey: "feature_not_available_on_plan",
      });
    }
    assert.equal(emulator().state.zone(1003)!.customPages, undefined);
  });

  it("answers an unknown zone with 404 and the zone's errorKey, and a bad zone id as no route", async () => {
    const answer = await call(emulator(), path(77, "block"));
    assert.equal(answer.status, 404);
    assert.equal(
      (answer.json as { errorKey: string }).errorKey,
      "not_found_or_unauthorised_access.shieldzone",
    );
    const constraint = await call(emulator(), path("x", "block"));
    assert.equal(constraint.status, 404);
    assert.equal((constraint.json as { title: string }).title, "Not Found");
  });

  it("records the page as the request's text body, without the key", async () => {
    emulator().resetRequests();
    await call(emulator(), path(1001, "block"), { method: "PUT", body: PAGE });
    const [record] = emulator().requests;
    assert.equal(record!.route, "uploadCustomPage");
    assert.equal(record!.body, PAGE);
    assert.equal(record!.status, 200);
    assert.ok(!("accesskey" in record!.headers));
  });

  it("keeps pages in the state's JSON form, and refuses a snapshot with an unknown type", () => {
    const state = EmulatorState.seeded({ zones: 1 });
    state.zone(1001)!.customPages = { challenge: PAGE };
    const json = state.toJSON();
    assert.deepEqual(EmulatorState.fromJSON(json).zone(1001)!.customPages, { challenge: PAGE });
    (json.zones[0]!.customPages as Record<string, string>) = { captcha: PAGE };
    assert.throws(() => EmulatorState.fromJSON(json), /customPages/);
  });

  it("is left out of state files written before pages existed", () => {
    const json = EmulatorState.seeded({ zones: 1 }).toJSON();
    assert.ok(!("customPages" in json.zones[0]!));
    assert.equal(EmulatorState.fromJSON(json).zone(1001)!.customPages, undefined);
  });
});

describe("emulator: custom response pages in drift mode", () => {
  const emulator = useEmulator({ drift: true });

  it("answers a page as a JSON string in application/json", async () => {
    emulator().state.zone(1002)!.customPages = { block: PAGE };
    const got = await call(emulator(), path(1002, "block"));
    assert.equal(got.status, 200);
    assert.equal(got.headers.get("content-type"), "application/json");
    assert.equal(got.json, PAGE);
  });
});
