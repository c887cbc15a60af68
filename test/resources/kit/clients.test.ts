/** The provider's client: one per provider's settings, made again when what it came from changed. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError, MissingCredentialsError } from "../../../src/client";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { ShieldProvider } from "../../../src/resources";
import { clientFor } from "../../../src/resources/kit/clients";

describe("kit: clientFor", () => {
  const saved = {
    key: process.env.BUNNYNET_API_KEY,
    url: process.env.BUNNYNET_API_URL,
    insecure: process.env.BUNNYNET_ALLOW_INSECURE_HTTP,
  };
  afterEach(() => {
    for (const [name, value] of [
      ["BUNNYNET_API_KEY", saved.key],
      ["BUNNYNET_API_URL", saved.url],
      ["BUNNYNET_ALLOW_INSECURE_HTTP", saved.insecure],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("keeps one client per provider's settings", () => {
    const settings = { apiKey: "key-one", apiUrl: "http://127.0.0.1:1" };
    const client = clientFor(settings, "BotDetection");
    assert.equal(clientFor(settings, "BotDetection"), client);
    assert.equal(clientFor(settings, "AccessList"), client, "the kind names errors only");
    assert.notEqual(clientFor({ ...settings }, "BotDetection"), client);
    assert.equal(client.baseUrl, "http://127.0.0.1:1");
  });

  it("makes a new one when the environment it came from changed, and fails without a key", () => {
    const settings = {};
    process.env.BUNNYNET_API_KEY = "key-from-env";
    process.env.BUNNYNET_API_URL = "http://127.0.0.1:2";
    const first = clientFor(settings, "BotDetection");
    assert.equal(clientFor(settings, "BotDetection"), first);
    process.env.BUNNYNET_API_KEY = "another-key";
    const second = clientFor(settings, "BotDetection");
    assert.notEqual(second, first);
    process.env.BUNNYNET_API_URL = "http://127.0.0.1:3";
    assert.equal(clientFor(settings, "BotDetection").baseUrl, "http://127.0.0.1:3");
    delete process.env.BUNNYNET_API_KEY;
    assert.throws(() => clientFor(settings, "BotDetection"), MissingCredentialsError);
  });

  it("asks for 8 retries of 429s, more than a client's default 3", async () => {
    const emulator: Emulator = await startEmulator({ port: 0 });
    try {
      const settings = { apiKey: emulator.apiKey, apiUrl: emulator.url };
      emulator.faults.add({ route: "getBotDetection", status: 429, retryAfter: 0, times: 8 });
      await clientFor(settings, "BotDetection").botDetection.get(1001);
      assert.equal(emulator.requests.length, 9, "eight 429s retried, then the answer");
    } finally {
      await emulator.close();
    }
  });

  it("refuses http:// to a host that is not loopback unless the settings or the environment allow it", () => {
    delete process.env.BUNNYNET_ALLOW_INSECURE_HTTP;
    const settings = { apiKey: "key-one", apiUrl: "http://emulator.internal:8080" };
    assert.throws(
      () => clientFor(settings, "BotDetection"),
      (error: unknown) =>
        error instanceof InvalidArgumentError && /unencrypted/.test(error.message),
    );
    const allowed = { ...settings, allowInsecureHttp: "true" };
    assert.equal(clientFor(allowed, "BotDetection").baseUrl, "http://emulator.internal:8080");
    process.env.BUNNYNET_ALLOW_INSECURE_HTTP = "1";
    assert.equal(
      clientFor({ ...settings }, "BotDetection").baseUrl,
      "http://emulator.internal:8080",
    );
  });

  it("the provider takes bunnynet:allowInsecureHttp from the stack config", async () => {
    delete process.env.BUNNYNET_ALLOW_INSECURE_HTTP;
    const emulator: Emulator = await startEmulator({ port: 0 });
    try {
      // 0.0.0.0 is not a loopback address, yet a connection to it reaches this machine: the
      // emulator's port there stands in for an emulator on another host.
      const config: Record<string, string> = {
        "bunnynet:apiKey": emulator.apiKey,
        "bunnynet:apiUrl": emulator.url.replace("127.0.0.1", "0.0.0.0"),
      };
      const configured = async () => {
        const provider = new ShieldProvider("BotDetection");
        await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
        return provider;
      };
      await assert.rejects((await configured()).read("1001", {}), /unencrypted/);
      assert.equal(emulator.requests.length, 0);
      config["bunnynet:allowInsecureHttp"] = "true";
      const read = await (await configured()).read("1001", {});
      assert.equal(read.id, "1001");
      assert.ok(emulator.requests.length > 0);
    } finally {
      await emulator.close();
    }
  });
});
