/** `resolveSettings`: explicit options over stack config over the environment. */
import { strict as assert } from "node:assert";
import { inspect } from "node:util";
import {
  ConnectionError,
  InvalidArgumentError,
  MissingCredentialsError,
  ShieldClient,
} from "../../src/client";
import { resolveSettings, type ConfigSource } from "../../src/config";
import { useEmulator } from "./helpers";

/** A stack config holding `values`, recording which keys were read. */
function stackConfig(values: Record<string, string>): ConfigSource & { read: string[] } {
  const read: string[] = [];
  return {
    read,
    get(key: string) {
      read.push(key);
      return values[key];
    },
  };
}

const SET_KEY_ADVICE = "pulumi config set --secret bunnynet:apiKey";

describe("config: resolveSettings", () => {
  const saved: Record<string, string | undefined> = {};
  const variables = ["BUNNYNET_API_KEY", "BUNNYNET_API_URL", "BUNNYNET_ALLOW_INSECURE_HTTP"];
  beforeEach(() => {
    for (const name of variables) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });
  afterEach(() => {
    for (const name of variables) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  const config = stackConfig({
    "bunnynet:apiKey": "config-key",
    "bunnynet:apiUrl": "https://config.example.com/",
  });
  const env = { BUNNYNET_API_KEY: "env-key", BUNNYNET_API_URL: "https://env.example.com" };

  it("takes explicit settings over stack config and environment", () => {
    assert.deepEqual(
      resolveSettings(
        { apiKey: "explicit-key", apiUrl: "https://explicit.example.com:8080" },
        config,
        env,
      ),
      { apiKey: "explicit-key", baseUrl: "https://explicit.example.com:8080" },
    );
  });

  it("takes stack config over the environment, key and URL independently", () => {
    assert.deepEqual(resolveSettings({}, config, env), {
      apiKey: "config-key",
      baseUrl: "https://config.example.com",
    });
    assert.deepEqual(resolveSettings({ apiKey: "explicit-key" }, config, env), {
      apiKey: "explicit-key",
      baseUrl: "https://config.example.com",
    });
    const keyOnly = stackConfig({ "bunnynet:apiKey": "config-key" });
    assert.deepEqual(resolveSettings({}, keyOnly, env), {
      apiKey: "config-key",
      baseUrl: "https://env.example.com",
    });
    assert.deepEqual(keyOnly.read.sort(), [
      "bunnynet:allowInsecureHttp",
      "bunnynet:apiKey",
      "bunnynet:apiUrl",
    ]);
  });

  it("falls back to the environment, then to the default URL", () => {
    assert.deepEqual(resolveSettings({}, stackConfig({}), env), {
      apiKey: "env-key",
      baseUrl: "https://env.example.com",
    });
    assert.deepEqual(resolveSettings({}, undefined, { BUNNYNET_API_KEY: "env-key" }), {
      apiKey: "env-key",
      baseUrl: "https://api.bunny.net",
    });
  });

  it("reads process.env by default", () => {
    process.env.BUNNYNET_API_KEY = "process-key";
    process.env.BUNNYNET_API_URL = "http://127.0.0.1:9/";
    assert.deepEqual(resolveSettings(), { apiKey: "process-key", baseUrl: "http://127.0.0.1:9" });
  });

  it("skips blank values and trims the others", () => {
    const blank = stackConfig({ "bunnynet:apiKey": "   ", "bunnynet:apiUrl": "" });
    assert.deepEqual(
      resolveSettings({ apiKey: "", apiUrl: " " }, blank, {
        BUNNYNET_API_KEY: "  env-key\n",
        BUNNYNET_API_URL: " https://env.example.com/ ",
      }),
      { apiKey: "env-key", baseUrl: "https://env.example.com" },
    );
  });

  it("throws MissingCredentialsError saying how to set the key", () => {
    for (const [explicit, source, environment] of [
      [{}, undefined, {}],
      [{ apiKey: "  " }, stackConfig({ "bunnynet:apiKey": "" }), { BUNNYNET_API_KEY: "" }],
      [{ apiUrl: "https://api.bunny.net" }, stackConfig({}), { BUNNYNET_API_URL: "https://x.y" }],
    ] as const) {
      assert.throws(
        () => resolveSettings(explicit, source, environment),
        (error: unknown) =>
          error instanceof MissingCredentialsError &&
          error.message.includes(SET_KEY_ADVICE) &&
          error.message.includes("BUNNYNET_API_KEY"),
      );
    }
    assert.throws(
      () => resolveSettings({}, undefined, {}, "bunnynet-shield:getBotDetection"),
      (error: unknown) =>
        error instanceof MissingCredentialsError &&
        error.message.startsWith("bunnynet-shield:getBotDetection: no bunny.net API key"),
    );
  });

  it("names the source of a bad URL, showing at most its scheme, host and port", () => {
    const cases: Array<[Parameters<typeof resolveSettings>, string, string]> = [
      [
        [{ apiKey: "k" }, undefined, { BUNNYNET_API_URL: "ftp://files.example.com" }],
        "BUNNYNET_API_URL",
        "ftp://files.example.com",
      ],
      [
        [{ apiKey: "k" }, undefined, { BUNNYNET_API_URL: "api.bunny.net" }],
        "BUNNYNET_API_URL",
        "(not a URL; not shown, as it may be the API key)",
      ],
      [
        [{ apiKey: "k" }, stackConfig({ "bunnynet:apiUrl": "not a url" }), env],
        "bunnynet:apiUrl",
        "(not a URL; not shown, as it may be the API key)",
      ],
      [[{ apiKey: "k", apiUrl: "mailto:x@y.z" }, config, env], "apiUrl", "mailto:…"],
      [
        [{ apiKey: "k", apiUrl: "https://api.bunny.net/v1?x=1" }, config, env],
        "apiUrl",
        "https://api.bunny.net/…",
      ],
    ];
    for (const [args, source, shown] of cases) {
      assert.throws(
        () => resolveSettings(...args),
        (error: unknown) =>
          error instanceof InvalidArgumentError &&
          error.argument === source &&
          error.value === shown &&
          error.message.startsWith(`Invalid ${source}: ${JSON.stringify(shown)};`) &&
          /https:\/\/api\.bunny\.net/.test(error.message),
        source,
      );
    }
  });

  /** The error `action` throws, checked to hold none of `secrets` anywhere a log could show. */
  function refusalWithout(action: () => unknown, secrets: string[]): InvalidArgumentError {
    try {
      action();
    } catch (error) {
      assert.ok(error instanceof InvalidArgumentError, String(error));
      const shown = [error.message, String(error.value), String(error.stack), inspect(error)];
      shown.push(JSON.stringify(error));
      for (const secret of secrets) {
        for (const text of shown) assert.ok(!text.includes(secret), `${secret} in ${text}`);
      }
      return error;
    }
    assert.fail("expected a refusal");
  }

  it("refuses credentials in the URL without showing them", () => {
    const url = "https://deployer:hunter2-pw@api.bunny.net/";
    for (const [action, source] of [
      [
        () => resolveSettings({ apiKey: "k" }, undefined, { BUNNYNET_API_URL: url }),
        "BUNNYNET_API_URL",
      ],
      [
        () => resolveSettings({ apiKey: "k" }, stackConfig({ "bunnynet:apiUrl": url })),
        "bunnynet:apiUrl",
      ],
      [() => resolveSettings({ apiKey: "k", apiUrl: url }), "apiUrl"],
      [() => new ShieldClient({ apiKey: "k", baseUrl: url }), "baseUrl"],
    ] as const) {
      const error = refusalWithout(action, ["hunter2-pw", "deployer"]);
      assert.equal(error.argument, source);
      assert.match(error.message, /"https:\/\/\*\*\*@api\.bunny\.net"/);
      assert.match(error.message, /must not hold credentials/);
      assert.match(error.message, /bunnynet:apiKey/);
    }
  });

  it("never shows a key pasted as the URL, and says where the key goes", () => {
    const key = "0f5e4c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6ab12cd34-ef56-7890";
    for (const action of [
      () => resolveSettings({ apiKey: "k" }, stackConfig({ "bunnynet:apiUrl": key })),
      () => resolveSettings({ apiKey: "k" }, undefined, { BUNNYNET_API_URL: ` ${key}\n` }),
      () => new ShieldClient({ apiKey: "k", baseUrl: key }),
      () => new ShieldClient({ apiKey: "k", baseUrl: `https://api.bunny.net/?key=${key}` }),
    ]) {
      const error = refusalWithout(action, [key, key.slice(0, 8)]);
      assert.match(error.message, /not shown|query or fragment/);
    }
  });

  describe("http:// only to loopback unless allowed", () => {
    const resolve = (
      apiUrl: string,
      sources: {
        config?: Record<string, string>;
        env?: NodeJS.ProcessEnv;
        explicit?: boolean | string;
      } = {},
    ) =>
      resolveSettings(
        { apiKey: "k", apiUrl, allowInsecureHttp: sources.explicit },
        stackConfig(sources.config ?? {}),
        sources.env ?? {},
      );

    it("accepts http:// to localhost, 127.0.0.0/8 and ::1 (a local emulator)", () => {
      for (const url of [
        "http://localhost:8080",
        "http://LOCALHOST",
        "http://127.0.0.1:9",
        "http://127.8.9.10",
        "http://[::1]:8080",
        "http://[::ffff:127.0.0.1]",
      ]) {
        assert.equal(resolve(url).baseUrl, new URL(url).toString().replace(/\/$/, ""), url);
        assert.equal(
          new ShieldClient({ apiKey: "k", baseUrl: url }).baseUrl.startsWith("http://"),
          true,
        );
      }
    });

    it("refuses http:// to any other host, saying why and how to allow it", () => {
      for (const url of [
        "http://api.bunny.net",
        "http://10.0.0.8:8080",
        "http://0.0.0.0:8080",
        "http://[::2]",
        "http://localhost.example.com",
        "http://128.0.0.1",
      ]) {
        for (const action of [
          () => resolve(url),
          () => new ShieldClient({ apiKey: "k", baseUrl: url }),
        ]) {
          assert.throws(
            action,
            (error: unknown) =>
              error instanceof InvalidArgumentError &&
              /http:\/\/ would send the API key unencrypted: use https:\/\//.test(error.message) &&
              /bunnynet:allowInsecureHttp/.test(error.message) &&
              /BUNNYNET_ALLOW_INSECURE_HTTP/.test(error.message),
            url,
          );
        }
      }
    });

    it("allows it explicitly, by stack config or by the environment, first set wins", () => {
      const url = "http://emulator.internal:8080";
      for (const sources of [
        { explicit: true },
        { config: { "bunnynet:allowInsecureHttp": "true" } },
        { env: { BUNNYNET_ALLOW_INSECURE_HTTP: "1" } },
        { env: { BUNNYNET_ALLOW_INSECURE_HTTP: " TRUE " } },
        {
          config: { "bunnynet:allowInsecureHttp": "" },
          env: { BUNNYNET_ALLOW_INSECURE_HTTP: "1" },
        },
      ]) {
        assert.deepEqual(
          resolve(url, sources),
          { apiKey: "k", baseUrl: url, allowInsecureHttp: true },
          JSON.stringify(sources),
        );
      }
      for (const sources of [
        { explicit: false, env: { BUNNYNET_ALLOW_INSECURE_HTTP: "1" } },
        {
          config: { "bunnynet:allowInsecureHttp": "false" },
          env: { BUNNYNET_ALLOW_INSECURE_HTTP: "1" },
        },
        { env: { BUNNYNET_ALLOW_INSECURE_HTTP: "0" } },
      ]) {
        assert.throws(() => resolve(url, sources), InvalidArgumentError, JSON.stringify(sources));
      }
      assert.equal(
        new ShieldClient({ apiKey: "k", baseUrl: url, allowInsecureHttp: true }).baseUrl,
        url,
      );
      assert.equal(
        resolve("https://api.bunny.net", { explicit: false }).baseUrl,
        "https://api.bunny.net",
      );
    });

    it("refuses a flag that is not true or false, naming its source without showing it", () => {
      for (const [sources, source] of [
        [{ config: { "bunnynet:allowInsecureHttp": "yes-please" } }, "bunnynet:allowInsecureHttp"],
        [{ env: { BUNNYNET_ALLOW_INSECURE_HTTP: "yes-please" } }, "BUNNYNET_ALLOW_INSECURE_HTTP"],
        [{ explicit: "yes-please" }, "allowInsecureHttp"],
      ] as const) {
        const error = refusalWithout(
          () => resolve("https://api.bunny.net", sources),
          ["yes-please"],
        );
        assert.equal(error.argument, source);
        assert.match(error.message, /expected true or false/);
      }
    });
  });

  describe("with the emulator", () => {
    const emu = useEmulator();

    it("gives a client that reaches an http:// host that is not loopback once allowed", async () => {
      // 0.0.0.0 is not a loopback address, yet a connection to it reaches this machine: the
      // emulator's port there stands in for an emulator on another host.
      const url = emu().url.replace("127.0.0.1", "0.0.0.0");
      const env = { BUNNYNET_API_KEY: emu().apiKey, BUNNYNET_API_URL: url };
      assert.throws(() => resolveSettings({}, stackConfig({}), env), InvalidArgumentError);
      const settings = resolveSettings(
        {},
        stackConfig({ "bunnynet:allowInsecureHttp": "true" }),
        env,
      );
      const client = new ShieldClient({ ...settings, maxRetries: 0 });
      assert.equal((await client.getBotDetection(1002)).shieldZoneId, 1002);
    });

    it("shows the address of a failed connection without its path", async () => {
      const client = new ShieldClient({
        apiKey: "k",
        baseUrl: "http://127.0.0.1:1/secret-path-token",
        maxRetries: 0,
      });
      const error = await client.getBotDetection(1001).catch((e: unknown) => e);
      assert.ok(error instanceof ConnectionError, String(error));
      assert.match(error.message, /\(http:\/\/127\.0\.0\.1:1\/…, from bunnynet:apiUrl/);
      assert.ok(!error.message.includes("secret-path-token"));
    });

    it("gives a client that reaches the API through environment settings", async () => {
      const settings = resolveSettings({}, stackConfig({}), {
        BUNNYNET_API_KEY: emu().apiKey,
        BUNNYNET_API_URL: `${emu().url}/`,
      });
      assert.equal(settings.baseUrl, emu().url);
      const client = new ShieldClient({ ...settings, retryBaseDelayMs: 5 });
      assert.equal(client.baseUrl, emu().url);
      const data = await client.getBotDetection(1002);
      assert.equal(data.shieldZoneId, 1002);
      assert.equal(emu().requests.at(-1)?.authenticated, true);
    });
  });
});
