/**
 * The plugin's settings messages name its own stack config keys (`bunnynet-shield:apiKey`, …),
 * which plugin users set, where the messages it shares with the dynamic provider name that
 * provider's (`bunnynet:apiKey`): over gRPC, as the engine shows them, and as text.
 */
import { strict as assert } from "node:assert";
import { MissingCredentialsError } from "../../src/client/errors";
import { SETTINGS_SOURCES } from "../../src/config";
import { Emulator, startEmulator } from "../../src/emulator";
import { tokenOf } from "../../src/plugin/kinds";
import { pluginMessage, SETTING_NAMES } from "../../src/plugin/settings";
import { PluginClient } from "./client";

/** A stack config key of the dynamic provider (`bunnynet:` and a setting). */
const DYNAMIC_KEY = /\bbunnynet:(apiKey|apiUrl|allowInsecureHttp)\b/;

describe("plugin settings: messages name the plugin's config keys", function () {
  this.timeout(60_000);
  let emu: Emulator;
  let plugin: PluginClient;
  const saved = { ...process.env };

  before(async () => {
    emu = await startEmulator();
    for (const key of Object.keys(process.env)) {
      if (key.startsWith("BUNNYNET_")) delete process.env[key];
    }
    plugin = await PluginClient.start();
  });
  after(async () => {
    await plugin?.close();
    await emu?.close();
    process.env = { ...saved };
  });

  it("without a key, a create and a data function say to set bunnynet-shield:apiKey", async () => {
    await plugin.configure({ apiUrl: emu.url });
    const calls = [
      plugin.create(tokenOf("AccessList"), {
        shieldZoneId: 1002,
        name: "settings list",
        type: "IP",
        entries: ["192.0.2.1"],
      }),
      plugin.invoke(tokenOf("getShieldZones"), {}),
    ];
    for (const call of calls) {
      await assert.rejects(call, (error: Error) => {
        assert.match(error.message, /pulumi config set --secret bunnynet-shield:apiKey <key>/);
        assert.doesNotMatch(error.message, DYNAMIC_KEY);
        return true;
      });
    }
  });

  it("an http:// address (CheckConfig and Configure) names bunnynet-shield:allowInsecureHttp", async () => {
    const { failures } = await plugin.checkConfig({ apiUrl: "http://example.com/api" });
    assert.deepEqual(
      failures.map(([property]) => property),
      ["apiUrl"],
    );
    assert.match(failures[0][1], /stack config bunnynet-shield:allowInsecureHttp/);
    assert.doesNotMatch(failures[0][1], DYNAMIC_KEY);
    await assert.rejects(plugin.configure({ apiUrl: "http://example.com/api" }), (error: Error) => {
      assert.match(error.message, /bunnynet-shield:allowInsecureHttp/);
      assert.doesNotMatch(error.message, DYNAMIC_KEY);
      return true;
    });
  });

  it("pluginMessage renames every setting's key, and only those", () => {
    for (const name of SETTING_NAMES) {
      const dynamic = SETTINGS_SOURCES[name].config;
      assert.equal(pluginMessage(`set ${dynamic} first`), `set bunnynet-shield:${name} first`);
    }
    const missing = pluginMessage(new MissingCredentialsError("ShieldZone").message);
    assert.doesNotMatch(missing, DYNAMIC_KEY);
    // Already the plugin's, or no setting: unchanged.
    assert.equal(pluginMessage("bunnynet-shield:apiKey"), "bunnynet-shield:apiKey");
    assert.equal(
      pluginMessage("bunnynet:other and BUNNYNET_API_KEY"),
      "bunnynet:other and BUNNYNET_API_KEY",
    );
  });
});
