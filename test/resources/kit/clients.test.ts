/** The provider's client: one per provider's settings, made again when what it came from changed. */
import { strict as assert } from "node:assert";
import { MissingCredentialsError } from "../../../src/client";
import { startEmulator, type Emulator } from "../../../src/emulator";
import { clientFor } from "../../../src/resources/kit/clients";

describe("kit: clientFor", () => {
  const saved = { key: process.env.BUNNYNET_API_KEY, url: process.env.BUNNYNET_API_URL };
  afterEach(() => {
    for (const [name, value] of [
      ["BUNNYNET_API_KEY", saved.key],
      ["BUNNYNET_API_URL", saved.url],
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
});
