/**
 * What CustomPage has beyond the owned-conformance suite: page types by name in any case and
 * refused with the valid ones, the HTML bounded and compared exactly, a page already there
 * left untouched unless adopted, the Basic plan's refusal saying what to do at each step, and
 * a page read whether the service answers text or a JSON string.
 */
import { strict as assert } from "node:assert";
import { MAX_CUSTOM_PAGE_BYTES } from "../../src/client";
import type { Emulator } from "../../src/emulator";
import type { ShieldProvider } from "../../src/resources";
import { MiniEngine, PROVIDER_TEXT } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";

const ZONE = 1002;
const PAGE = '<!doctype html>\n<html><body><h1>Slow down</h1><p>"Bitte" – ✓</p></body></html>';

describe("CustomPage: page types, the HTML, existing pages and plans", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let provider: ShieldProvider;
  let engine: MiniEngine;
  const fixture = useKindProvider("CustomPage");
  beforeEach(() => {
    ({ emu, provider } = fixture());
    engine = new MiniEngine(provider);
  });
  const pages = (zone = ZONE) => emu.state.zone(zone)!.customPages;
  const failureOf = (result: { error?: unknown }) =>
    String((result.error as Error | undefined)?.message);

  it("takes a page type in any case and stores the service's name", async () => {
    const { inputs, failures } = await provider.check(
      {},
      {
        shieldZoneId: ZONE,
        pageType: "RateLimit",
        html: PAGE,
      },
    );
    assert.equal(failures, undefined);
    assert.equal(inputs.pageType, "ratelimit");
    assert.equal(
      (await engine.up({ shieldZoneId: ZONE, pageType: "RateLimit", html: PAGE })).action,
      "create",
    );
    assert.equal(engine.held!.id, `${ZONE}/ratelimit`);
    assert.deepEqual(pages(), { ratelimit: PAGE });
  });

  it("refuses another page type naming it and the valid ones, and an oversized page", async () => {
    const { failures } = await provider.check(
      {},
      {
        shieldZoneId: ZONE,
        pageType: "captcha",
        html: "x".repeat(MAX_CUSTOM_PAGE_BYTES + 1),
      },
    );
    const reasons = Object.fromEntries((failures ?? []).map((f) => [f.property, f.reason]));
    assert.equal(
      reasons.pageType,
      'pageType must be one of "block", "challenge", "ratelimit" (in any case); got "captcha".',
    );
    assert.match(
      reasons.html!,
      new RegExp(`^html must be the page's HTML: .*at most ${MAX_CUSTOM_PAGE_BYTES} bytes`),
    );
    // The cap is in bytes: a page of multi-byte characters reaches it with fewer characters.
    const wide = await provider.check(
      {},
      {
        shieldZoneId: ZONE,
        pageType: "block",
        html: "✓".repeat(MAX_CUSTOM_PAGE_BYTES / 3 + 1),
      },
    );
    assert.deepEqual(
      wide.failures?.map((f) => f.property),
      ["html"],
    );
    assert.equal(emu.requests.length, 0);
  });

  it("compares the HTML exactly, and replaces the page for another zone or type", async () => {
    const olds = { shieldZoneId: ZONE, pageType: "block", html: PAGE, __provider: PROVIDER_TEXT };
    const diff = (news: Record<string, unknown>) =>
      provider.diff(`${ZONE}/block`, olds, { ...olds, ...news });
    assert.deepEqual(await diff({}), {
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [],
    });
    assert.equal((await diff({ html: `${PAGE}\n` })).changes, true, "a trailing newline");
    assert.deepEqual((await diff({ html: PAGE.replace("Slow", "slow") })).replaces, []);
    assert.deepEqual(await diff({ pageType: "challenge" }), {
      changes: true,
      replaces: ["pageType"],
      deleteBeforeReplace: true,
      changed: ["pageType"],
    });
    assert.deepEqual((await diff({ shieldZoneId: 1001 })).replaces, ["shieldZoneId"]);
  });

  it("leaves a page that was there before untouched unless adopted; an adopted one goes on destroy", async () => {
    emu.state.zone(ZONE)!.customPages = { challenge: "<p>theirs</p>" };
    const inputs = { shieldZoneId: ZONE, pageType: "challenge", html: PAGE };
    const refused = await engine.up(inputs);
    assert.match(
      failureOf(refused),
      /CustomPage "challenge" in shield zone 1002 already exists \(id 1002\/challenge\)/,
    );
    assert.match(failureOf(refused), /adoptExisting: true/);
    assert.deepEqual(pages(), { challenge: "<p>theirs</p>" }, "not overwritten");
    assert.equal(emu.requests.filter((r) => r.route === "uploadCustomPage").length, 0);

    assert.equal((await engine.up({ ...inputs, adoptExisting: true })).action, "create");
    assert.deepEqual(pages(), { challenge: PAGE });
    assert.equal(engine.outputs.adoptExisting, true);
    assert.ifError((await engine.destroy()).error);
    assert.equal(pages(), undefined);
  });

  it("on a Basic zone: create says which plan refused it and what to do, writing nothing", async () => {
    const failed = await engine.up({ shieldZoneId: 1003, pageType: "block", html: PAGE });
    assert.match(
      failureOf(failed),
      /^CustomPage "block" in shield zone 1003: the zone's Basic Shield plan has no custom response pages; upgrade the plan in the bunny\.net dashboard, or remove this CustomPage: /,
    );
    assert.match(failureOf(failed), /\[feature_not_available_on_plan\]/);
    assert.equal(engine.held, undefined);
    assert.equal(pages(1003), undefined);
  });

  it("on a zone moved to Basic: refresh and delete fail and keep the page in state", async () => {
    await engine.up({ shieldZoneId: ZONE, pageType: "block", html: PAGE });
    const held = engine.held;
    emu.state.zone(ZONE)!.planType = 0;
    const refresh = await engine.refresh();
    assert.match(failureOf(refresh), /refresh failed, so the resource stays in state/);
    assert.deepEqual(engine.held, held);
    const destroy = await engine.destroy();
    assert.match(
      failureOf(destroy),
      /delete failed; the resource stays in state: the zone's plan no longer has custom response pages, .*`pulumi state delete <urn>`: deleteCustomPage/,
    );
    assert.deepEqual(engine.held, held);
  });

  it("reads the page back whether the service answers text or a JSON string", async () => {
    await engine.up({ shieldZoneId: ZONE, pageType: "block", html: PAGE });
    for (const drift of [false, true]) {
      emu.drift = drift;
      emu.state.zone(ZONE)!.customPages!.block = `<p>edited, drift ${drift}</p>`;
      assert.equal((await engine.refresh()).action, "read");
      assert.equal(engine.outputs.html, `<p>edited, drift ${drift}</p>`);
    }
  });

  it("reads and deletes a page from its id alone", async () => {
    emu.state.zone(ZONE)!.customPages = { ratelimit: PAGE };
    const read = await provider.read(`${ZONE}/ratelimit`, {});
    assert.equal(read.id, `${ZONE}/ratelimit`);
    assert.deepEqual(read.props, {
      shieldZoneId: ZONE,
      pageType: "ratelimit",
      html: PAGE,
      adoptExisting: false,
    });
    await provider.delete(`${ZONE}/ratelimit`, {});
    assert.equal(pages(), undefined);
    await assert.rejects(
      provider.read("block", {}),
      /the id "block" is not <shieldZoneId>\/<pageType>/,
    );
  });
});
