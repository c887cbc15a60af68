/**
 * What API Guardian has beyond the conformance suite: the document uploaded once (POST, then
 * PATCH on a change) and kept in state as a digest, a lost upload answer resolved without a
 * second POST, and endpoint keys resolved to ids or refused with the valid ones.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import type { Emulator } from "../../src/emulator";
import type { ShieldProvider } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";
import { guardianDocument, seedGuardian } from "./api-guardian.fixtures";

const ZONE = 1002;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("ApiGuardian: the OpenAPI document and endpoints", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let provider: ShieldProvider;
  let engine: MiniEngine;
  const fixture = useKindProvider("ApiGuardian");
  beforeEach(() => {
    ({ emu, provider } = fixture());
    engine = new MiniEngine(provider);
  });
  const count = (route: string) => emu.requests.filter((r) => r.route === route).length;
  const up = async (inputs: Record<string, unknown>) => {
    const result = await engine.up(inputs);
    assert.ifError(result.error);
    return result.action;
  };

  it("uploads with POST the first time, keeps only a digest, and PATCHes when the text changes", async () => {
    const v1 = guardianDocument("1.0.0");
    assert.equal(await up({ shieldZoneId: ZONE, isEnabled: true, openApiSpec: v1 }), "create");
    assert.equal(count("uploadApiGuardianSpecification"), 1);
    assert.equal(engine.outputs.openApiSpecSha256, sha256(v1));
    assert.equal(engine.outputs.version, "1.0.0");
    assert.ok(!JSON.stringify(engine.outputs).includes("paths:"), "no copy of the document");
    assert.deepEqual(Object.keys(engine.outputs.endpointIds as object).sort(), [
      "DELETE /pets/{petId}",
      "GET /pets/{petId}",
      "POST /pets",
    ]);

    assert.equal(await up({ shieldZoneId: ZONE, isEnabled: true, openApiSpec: v1 }), "same");
    const v2 = guardianDocument("2.0.0");
    assert.equal(await up({ shieldZoneId: ZONE, isEnabled: true, openApiSpec: v2 }), "update");
    assert.equal(count("uploadApiGuardianSpecification"), 1, "one POST in all");
    assert.equal(count("updateApiGuardianSpecification"), 1);
    assert.equal(emu.state.zone(ZONE)!.apiGuardian!.version, "2.0.0");
    assert.equal(engine.outputs.openApiSpecSha256, sha256(v2));
  });

  it("resolves a lost upload answer by looking, never by a second POST", async () => {
    emu.faults.add({ route: "uploadApiGuardianSpecification", kind: "apply-then-reset" });
    const inputs = { shieldZoneId: ZONE, openApiSpec: guardianDocument("1.0.0") };
    assert.equal(await up(inputs), "create");
    assert.equal(count("uploadApiGuardianSpecification"), 1);
    assert.equal(emu.state.zone(ZONE)!.apiGuardian!.endpoints.length, 3);
    assert.equal(await up(inputs), "same");
  });

  it("refuses endpoint keys the document lacks at check, listing its operations", async () => {
    const { failures } = await provider.check(
      {},
      {
        shieldZoneId: ZONE,
        openApiSpec: guardianDocument("1.0.0"),
        endpoints: { "PUT /pets": { isEnabled: false } },
      },
    );
    assert.equal(failures?.length, 1);
    assert.match(failures![0]!.reason, /PUT \/pets.*GET \/pets\/\{petId\}/);
    assert.equal(emu.requests.length, 0);
  });

  it("says what is wrong with a document or a key that check refuses", async () => {
    const { failures } = await provider.check(
      {},
      {
        shieldZoneId: ZONE,
        openApiSpec: "hello",
        endpoints: { "FETCH /pets": { isEnabled: false } },
      },
    );
    const reasons = failures!.map((f) => f.reason).join("\n");
    assert.match(reasons, /openApiSpec must be an OpenAPI document .*but it is not an object/);
    assert.match(reasons, /endpoints\["FETCH \/pets"\] is not a key "METHOD \/path"/);
  });

  it("without a document in the program, unknown endpoints fail before anything is written", async () => {
    seedGuardian(emu, ZONE);
    const result = await engine.up({
      shieldZoneId: ZONE,
      isEnabled: true,
      endpoints: {
        "GET /pets/{petId}": { detectParameterXss: true },
        "PUT /pets": { isEnabled: false },
      },
    });
    const message = String((result.error as Error).message);
    assert.match(message, /endpoints\["PUT \/pets"\] is not an endpoint.*POST \/pets/);
    assert.doesNotMatch(message, /endpoints\["GET/);
    assert.equal(count("updateApiGuardianEndpoint"), 0);
    assert.equal(count("updateApiGuardian"), 0);
  });

  it("puts back the endpoints it managed, skipping one its document no longer has", async () => {
    seedGuardian(emu, ZONE);
    const before = structuredClone(emu.state.zone(ZONE)!.apiGuardian!.endpoints);
    await up({
      shieldZoneId: ZONE,
      endpoints: {
        "GET /pets/{petId}": { detectParameterXss: true },
        "DELETE /pets/{petId}": { isEnabled: false },
      },
    });
    const guardian = emu.state.zone(ZONE)!.apiGuardian!;
    // Behind Pulumi's back, a new document drops DELETE.
    guardian.endpoints = guardian.endpoints.filter((e) => e.requestMethod !== "DELETE");
    assert.ifError((await engine.destroy()).error);
    const get = guardian.endpoints.find((e) => e.requestMethod === "GET")!;
    assert.equal(get.detectParameterXss, before[1]!.detectParameterXss);
  });

  it("puts back the endpoints after one its document no longer has, too", async () => {
    seedGuardian(emu, ZONE);
    const before = structuredClone(emu.state.zone(ZONE)!.apiGuardian!.endpoints);
    // The endpoint that goes is put back first.
    await up({
      shieldZoneId: ZONE,
      endpoints: {
        "DELETE /pets/{petId}": { isEnabled: false },
        "GET /pets/{petId}": { detectParameterXss: true },
      },
    });
    const guardian = emu.state.zone(ZONE)!.apiGuardian!;
    guardian.endpoints = guardian.endpoints.filter((e) => e.requestMethod !== "DELETE");
    assert.ifError((await engine.destroy()).error);
    const get = guardian.endpoints.find((e) => e.requestMethod === "GET")!;
    assert.equal(get.detectParameterXss, before[1]!.detectParameterXss);
  });
});
