/** `AccessList` beyond its conformance: the service's way with a list's content. */
import { strict as assert } from "node:assert";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

const ZONE = 1001;

describe("AccessList and the content the service sends back", function () {
  this.timeout(30_000);
  const fixture = useKindProvider("AccessList");

  it("shows no change when the content comes back without its trailing line breaks", async () => {
    const { emu, provider } = fixture();
    const engine = new MiniEngine(provider);
    const inputs = {
      shieldZoneId: ZONE,
      name: "Trailing",
      type: "IP",
      entries: ["192.0.2.2", "192.0.2.1"],
    };
    assert.equal((await engine.up(inputs)).error, undefined);
    const list = emu.state.zone(ZONE)!.customLists.find((l) => l.name === "Trailing")!;
    const content = emu.state.customListContent(emu.state.zone(ZONE)!, list);
    assert.ok(!content.endsWith("\n"), "the service keeps no trailing line break");

    const refreshed = await engine.refresh();
    assert.equal(refreshed.error, undefined);
    assert.deepEqual(engine.outputs.entries, inputs.entries, "as declared");
    emu.resetRequests();
    assert.equal((await engine.up(inputs)).action, "same", "no diff after the refresh");
    assert.equal(emu.requests.filter((r) => r.method !== "GET").length, 0, "nothing written");
  });
});
