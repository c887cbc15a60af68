/**
 * The data functions' `maxRetries` and `timeoutMs` take effect, not only pass validation: on the
 * path every function shares (`invokeFunction`), and on one function of each shape (a zone's
 * one read, a read without arguments, a listing across pages, an `…Output` variant). Faults
 * come from the emulator: 503s that ask for no wait, and a slow answer.
 */
import { strict as assert } from "node:assert";
import { ServerError, TimeoutError } from "../../src/client/errors";
import type { RouteName } from "../../src/emulator";
import {
  getBotDetection,
  getBotDetectionOutput,
  getShieldZones,
  getWafProfiles,
  type ShieldFunctionOptions,
} from "../../src/functions";
import { invokeFunction, zoneFunction } from "../../src/functions/common";
import { rejection, requestsTo, useEmulator } from "./helpers";

type Call = (options: ShieldFunctionOptions) => Promise<unknown>;

/** The shared path alone: a function whose work is one read of zone 1001's bot detection. */
const shared: Call = (options) =>
  invokeFunction(
    {
      name: "testFunction",
      ...zoneFunction,
      run: (client, args) => client.botDetection.get(args.shieldZoneId),
    },
    { shieldZoneId: 1001 },
    options,
  );

/** A function of one shape, the route of its requests, and how many of them go through first. */
interface Shape {
  shape: string;
  route: RouteName;
  call: Call;
  /** Requests that succeed before the faulty one: the listing's fault hits its second page. */
  skip: number;
}

/** Zones the client asks for per page: the listing reads two with this many more zones. */
const CLIENT_PAGE_SIZE = 100;

const shapes: Shape[] = [
  {
    shape: "invokeFunction, the path every function takes",
    route: "getBotDetection",
    call: shared,
    skip: 0,
  },
  {
    shape: "getBotDetection, one read of a zone",
    route: "getBotDetection",
    call: (o) => getBotDetection({ shieldZoneId: 1001 }, o),
    skip: 0,
  },
  {
    shape: "getWafProfiles, a read without arguments",
    route: "listWafProfiles",
    call: (o) => getWafProfiles({}, o),
    skip: 0,
  },
  {
    shape: "getShieldZones, a listing across pages",
    route: "listShieldZones",
    call: (o) => getShieldZones({}, o),
    skip: 1,
  },
  {
    shape: "getBotDetectionOutput, an Output variant",
    route: "getBotDetection",
    call: (o) =>
      (
        getBotDetectionOutput({ shieldZoneId: 1001 }, o) as unknown as {
          promise(): Promise<unknown>;
        }
      ).promise(),
    skip: 0,
  },
];

/** An emulator for a describe, with enough zones that listing them takes two pages. */
function useTwoPageEmulator(): ReturnType<typeof useEmulator> {
  const ctx = useEmulator();
  before(() => {
    ctx.emu.state.addZones(CLIENT_PAGE_SIZE);
  });
  return ctx;
}

describe("functions: maxRetries takes effect", () => {
  const ctx = useTwoPageEmulator();
  // Not the default (3): ignoring the option would then give up one retry too early.
  const failures = 4;

  for (const { shape, route, call, skip } of shapes) {
    it(`${shape}: ${failures} 503s pass with maxRetries ${failures}, and fail with ${failures - 1}`, async () => {
      const fail = () =>
        ctx.emu.faults.add({ route, skip, status: 503, retryAfter: 0, times: failures });
      fail();
      await call({ ...ctx.options, maxRetries: failures });
      assert.equal(requestsTo(ctx.emu, route), skip + failures + 1);

      ctx.emu.resetRequests();
      fail();
      await rejection(call({ ...ctx.options, maxRetries: failures - 1 }), ServerError, "503");
      assert.equal(requestsTo(ctx.emu, route), skip + failures);
    });
  }
});

describe("functions: timeoutMs takes effect", () => {
  // An emulator of its own: the slow answers outlive their tests, and are cut when it closes.
  const ctx = useTwoPageEmulator();
  const timeoutMs = 200;

  for (const { shape, route, call, skip } of shapes) {
    it(`${shape}: an answer slower than timeoutMs fails with a TimeoutError`, async () => {
      // Far beyond timeoutMs; well within the default (30 s), so ignoring the option succeeds.
      ctx.emu.faults.add({ route, skip, latencyMs: 3_000 });
      await rejection(call({ ...ctx.options, timeoutMs }), TimeoutError, `${timeoutMs} ms`);
      assert.equal(requestsTo(ctx.emu, route), skip + 1, "no retry (maxRetries 0)");
    });
  }
});
