/**
 * What BotCategorization has beyond the conformance suite: bot keys resolved against the
 * zone's list (by id, exact name, name ignoring case), refused with the valid names before
 * anything is written, kept on the bot first found, and a renamed key keeping its prior;
 * categories the zone does not offer; the order of writes; restore past a bot gone.
 */
import { strict as assert } from "node:assert";
import type { Emulator } from "../../src/emulator";
import type { ShieldProvider } from "../../src/resources";
import { MiniEngine } from "../support/engine";
import { useKindProvider } from "../support/kind-provider";
import { botId, liveActions } from "./bot-categorization.fixtures";

const ZONE = 1002;

describe("BotCategorization: bots by name or id, categories, writes", function () {
  this.timeout(30_000);
  let emu: Emulator;
  let provider: ShieldProvider;
  let engine: MiniEngine;
  const fixture = useKindProvider("BotCategorization");
  beforeEach(() => {
    ({ emu, provider } = fixture());
    engine = new MiniEngine(provider);
  });
  const writes = () =>
    emu.requests.filter((r) => r.method === "PUT").map((r) => `${r.route} ${r.path}`);
  const up = async (inputs: Record<string, unknown>) => {
    const result = await engine.up(inputs);
    assert.ifError(result.error);
    return result.action;
  };
  const failure = async (inputs: Record<string, unknown>) => {
    const { error } = await engine.up(inputs);
    assert.ok(error instanceof Error, "the run failed");
    return error.message;
  };
  const live = () => liveActions(emu, ZONE);
  /** Adds a bot to the service's catalogue. */
  const addBot = (id: number, name: string) =>
    emu.state.botCatalogue.push({
      botId: id,
      userAgentMatch: name,
      category: 2,
      isVerifiable: false,
    });

  it("check: names categories, takes numbers and null, and refuses keys with their reason", async () => {
    const { inputs } = await provider.check(
      {},
      { shieldZoneId: ZONE, categories: { aiscraper: 1, "4": null }, bots: { "201": 3 } },
    );
    assert.deepEqual(inputs.categories, { AIScraper: "Block", Tool: "None" });
    assert.deepEqual(inputs.bots, { "201": "Ignore" });
    const reasons = async (categories: object, bots: object) =>
      ((await provider.check({}, { shieldZoneId: ZONE, categories, bots })).failures ?? []).map(
        (f) => f.reason,
      );
    assert.deepEqual(await reasons({ Robots: 1 }, { "": 1 }), [
      'categories["Robots"] is not a bot category; the categories are None (0), SEO (1), AIScraper (2), AITool (3), Tool (4), Ads (5), Preview (6), Social (7), System (255).',
      'bots[""] must name a bot: its name (userAgentMatch) or its id.',
    ]);
    assert.deepEqual(await reasons({ seo: 1, "1": 2 }, { "0": 1 }), [
      'categories["seo"] and categories["1"] both name SEO; give it once.',
      'bots["0"] is not a bot id (ids are 1 to 2147483647).',
    ]);
    assert.deepEqual(await reasons({ SEO: "Ignore" }, {}), [
      'categories.SEO must be one of "None" (0), "Block" (1), "Allow" (2), or null (None); got "Ignore".',
    ]);
    assert.equal(emu.requests.length, 0);
  });

  it("resolves names exactly, then ignoring case, and ids; shows the ids it found", async () => {
    const bots = { GPTBot: "Block", claudebot: "Block", [String(botId(emu, "curl"))]: "Ignore" };
    assert.equal(await up({ shieldZoneId: ZONE, bots }), "create");
    assert.deepEqual(engine.outputs.botIds, {
      GPTBot: botId(emu, "GPTBot"),
      claudebot: botId(emu, "ClaudeBot"),
      [String(botId(emu, "curl"))]: botId(emu, "curl"),
    });
    assert.deepEqual(engine.outputs.bots, bots);
    assert.equal(live().bots.ClaudeBot, "Block");
    assert.equal(live().bots.curl, "Ignore");
  });

  it("refuses an unknown bot at create, listing the zone's bots, with nothing written or recorded", async () => {
    const message = await failure({
      shieldZoneId: ZONE,
      categories: { SEO: "Block" },
      bots: { GPTBot: "Block", "Not-A-Bot": "Block", "9999": "Allow" },
    });
    assert.match(
      message,
      /bots\["Not-A-Bot"\] is not a bot the zone offers; its bots are .*GPTBot/,
    );
    assert.match(message, /bots\["9999"\] is not a bot the zone offers/);
    assert.deepEqual(writes(), []);
    assert.equal(engine.held, undefined, "no state: the next run creates");
  });

  it("refuses an unknown bot at update before writing anything, keeping the state", async () => {
    await up({ shieldZoneId: ZONE, bots: { GPTBot: "Block" } });
    const held = engine.held;
    const before = writes().length;
    const message = await failure({
      shieldZoneId: ZONE,
      categories: { SEO: "Block" },
      bots: { GPTBot: "Allow", Nobody: "Block" },
    });
    assert.match(message, /update failed.*bots\["Nobody"\] is not a bot the zone offers/);
    assert.equal(writes().length, before);
    assert.deepEqual(engine.held, held);
  });

  it("refuses a name several bots match, naming the ids to use instead", async () => {
    addBot(90001, "gptbot");
    // An exact match still decides.
    await up({ shieldZoneId: ZONE, bots: { GPTBot: "Block" } });
    assert.equal((engine.outputs.botIds as Record<string, number>).GPTBot, botId(emu, "GPTBot"));
    const message = await failure({ shieldZoneId: ZONE, bots: { GPTBot: "Block", GPTBOT: 1 } });
    assert.match(
      message,
      /bots\["GPTBOT"\] matches several bots; name one by its id instead: "201", "90001"/,
    );
  });

  it("refuses two keys naming one bot", async () => {
    const message = await failure({
      shieldZoneId: ZONE,
      bots: { GPTBot: "Block", [String(botId(emu, "GPTBot"))]: "Allow" },
    });
    assert.match(
      message,
      /bots\["GPTBot"\] and bots\["201"\] name the same bot \(201\); give it once/,
    );
    assert.deepEqual(writes(), []);
  });

  it("keeps a key on the bot it first named when the service adds a closer match", async () => {
    await up({ shieldZoneId: ZONE, bots: { googlebot: "Block" } });
    addBot(90002, "googlebot");
    assert.equal((await engine.refresh()).action, "read");
    assert.equal((engine.outputs.botIds as Record<string, number>).googlebot, 101);
    assert.equal(await up({ shieldZoneId: ZONE, bots: { googlebot: "Allow" } }), "update");
    assert.equal(live().bots.Googlebot, "Allow");
    assert.equal(live().bots.googlebot, "None", "the newcomer is untouched");
  });

  it("gives a bot declared under another of its names the prior kept under the first", async () => {
    emu.state.zone(ZONE)!.botCategorization = { categories: {}, bots: { 201: 2 } };
    await up({ shieldZoneId: ZONE, bots: { "201": "Block" } });
    assert.equal(await up({ shieldZoneId: ZONE, bots: { GPTBot: "Block" } }), "update");
    assert.deepEqual((engine.outputs.priors as { bots: unknown }).bots, {
      "201": "Allow",
      GPTBot: "Allow",
    });
    assert.ifError((await engine.destroy()).error);
    assert.equal(live().bots.GPTBot, "Allow");
  });

  it("refuses a category the zone does not offer, listing those it does", async () => {
    emu.drift = false;
    const message = await failure({ shieldZoneId: ZONE, categories: { System: "Block" } });
    assert.match(
      message,
      /categories\["System"\] is not a category the zone offers; it offers None, SEO, AIScraper, AITool, Tool, Ads, Preview, Social/,
    );
    assert.deepEqual(writes(), []);
  });

  it("sets System (255) where the zone lists it, as the drifting service does", async () => {
    emu.drift = true;
    await up({ shieldZoneId: ZONE, categories: { "255": "Block" } });
    assert.deepEqual(engine.outputs.categories, { System: "Block" });
    assert.deepEqual(writes(), [
      `setBotCategoryAction /shield/shield-zone/${ZONE}/bot-categorization/categories/255`,
    ]);
    assert.equal(live().categories.System, "Block");
  });

  it("writes bots before categories, each with its own PUT, and only what differs", async () => {
    await up({
      shieldZoneId: ZONE,
      categories: { AIScraper: "Block", SEO: "None" },
      bots: { GPTBot: "Allow" },
    });
    assert.deepEqual(writes(), [
      `setBotAction /shield/shield-zone/${ZONE}/bot-categorization/bots/201`,
      `setBotCategoryAction /shield/shield-zone/${ZONE}/bot-categorization/categories/2`,
    ]);
    const body = emu.requests.find((r) => r.route === "setBotAction")?.body;
    assert.deepEqual(body, { action: 2 });
  });

  it("restores past a bot the service no longer lists", async () => {
    const before = live();
    await up({ shieldZoneId: ZONE, bots: { GPTBot: "Block", curl: "Block" } });
    emu.state.botCatalogue = emu.state.botCatalogue.filter((b) => b.userAgentMatch !== "GPTBot");
    assert.ifError((await engine.destroy()).error);
    assert.equal(live().bots.curl, before.bots.curl);
  });

  it("restores after a bot left the service's list and the stack was refreshed", async () => {
    const before = live();
    await up({ shieldZoneId: ZONE, bots: { GPTBot: "Block", curl: "Block" } });
    emu.state.botCatalogue = emu.state.botCatalogue.filter((b) => b.userAgentMatch !== "GPTBot");
    assert.ifError((await engine.refresh()).error);
    assert.ifError((await engine.refresh()).error);
    const ids = engine.outputs.botIds as Record<string, number>;
    assert.equal(typeof ids.GPTBot, "number", "the id is kept");
    assert.ifError((await engine.destroy()).error);
    assert.equal(live().bots.curl, before.bots.curl);
  });

  it("keeps the priors an update captured when one of its writes fails", async () => {
    const before = live();
    await up({ shieldZoneId: ZONE, bots: { curl: "Block" } });
    // The bot's PUT lands, the category's fails: GPTBot's prior must not be lost.
    emu.faults.add({ route: "setBotCategoryAction", status: 400, body: { title: "no" } });
    const grown = { shieldZoneId: ZONE, bots: { curl: "Block", GPTBot: "Block" } };
    await failure({ ...grown, categories: { Tool: "Block" } });
    assert.equal(live().bots.GPTBot, "Block", "the bot's write landed");
    await up({ ...grown, categories: { Tool: "Block" } });
    assert.ifError((await engine.destroy()).error);
    assert.equal(live().bots.GPTBot, before.bots.GPTBot);
    assert.equal(live().categories.Tool, before.categories.Tool);
  });

  it("clears an action given as null, and shows it as None", async () => {
    emu.state.zone(ZONE)!.botCategorization = { categories: { 4: 1 }, bots: {} };
    await up({ shieldZoneId: ZONE, categories: { Tool: null } });
    assert.deepEqual(engine.outputs.categories, { Tool: "None" });
    assert.equal(live().categories.Tool, "None");
    assert.equal(await up({ shieldZoneId: ZONE, categories: { Tool: null } }), "same");
  });
});
