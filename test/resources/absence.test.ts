/**
 * Refresh and delete of every kind whose object vanished behind Pulumi's back, with the emulator
 * saying "no such object" both ways (its envelope, or ASP.NET's bare ProblemDetails 404): the
 * refresh drops what is gone and keeps what is not, the delete has nothing left to do. The same
 * resource against a wrong API address (every path 404s, the zone's too) stays in state. The
 * table is typed by the registry's kinds, so a kind added without a row does not compile.
 */
import { strict as assert } from "node:assert";
import { ABSENCE_STYLES, type Emulator } from "../../src/emulator";
import { ShieldProvider } from "../../src/resources";
import type { Kind } from "../../src/resources/kit/registry";
import { CASES, type Props } from "../support/kind-cases";
import { useKindProvider } from "../support/kind-provider";

/** How a kind's object vanishes, and what is left of the resource then. */
interface Vanishing {
  /** The inputs of the resource (default: its CLI case's first step). */
  readonly inputs?: Props;
  /** Removes the object (or the part of it a delete puts back) behind Pulumi's back. */
  vanish(emu: Emulator, id: string, outs: Props): void;
  /**
   * True when a refresh then finds the resource gone; false when only a part of it went (an
   * endpoint, a bot), which a refresh shows and a delete then skips.
   */
  readonly gone: boolean;
  /** True when the object is the zone itself, whose absence is its envelope in either style. */
  readonly zone?: true;
  /** What else the delete puts back, read from the emulator: as before the create once it ran. */
  readonly restored?: (emu: Emulator) => unknown;
}

const ZONE = 1002;
const theZone: Vanishing = {
  vanish: (emu) => void emu.state.removeZone(ZONE),
  gone: true,
  zone: true,
};
const rule =
  (store: "wafCustomRules" | "rateLimits"): Vanishing["vanish"] =>
  (emu, id) =>
    void emu.state.rules[store].delete(Number(id));

const VANISHING: Record<Kind, Vanishing> = {
  // The zone is the object of these: it answers its own absence with its envelope either way.
  ShieldZone: theZone,
  BotDetection: theZone,
  UploadScanning: theZone,
  AccessListConfiguration: {
    vanish: (emu) => void emu.state.removeAccessList(ZONE, 100202),
    gone: true,
  },
  AccessList: {
    vanish: (emu, _id, outs) => void emu.state.removeAccessList(ZONE, Number(outs.configurationId)),
    gone: true,
  },
  WafCustomRule: { vanish: rule("wafCustomRules"), gone: true },
  RateLimit: { vanish: rule("rateLimits"), gone: true },
  CustomPage: { vanish: (emu) => void delete emu.state.zone(ZONE)!.customPages, gone: true },
  ApiGuardian: {
    // Declares an endpoint, whose prior the delete puts back: the endpoint is what vanishes.
    inputs: CASES.ApiGuardian.updated,
    vanish: (emu) => {
      const guardian = emu.state.zone(ZONE)!.apiGuardian!;
      guardian.endpoints = guardian.endpoints.filter((e) => e.requestPath !== "/pets/{petId}");
    },
    gone: false,
  },
  BotCategorization: {
    vanish: (emu, _id, outs) => {
      const ids = Object.values(outs.botIds as Record<string, number>);
      emu.state.botCatalogue = emu.state.botCatalogue.filter((bot) => !ids.includes(bot.botId));
    },
    gone: false,
    // The category's action is put back after the bots': a gone bot must not stop it.
    restored: (emu) => ({ ...emu.state.zone(ZONE)!.botCategorization?.categories }),
  },
};

/** A provider of `kind` whose API address is wrong: every request answers 404. */
async function misaddressed(emu: Emulator, kind: Kind): Promise<ShieldProvider> {
  const provider = new ShieldProvider(kind);
  const config: Record<string, string> = {
    "bunnynet:apiKey": emu.apiKey,
    "bunnynet:apiUrl": `${emu.url}/not-the-api`,
  };
  await provider.configure({ config: { get: (k) => config[k], require: (k) => config[k] } });
  return provider;
}

for (const kind of Object.keys(VANISHING) as Kind[]) {
  const row = VANISHING[kind];
  describe(`${kind}: its object gone behind Pulumi's back`, () => {
    const fixture = useKindProvider(kind);

    let before: unknown;
    /** The resource, created as the engine creates it. */
    async function created() {
      const { emu, provider } = fixture();
      before = row.restored?.(emu);
      const checked = await provider.check({}, row.inputs ?? CASES[kind].create);
      assert.deepEqual(checked.failures ?? [], []);
      return { emu, provider, ...(await provider.create(checked.inputs)) };
    }

    for (const style of ABSENCE_STYLES) {
      it(`refresh and delete, "no such object" as ${style}`, async () => {
        const { emu, provider, id, outs } = await created();
        emu.absence = style;
        row.vanish(emu, id, outs);
        emu.resetRequests();
        const read = await provider.read(id, outs);
        if (row.gone) assert.deepEqual(read, {}, "dropped from state");
        else assert.equal(read.id, id, "kept: only a part of it went");
        // A destroy without a refresh: the state still names what vanished.
        await provider.delete(id, outs);
        if (row.restored) assert.deepEqual(row.restored(emu), before, "the rest put back");
        const said = emu.requests.filter((r) => r.status === 404 || r.status === 202);
        assert.ok(said.length > 0, "the service was asked, and said the object was missing");
        // A bare 404 is settled by one read of the zone; the service's own word needs none.
        const zoneReads = emu.requests.filter((r) => r.route === "getShieldZone");
        assert.equal(zoneReads.length > 0, style === "problem" && !row.zone, "zone reads");
      });
    }

    it("against a wrong API address (the zone 404s too) stays in state", async () => {
      const { emu, id, outs } = await created();
      emu.absence = "problem";
      const wrong = await misaddressed(emu, kind);
      await assert.rejects(wrong.read(id, outs), /refresh failed, so the resource stays in state/);
      await assert.rejects(wrong.delete(id, outs), /failed; the resource stays in state/);
    });
  });
}
