/** `resolveSettings`: explicit options over stack config over the environment. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, MissingCredentialsError, ShieldClient } from "../../src/client";
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
  const variables = ["BUNNYNET_API_KEY", "BUNNYNET_API_URL"];
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
        { apiKey: "explicit-key", apiUrl: "http://explicit.example.com:8080" },
        config,
        env,
      ),
      { apiKey: "explicit-key", baseUrl: "http://explicit.example.com:8080" },
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
    assert.deepEqual(keyOnly.read.sort(), ["bunnynet:apiKey", "bunnynet:apiUrl"]);
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

  it("names the source and the value of a bad URL", () => {
    const cases: Array<[Parameters<typeof resolveSettings>, string, string]> = [
      [
        [{ apiKey: "k" }, undefined, { BUNNYNET_API_URL: "ftp://files.example.com" }],
        "BUNNYNET_API_URL",
        "ftp://files.example.com",
      ],
      [
        [{ apiKey: "k" }, undefined, { BUNNYNET_API_URL: "api.bunny.net" }],
        "BUNNYNET_API_URL",
        "api.bunny.net",
      ],
      [
        [{ apiKey: "k" }, stackConfig({ "bunnynet:apiUrl": "not a url" }), env],
        "bunnynet:apiUrl",
        "not a url",
      ],
      [[{ apiKey: "k", apiUrl: "mailto:x@y.z" }, config, env], "apiUrl", "mailto:x@y.z"],
    ];
    for (const [args, source, value] of cases) {
      assert.throws(
        () => resolveSettings(...args),
        (error: unknown) =>
          error instanceof InvalidArgumentError &&
          error.argument === source &&
          error.value === value &&
          error.message.startsWith(`Invalid ${source}: ${JSON.stringify(value)};`) &&
          /https:\/\/api\.bunny\.net/.test(error.message),
        source,
      );
    }
  });

  describe("with the emulator", () => {
    const emu = useEmulator();

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
