/** `getWafProfiles` and `getWafEngineConfig` against the emulator. */
import { strict as assert } from "node:assert";
import { InvalidArgumentError } from "../../src/client/errors";
import { getWafEngineConfig, getWafProfiles } from "../../src/functions";
import { rejection, requestsTo, useEmulator } from "./helpers";

describe("functions: WAF profiles and engine configuration", () => {
  const ctx = useEmulator();

  it("gives the profiles by id and by name, to choose wafProfileId by name", async () => {
    const { profiles, byId, byName } = await getWafProfiles({}, ctx.options);
    assert.equal(profiles.length, 4);
    assert.equal(byName.WordPress!.id, 3);
    assert.equal(byId["3"], byName.WordPress);
    assert.equal(byName.WordPress!.category, "CMS");
  });

  it("gives the engine's variables and their values by name", async () => {
    const { variables, byName } = await getWafEngineConfig(undefined, ctx.options);
    assert.ok(variables.length > 0);
    assert.equal(byName.detection_paranoia_level, "1");
  });

  it("decodes the paranoia levels and what the engine allows, as the live service names them", async () => {
    const { byName, settings } = await getWafEngineConfig(undefined, ctx.options);
    for (const name of [
      "executing_paranoia_level",
      "blocking_paranoia_level",
      "allowed_http_versions",
      "allowed_request_content_type",
    ]) {
      assert.equal(typeof byName[name], "string", `${name} is in the answer`);
    }
    assert.deepEqual(
      [
        settings.detectionParanoiaLevel,
        settings.executingParanoiaLevel,
        settings.blockingParanoiaLevel,
      ],
      [1, 1, 1],
    );
    assert.deepEqual(settings.allowedHttpVersions, ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/2.0"]);
    assert.ok(settings.allowedMethods?.includes("POST"));
    assert.equal(settings.allowedRequestContentTypes?.length, 12);
    assert.equal(settings.allowedRequestContentTypes?.[0], "application/x-www-form-urlencoded");
    assert.ok(settings.allowedRequestContentTypes?.includes("application/json"));
  });

  it("takes no arguments, refusing any before a request", async () => {
    await rejection(
      getWafProfiles({ shieldZoneId: 1 } as never, ctx.options),
      InvalidArgumentError,
      "shieldZoneId",
    );
    assert.equal(requestsTo(ctx.emu, "listWafProfiles"), 0);
  });
});
