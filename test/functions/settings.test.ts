import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import {
  AuthenticationError,
  InvalidArgumentError,
  MissingCredentialsError,
} from "../../src/client/errors";
import { formatEventLogDate } from "../../src/emulator";
import {
  getBotDetection,
  getBotDetectionOutput,
  getEventLogs,
  getMetricsOverview,
  search,
  searchEventLogs,
  type ShieldFunctionOptions,
} from "../../src/functions";
import { rejection, requestsTo, useEmulator, withSettings } from "./helpers";

describe("functions: settings and errors shared by every function", () => {
  const ctx = useEmulator();
  const today = () => formatEventLogDate(new Date());

  /** Each function, called for zone 1001 (search ignores the zone). */
  const calls: Array<[string, (options?: ShieldFunctionOptions) => Promise<unknown>]> = [
    ["getBotDetection", (o) => getBotDetection({ shieldZoneId: 1001 }, o)],
    ["getEventLogs", (o) => getEventLogs({ shieldZoneId: 1001, date: today() }, o)],
    ["search", (o) => search({ query: "cdn" }, o)],
    [
      "searchEventLogs",
      (o) => searchEventLogs({ shieldZoneId: 1001, from: Date.now() - 60_000, to: Date.now() }, o),
    ],
    ["getMetricsOverview", (o) => getMetricsOverview({ shieldZoneId: 1001 }, o)],
  ];
  const contextOf = (name: string) =>
    name === "search" ? "search: " : `${name} for shield zone 1001: `;

  describe("a missing API key", () => {
    for (const [name, call] of calls) {
      it(`${name}: one MissingCredentialsError saying how to set the key, and no request`, async () => {
        const error = await rejection(
          call({ apiUrl: ctx.emu.url }),
          MissingCredentialsError,
          contextOf(name),
          "pulumi config set --secret bunnynet:apiKey",
          "BUNNYNET_API_KEY",
        );
        assert.equal(error.name, "MissingCredentialsError");
        assert.equal(ctx.emu.requests.length, 0);
      });
    }

    it("an empty or blank key counts as missing", async () => {
      await rejection(call0({ apiKey: "  ", apiUrl: ctx.emu.url }), MissingCredentialsError);
      await withSettings({ env: { BUNNYNET_API_KEY: "" }, config: { "bunnynet:apiKey": "" } }, () =>
        rejection(call0({ apiUrl: ctx.emu.url }), MissingCredentialsError),
      );
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("the Output variant fails the same way, without a request", async () => {
      const out = getBotDetectionOutput({ shieldZoneId: 1001 }, { apiUrl: ctx.emu.url });
      await rejection(
        (out as unknown as { promise(): Promise<unknown> }).promise(),
        MissingCredentialsError,
        "getBotDetection for shield zone 1001: ",
      );
      assert.equal(ctx.emu.requests.length, 0);
    });
  });

  describe("a wrong API key", () => {
    for (const [name, call] of calls) {
      it(`${name}: an AuthenticationError whose message never shows a key`, async () => {
        const wrongKey = "wrong-key-0123456789abcdef";
        const error = await rejection(
          call({ ...ctx.options, apiKey: wrongKey }),
          AuthenticationError,
          contextOf(name),
        );
        for (const key of [wrongKey, ctx.emu.apiKey]) {
          assert.ok(!error.message.includes(key));
          assert.ok(!String(error.stack).includes(key));
          assert.ok(!JSON.stringify(error).includes(key));
        }
        assert.equal(ctx.emu.requests.length, 1, "401 is not retried");
        assert.equal(ctx.emu.requests[0]!.authenticated, false);
      });
    }
  });

  describe("where the settings come from", () => {
    it("outside a Pulumi program the stack config is simply empty", () => {
      assert.equal(pulumi.runtime.getConfig("bunnynet:apiKey"), undefined);
    });

    it("reads the stack config (bunnynet:apiKey, bunnynet:apiUrl)", async () => {
      const result = await withSettings(
        { config: { "bunnynet:apiKey": ctx.emu.apiKey, "bunnynet:apiUrl": ctx.emu.url } },
        () => getBotDetection({ shieldZoneId: 1001 }),
      );
      assert.equal(result.shieldZoneId, 1001);
      assert.equal(requestsTo(ctx.emu, "getBotDetection"), 1);
    });

    it("reads BUNNYNET_API_KEY and BUNNYNET_API_URL", async () => {
      const result = await withSettings(
        { env: { BUNNYNET_API_KEY: ctx.emu.apiKey, BUNNYNET_API_URL: ctx.emu.url } },
        () => search({ query: "cdn", size: 1 }),
      );
      assert.equal(result.results.length, 1);
    });

    it("prefers explicit options, then the stack config, then the environment", async () => {
      const wrong = "not-the-key";
      // The config beats the environment.
      await withSettings(
        {
          env: { BUNNYNET_API_KEY: wrong, BUNNYNET_API_URL: "http://127.0.0.1:9" },
          config: { "bunnynet:apiKey": ctx.emu.apiKey, "bunnynet:apiUrl": ctx.emu.url },
        },
        async () => {
          await getBotDetection({ shieldZoneId: 1001 });
          // An explicit key beats both.
          await rejection(
            getBotDetection({ shieldZoneId: 1001 }, { apiKey: wrong, maxRetries: 0 }),
            AuthenticationError,
          );
        },
      );
      // An explicit key and URL beat a wrong environment.
      await withSettings(
        { env: { BUNNYNET_API_KEY: wrong, BUNNYNET_API_URL: "http://127.0.0.1:9" } },
        () => getBotDetection({ shieldZoneId: 1001 }, ctx.options),
      );
    });
  });

  describe("http:// to a host that is not loopback", () => {
    // 0.0.0.0 is not a loopback address, yet a connection to it reaches this machine: the
    // emulator's port there stands in for an emulator on another host.
    const remote = () => ctx.emu.url.replace("127.0.0.1", "0.0.0.0");

    it("is refused before any request, then allowed by the option, the stack config or the environment", async () => {
      const options = { ...ctx.options, apiUrl: remote() };
      await rejection(call0(options), InvalidArgumentError, "unencrypted");
      assert.equal(ctx.emu.requests.length, 0);
      await call0({ ...options, allowInsecureHttp: true });
      await withSettings({ config: { "bunnynet:allowInsecureHttp": "true" } }, () =>
        call0(options),
      );
      await withSettings({ env: { BUNNYNET_ALLOW_INSECURE_HTTP: "1" } }, () => call0(options));
      assert.equal(requestsTo(ctx.emu, "getBotDetection"), 3);
    });
  });

  describe("bad options", () => {
    const refused: Array<[string, unknown, string]> = [
      ["an unknown option", { apiKey: "k", region: "eu" }, "options.region"],
      ["an Output as the key", { apiKey: pulumi.secret("k") }, "options.apiKey"],
      ["a number as the URL", { apiUrl: 80 }, "options.apiUrl"],
      ["an URL that is not http(s)", { apiKey: "k", apiUrl: "ftp://example.com" }, "apiUrl"],
      ["http:// to a host that is not loopback", { apiKey: "k", apiUrl: "http://x.io" }, "apiUrl"],
      [
        "an allowInsecureHttp that is not a boolean",
        { apiKey: "k", allowInsecureHttp: "true" },
        "options.allowInsecureHttp",
      ],
      ["a timeout of 0", { apiKey: "k", timeoutMs: 0 }, "timeoutMs"],
      ["a negative retry count", { apiKey: "k", maxRetries: -1 }, "maxRetries"],
      ["options that are not an object", "k", "options"],
    ];
    for (const [what, options, argument] of refused) {
      it(`refuses ${what} before any request`, async () => {
        const error = await rejection(
          getBotDetection({ shieldZoneId: 1001 }, options as ShieldFunctionOptions),
          InvalidArgumentError,
          "getBotDetection for shield zone 1001: ",
        );
        assert.equal(error.argument, argument);
        assert.equal(ctx.emu.requests.length, 0);
      });
    }

    it("never shows credentials in apiUrl, nor a key pasted there", async () => {
      for (const [apiUrl, secret] of [
        ["https://deployer:hunter2-pw@api.bunny.net", "hunter2-pw"],
        ["0f5e4c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6", "0f5e4c3a"],
      ]) {
        const error = await rejection(call0({ apiKey: "k", apiUrl }), InvalidArgumentError);
        assert.ok(!error.message.includes(secret), error.message);
        assert.ok(!JSON.stringify(error).includes(secret));
      }
    });

    it("never shows the value of a misspelled setting: it may be the key", async () => {
      const error = await rejection(
        getBotDetection({ shieldZoneId: 1001 }, { apikey: "f00dfeed-key" } as never),
        InvalidArgumentError,
        "options.apikey",
      );
      assert.ok(!error.message.includes("f00dfeed"), error.message);
      assert.ok(!JSON.stringify(error).includes("f00dfeed"));
      assert.match(error.message, /the settings are apiKey, apiUrl/);
      assert.equal(ctx.emu.requests.length, 0);
    });

    it("never shows a key given with the wrong type", async () => {
      const error = await rejection(
        getBotDetection({ shieldZoneId: 1001 }, { apiKey: 123456789 } as never),
        InvalidArgumentError,
        "options.apiKey",
      );
      assert.ok(!error.message.includes("123456789"));
    });
  });

  describe("bad arguments of getBotDetection", () => {
    const refused: Array<[string, unknown, string]> = [
      ["zone 0", { shieldZoneId: 0 }, "shieldZoneId"],
      ["zone -1", { shieldZoneId: -1 }, "shieldZoneId"],
      ["zone 1.5", { shieldZoneId: 1.5 }, "shieldZoneId"],
      ['zone "12"', { shieldZoneId: "12" }, "shieldZoneId"],
      ["a zone above int32", { shieldZoneId: 2 ** 31 }, "shieldZoneId"],
      ["no zone", {}, "shieldZoneId"],
      ["an unknown field", { shieldZoneId: 1001, zone: 1001 }, "args.zone"],
      ["no arguments", undefined, "args"],
      ["an array", [1001], "args"],
    ];
    for (const [what, args, argument] of refused) {
      it(`refuses ${what} before any request`, async () => {
        const error = await rejection(
          getBotDetection(args as never, ctx.options),
          InvalidArgumentError,
          "getBotDetection: ",
          `Invalid ${argument}`,
        );
        assert.equal(error.argument, argument);
        assert.equal(ctx.emu.requests.length, 0);
      });
    }
  });

  function call0(options: ShieldFunctionOptions) {
    return getBotDetection({ shieldZoneId: 1001 }, options);
  }
});
