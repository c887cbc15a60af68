/**
 * The `…Output` variants in a program under Pulumi's mocks: inputs that are
 * Outputs, Promises and plain values; unknowns during preview; secrets.
 *
 * `setMocks` changes the process-wide Pulumi runtime state: `useMocks` saves that
 * state before the tests and puts it back after them, so the other test files of
 * the same mocha process see the runtime as they left it.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError } from "../../src/client/errors";
import { formatEventLogDate } from "../../src/emulator";
import {
  getBotDetection,
  getBotDetectionOutput,
  getEventLogs,
  getEventLogsOutput,
  getMetricsOverview,
  getMetricsOverviewOutput,
  search,
  searchEventLogs,
  searchEventLogsOutput,
  searchOutput,
} from "../../src/functions";
import { rejection, requestsTo, settle, useEmulator, useMocks, Zone } from "./helpers";

describe("functions: Output variants in a program under Pulumi's mocks", () => {
  const ctx = useEmulator();
  // During preview the engine does not know the zone id yet.
  const mock = useMocks("functions-test", { zoneId: 1001 });

  describe("during an update", () => {
    before(() => mock(false));

    it("takes a resource's output as an input and depends on that resource", async () => {
      const zone = new Zone("zone-a");
      const result = await settle(
        getBotDetectionOutput({ shieldZoneId: zone.zoneId }, ctx.options),
      );
      assert.equal(result.known, true);
      assert.equal(result.secret, false);
      assert.deepEqual(result.value, await getBotDetection({ shieldZoneId: 1001 }, ctx.options));
      assert.ok(result.resources.has(zone), "the result depends on the zone resource");
    });

    it("lifts properties of the result", async () => {
      const zone = new Zone("zone-b");
      const mode = getBotDetectionOutput(
        { shieldZoneId: zone.zoneId },
        ctx.options,
      ).executionModeName;
      const expected = (await getBotDetection({ shieldZoneId: 1001 }, ctx.options))
        .executionModeName;
      assert.equal((await settle(mode)).value, expected);
    });

    it("takes plain values and Promises as inputs", async () => {
      const found = await settle(
        searchOutput({ query: Promise.resolve("cdn"), size: pulumi.output(2) }, ctx.options),
      );
      assert.deepEqual(found.value, await search({ query: "cdn", size: 2 }, ctx.options));
    });

    it("keeps a Date a Date, whether plain, in a Promise or in an Output", async () => {
      // Why the variants do not hand their arguments to pulumi.output whole:
      // it copies objects key by key, and a Date has none.
      assert.deepEqual(await settle(pulumi.output({ date: new Date() })).then((s) => s.value), {
        date: {},
      });
      const day = formatEventLogDate(new Date());
      const expected = await getEventLogs({ shieldZoneId: 1002, date: day, limit: 2 }, ctx.options);
      // (pulumi.output(new Date()) itself already holds {}; an apply's result is kept as is.)
      const dateOutput = pulumi.output(day).apply(() => new Date());
      for (const date of [new Date(), Promise.resolve(new Date()), dateOutput]) {
        const result = await settle(
          getEventLogsOutput({ shieldZoneId: 1002, date, limit: pulumi.output(2) }, ctx.options),
        );
        assert.deepEqual(result.value, expected);
      }
    });

    it("makes the result secret when an input is secret", async () => {
      const zone = new Zone("zone-c");
      const secretZone = await settle(
        getBotDetectionOutput({ shieldZoneId: pulumi.secret(zone.zoneId) }, ctx.options),
      );
      assert.equal(secretZone.secret, true);
      assert.equal(secretZone.known, true);
      assert.equal(secretZone.value?.shieldZoneId, 1001);

      const secretQuery = await settle(searchOutput({ query: pulumi.secret("cdn") }, ctx.options));
      assert.equal(secretQuery.secret, true);
      // A property of a secret result stays secret.
      const total = await settle(searchOutput({ query: pulumi.secret("cdn") }, ctx.options).total);
      assert.equal(total.secret, true);
      assert.equal(total.value, secretQuery.value?.total);
    });

    it("searches event logs and reads metrics from Inputs, Dates in Outputs included, keeping secrets", async () => {
      const zone = new Zone("zone-s");
      const to = Date.now();
      const from = new Date(to - 3_600_000);
      const args = { shieldZoneId: 1001, from, to, groupBy: ["country" as const], limit: 5 };
      const expected = await searchEventLogs(args, ctx.options);
      const found = await settle(
        searchEventLogsOutput(
          {
            ...args,
            shieldZoneId: zone.zoneId,
            from: pulumi.output(1).apply(() => new Date(from)),
            groupBy: Promise.resolve(args.groupBy),
          },
          ctx.options,
        ),
      );
      assert.equal(found.known, true);
      assert.deepEqual(found.value, expected);
      assert.ok(found.resources.has(zone), "the result depends on the zone resource");
      const secret = await settle(
        searchEventLogsOutput({ ...args, query: pulumi.secret("a") }, ctx.options).total,
      );
      assert.equal(secret.secret, true);

      const metrics = await settle(
        getMetricsOverviewOutput(
          { shieldZoneId: zone.zoneId, resolution: pulumi.output("Daily") },
          ctx.options,
        ),
      );
      assert.equal(metrics.value?.detailed?.resolution, "Daily");
      const secretMetrics = await settle(
        getMetricsOverviewOutput({ shieldZoneId: pulumi.secret(1001) }, ctx.options).waf,
      );
      assert.equal(secretMetrics.secret, true);
      const plain = await getMetricsOverview({ shieldZoneId: 1001 }, ctx.options);
      assert.deepEqual(Object.keys(secretMetrics.value ?? {}), Object.keys(plain.waf));
    });

    it("merges what a Promise of an Output knows", async () => {
      const result = await settle(
        getBotDetectionOutput(
          { shieldZoneId: Promise.resolve(pulumi.secret(1002)) as never },
          ctx.options,
        ),
      );
      assert.equal(result.known, true);
      assert.equal(result.secret, true);
      assert.equal(result.value?.shieldZoneId, 1002);
    });

    it("refuses arguments given as one Output instead of per field", async () => {
      const out = getBotDetectionOutput(
        pulumi.output({ shieldZoneId: 1001 }) as never,
        ctx.options,
      );
      await rejection(
        (out as unknown as { promise(): Promise<unknown> }).promise(),
        InvalidArgumentError,
        "getBotDetection: Invalid args",
      );
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("fails the Output with the function's typed error", async () => {
      const out = getEventLogsOutput(
        { shieldZoneId: pulumi.output(1001), date: "02-30-2026" },
        ctx.options,
      );
      await rejection(
        (out as unknown as { promise(): Promise<unknown> }).promise(),
        InvalidArgumentError,
        "getEventLogs: Invalid date",
      );
      assert.equal(ctx.emu.requests.length, 0);
    });
  });

  describe("during a preview", () => {
    before(() => mock(true));

    it("gives an unknown result, without a request, while an input is unknown", async () => {
      const zone = new Zone("zone-p");
      const result = await settle(
        getBotDetectionOutput({ shieldZoneId: zone.zoneId }, ctx.options),
      );
      assert.equal(result.known, false);
      assert.equal(result.value, undefined);
      const lifted = await settle(
        getBotDetectionOutput({ shieldZoneId: zone.zoneId }, ctx.options).executionModeName,
      );
      assert.equal(lifted.known, false);

      const logs = await settle(
        getEventLogsOutput(
          { shieldZoneId: 1001, date: pulumi.output(pulumi.unknown as unknown as string) },
          ctx.options,
        ),
      );
      assert.equal(logs.known, false);
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("keeps secretness with an unknown input, whatever the order of the inputs", async () => {
      const zone = new Zone("zone-q");
      for (const args of [
        { shieldZoneId: zone.zoneId, date: pulumi.secret(formatEventLogDate(new Date())) },
        { date: pulumi.secret(formatEventLogDate(new Date())), shieldZoneId: zone.zoneId },
      ]) {
        const result = await settle(getEventLogsOutput(args, ctx.options));
        assert.equal(result.known, false);
        assert.equal(result.secret, true);
      }
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("searches and reads metrics only once every input is known, keeping secrets", async () => {
      const zone = new Zone("zone-r");
      const now = Date.now();
      const search = await settle(
        searchEventLogsOutput(
          { shieldZoneId: zone.zoneId, from: now - 60_000, to: pulumi.secret(now) },
          ctx.options,
        ),
      );
      assert.deepEqual([search.known, search.secret], [false, true]);
      const metrics = await settle(
        getMetricsOverviewOutput({ shieldZoneId: zone.zoneId }, ctx.options).overview,
      );
      assert.equal(metrics.known, false);
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("still reads the API during preview when every input is known", async () => {
      const result = await settle(getBotDetectionOutput({ shieldZoneId: 1003 }, ctx.options));
      assert.equal(result.known, true);
      assert.equal(result.value?.shieldZoneId, 1003);
      assert.equal(requestsTo(ctx.emu, "getBotDetection"), 1);
    });
  });
});
