/**
 * A 404 drops an object only when it is certain that the object, not the address, is missing:
 * the service says so with its envelope (`not_found…`), or it answers a 404 of another shape
 * (ASP.NET's bare ProblemDetails) and the zone itself answers. A 404 of the zone too (a wrong
 * API address) keeps every resource in state. The kit applies it to every kind's lookups, in
 * create, read and delete.
 */
import { strict as assert } from "node:assert";
import type { Emulator } from "../../../src/emulator";
import type { RouteName } from "../../../src/emulator/route-names";
import { ShieldProvider } from "../../../src/resources";
import { useKindProvider } from "../../support/kind-provider";

/** What ASP.NET answers for `NotFound()`: no envelope, no errorKey (`times` times). */
const aspNetNotFound = (emu: Emulator, route: RouteName, times = Infinity) =>
  emu.faults.add({
    route,
    status: 404,
    body: { title: "Not Found", status: 404 },
    contentType: "application/problem+json",
    times,
  });

/** A provider of `kind` whose API address is wrong: every request answers 404. */
async function misaddressed(emu: Emulator, kind: "CustomPage" | "WafCustomRule") {
  const provider = new ShieldProvider(kind);
  const config: Record<string, string> = {
    "bunnynet:apiKey": emu.apiKey,
    "bunnynet:apiUrl": `${emu.url}/not-the-api`,
  };
  await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
  return provider;
}

describe("kit: a 404 in another shape", () => {
  describe("CustomPage", () => {
    const fixture = useKindProvider("CustomPage");
    const inputs = { shieldZoneId: 1001, pageType: "challenge", html: "<p>Wait.</p>" };

    it("create: a page the service answers with a bare 404 is absent, so it is uploaded", async () => {
      const { emu, provider } = fixture();
      // Once: the page is read back after the upload, and then it is there.
      const fault = aspNetNotFound(emu, "getCustomPage", 1);
      const { id } = await provider.create(inputs);
      assert.equal(id, "1001/challenge");
      assert.equal(emu.state.zone(1001)!.customPages?.challenge, "<p>Wait.</p>");
      assert.ok(fault.hits > 0, "the lookup met the bare 404");
    });

    it("read and delete: gone once the zone answers; kept in state when the zone does not", async () => {
      const { emu, provider } = fixture();
      const { id, outs } = await provider.create(inputs);
      aspNetNotFound(emu, "getCustomPage");
      aspNetNotFound(emu, "deleteCustomPage");
      assert.deepEqual(await provider.read(id, outs), {}, "gone: the zone answered");
      await provider.delete(id, outs);

      const wrong = await misaddressed(emu, "CustomPage");
      await assert.rejects(wrong.read(id, outs), /refresh failed, so the resource stays in state/);
      await assert.rejects(wrong.delete(id, outs), /delete failed; the resource stays in state/);
      await assert.rejects(wrong.create(inputs), /looking for an existing one failed/);
    });
  });

  describe("WafCustomRule", () => {
    const fixture = useKindProvider("WafCustomRule");
    const inputs = {
      shieldZoneId: 1001,
      name: "bare 404",
      action: "Block",
      conditions: [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/x" }],
    };

    it("read and delete of a rule the service answers with a bare 404", async () => {
      const { emu, provider } = fixture();
      // As the engine does: create takes checked inputs (the conditions' defaults filled in).
      const { id, outs } = await provider.create((await provider.check({}, inputs)).inputs);
      aspNetNotFound(emu, "getWafCustomRule");
      aspNetNotFound(emu, "deleteWafCustomRule");
      assert.deepEqual(await provider.read(id, outs), {});
      await provider.delete(id, outs);

      const wrong = await misaddressed(emu, "WafCustomRule");
      await assert.rejects(wrong.read(id, outs), /stays in state/);
      await assert.rejects(wrong.delete(id, outs), /stays in state/);
    });
  });
});
