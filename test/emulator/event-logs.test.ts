import { strict as assert } from "node:assert";
import type { WafLoggingResponse } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import {
  API_KEY,
  call,
  NOW,
  SUCCESS,
  THREE_DAYS_AGO,
  TODAY,
  TWO_DAYS_AGO,
  useEmulator,
  YESTERDAY,
} from "./helpers";

async function page(
  emulator: ReturnType<ReturnType<typeof useEmulator>>,
  path: string,
  expectedStatus = 200,
): Promise<WafLoggingResponse> {
  const answer = await call(emulator, path);
  assert.equal(answer.status, expectedStatus, answer.text);
  return answer.json as WafLoggingResponse;
}

describe("emulator: event logs", () => {
  const emulator = useEmulator({ eventLogPageSize: 100 });

  /** Follows continuation tokens from the first page to the end. */
  async function readDay(zoneId: number, date: string): Promise<WafLoggingResponse[]> {
    const pages = [await page(emulator(), `/shield/event-logs/${zoneId}/${date}`)];
    for (;;) {
      const last = pages[pages.length - 1] as WafLoggingResponse;
      if (!last.hasMoreData) break;
      assert.ok(last.continuationToken);
      pages.push(
        await page(emulator(), `/shield/event-logs/${zoneId}/${date}/${last.continuationToken}`),
      );
      assert.ok(pages.length < 100, "paging must end");
    }
    return pages;
  }

  it("pages through a day by continuation token until hasMoreData is false", async () => {
    const pages = await readDay(1001, TODAY);
    assert.deepEqual(
      pages.map((p) => [p.logs?.length, p.hasMoreData]),
      [
        [100, true],
        [100, true],
        [50, false],
      ],
    );
    const last = pages[2] as WafLoggingResponse;
    assert.equal(last.continuationToken, "");
    for (const p of pages) {
      assert.deepEqual(p.errorResponse, SUCCESS);
      assert.equal(typeof p.startToken, "string");
    }
    const logs = pages.flatMap((p) => p.logs ?? []);
    assert.equal(new Set(logs.map((l) => l.logId)).size, 250);
  });

  it("produces realistic, ascending entries within the requested UTC day", async () => {
    const [first] = await readDay(1002, YESTERDAY);
    const logs = first?.logs ?? [];
    const dayStart = Date.UTC(2026, 2, 14);
    let previous = 0;
    for (const log of logs) {
      assert.ok(Number.isInteger(log.timestamp));
      assert.ok(log.timestamp >= dayStart && log.timestamp < dayStart + 86_400_000);
      assert.ok(log.timestamp >= previous, "ascending");
      previous = log.timestamp;
      assert.match(
        log.logId ?? "",
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      assert.match(log.labels.asn ?? "", /^AS\d+$/);
      assert.match(log.labels.country ?? "", /^[A-Z]{2}$/);
      assert.match(log.labels.ruleId ?? "", /^\d{6}$/);
      assert.ok(["CRITICAL", "ERROR", "WARNING", "NOTICE"].includes(log.labels.severity ?? ""));
      assert.ok(["GET", "POST", "PUT", "HEAD", "DELETE"].includes(log.labels.method ?? ""));
      assert.match(log.labels.status ?? "", /^\d{3}$/);
      assert.ok(log.log?.includes(log.labels.ruleId ?? "?"));
    }
    assert.ok(new Set(logs.map((l) => l.labels.severity)).size >= 3, "varied severities");
  });

  it("is deterministic across emulators", async () => {
    const other = await startEmulator({ apiKey: API_KEY, now: () => NOW });
    try {
      const path = `/shield/event-logs/1001/${TWO_DAYS_AGO}`;
      const mine = await call(emulator(), path);
      const theirs = await call(other, path);
      assert.equal(mine.text, theirs.text);
    } finally {
      await other.close();
    }
  });

  it("treats an empty token segment as the first page", async () => {
    const plain = await call(emulator(), `/shield/event-logs/1001/${TODAY}`);
    const slash = await call(emulator(), `/shield/event-logs/1001/${TODAY}/`);
    assert.equal(slash.status, 200);
    assert.equal(slash.text, plain.text);
  });

  it("follows setEventLogVolume, including an exact multiple of the page size and zero", async () => {
    emulator().state.setEventLogVolume(1003, TODAY, 300);
    const pages = await readDay(1003, TODAY);
    assert.deepEqual(
      pages.map((p) => [p.logs?.length, p.hasMoreData, p.continuationToken === ""]),
      [
        [100, true, false],
        [100, true, false],
        [100, false, true],
      ],
    );
    emulator().state.setEventLogVolume(1003, YESTERDAY, 0);
    const empty = await page(emulator(), `/shield/event-logs/1003/${YESTERDAY}`);
    assert.deepEqual(empty.logs, []);
    assert.equal(empty.hasMoreData, false);
    assert.equal(empty.continuationToken, "");
  });

  it("serves deep pages of a huge day cheaply", async () => {
    emulator().state.setEventLogVolume(1002, TODAY, 200_000);
    const first = await page(emulator(), `/shield/event-logs/1002/${TODAY}`);
    const started = Date.now();
    let token = first.continuationToken;
    for (let i = 0; i < 50; i++) {
      const next = await page(emulator(), `/shield/event-logs/1002/${TODAY}/${token}`);
      token = next.continuationToken;
    }
    assert.ok(Date.now() - started < 3_000, "50 pages of a 200,000-entry day are quick");
  });

  it("accepts each of the three retained days", async () => {
    for (const date of [TODAY, YESTERDAY, TWO_DAYS_AGO]) {
      const body = await page(emulator(), `/shield/event-logs/1001/${date}`);
      assert.equal(body.errorResponse.success, true, date);
    }
  });

  for (const [what, date] of [
    ["three days ago", THREE_DAYS_AGO],
    ["tomorrow", "03-16-2026"],
    ["an impossible date", "02-30-2026"],
    ["another format", "2026-03-15"],
    ["a non-date", "yesterday"],
  ]) {
    it(`answers ${what} with HTTP 200 and invalid_datetime_window.event_logs`, async () => {
      const body = await page(emulator(), `/shield/event-logs/1001/${date}`);
      assert.equal(body.logs, null);
      assert.equal(body.hasMoreData, false);
      assert.equal(body.errorResponse.statusCode, 400);
      assert.equal(body.errorResponse.success, false);
      assert.equal(body.errorResponse.errorKey, "invalid_datetime_window.event_logs");
      assert.match(body.errorResponse.message ?? "", /\w/);
    });
  }

  it("answers an unknown zone with HTTP 202 and not_found_or_unauthorised_access.shieldzone", async () => {
    const body = await page(emulator(), `/shield/event-logs/5/${TODAY}`, 202);
    assert.equal(body.logs, null);
    assert.deepEqual(body.errorResponse, {
      statusCode: 202,
      success: false,
      message: "Shield Zone not found or Unauthorized access.",
      errorKey: "not_found_or_unauthorised_access.shieldzone",
    });
  });

  it("rejects a foreign or malformed continuation token", async () => {
    const first = await page(emulator(), `/shield/event-logs/1001/${TODAY}`);
    const token = first.continuationToken ?? "";
    for (const path of [
      `/shield/event-logs/1001/${TODAY}/not-a-token`,
      `/shield/event-logs/1001/${TODAY}/${token}x`,
      `/shield/event-logs/1001/${YESTERDAY}/${token}`, // another day's position
      `/shield/event-logs/1002/${TODAY}/${token}`, // another zone's position
    ]) {
      const body = await page(emulator(), path);
      assert.equal(body.errorResponse.errorKey, "invalid_continuation_token.event_logs", path);
      assert.equal(body.errorResponse.statusCode, 400);
      assert.equal(body.logs, null);
    }
  });

  it("moves the window with the clock", async () => {
    let now = NOW;
    const moving = await startEmulator({ apiKey: API_KEY, now: () => now });
    try {
      const path = `/shield/event-logs/1001/${TWO_DAYS_AGO}`;
      assert.equal(
        ((await call(moving, path)).json as WafLoggingResponse).errorResponse.success,
        true,
      );
      now = new Date("2026-03-16T00:00:00Z");
      const body = (await call(moving, path)).json as WafLoggingResponse;
      assert.equal(body.errorResponse.errorKey, "invalid_datetime_window.event_logs");
    } finally {
      await moving.close();
    }
  });
});
