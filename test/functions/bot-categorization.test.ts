/** `getBotCategories` and its Output form against the emulator, including under Pulumi's mocks. */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError, NotFoundError } from "../../src/client/errors";
import type { Emulator } from "../../src/emulator";
import {
  getBotCategories,
  getBotCategoriesOutput,
  type GetBotCategoriesResult,
} from "../../src/functions";
import { BOT_ACTION, CATEGORY, CATEGORY_ACTION } from "../resources/bot-categorization.fixtures";
import { rejection, requestsTo, settle, useEmulator, useMocks, Zone } from "./helpers";

const ZONE = 1002;
/** The categories the spec lists; the emulator adds the others in drift mode only. */
const PUBLISHED = [0, 1, 2, 3, 4, 5, 6, 7];

/** What the function should answer for the zone, from the emulator's state. */
function expected(emu: Emulator, zoneId: number): GetBotCategoriesResult {
  const actions = emu.state.zone(zoneId)!.botCategorization;
  const shown = emu.state.botCatalogue.filter(
    (bot) => emu.drift || PUBLISHED.includes(bot.category),
  );
  const categories = [...new Set([...PUBLISHED, ...shown.map((bot) => bot.category)])].sort(
    (a, b) => a - b,
  );
  return {
    shieldZoneId: zoneId,
    categories: categories.map((c) => ({
      category: CATEGORY[c] ?? String(c),
      action: CATEGORY_ACTION[actions?.categories[c] ?? 0]!,
    })),
    bots: categories.flatMap((c) =>
      shown
        .filter((bot) => bot.category === c)
        .map((bot) => ({
          botId: bot.botId,
          userAgentMatch: bot.userAgentMatch,
          category: CATEGORY[c] ?? String(c),
          action: BOT_ACTION[actions?.bots[bot.botId] ?? 0] ?? String(actions?.bots[bot.botId]),
          isVerifiable: bot.isVerifiable,
        })),
    ),
  };
}

describe("functions: getBotCategories", () => {
  const ctx = useEmulator();
  afterEach(() => {
    delete ctx.emu.state.zone(ZONE)!.botCategorization;
  });

  it("reads every category and bot with the zone's actions, by name", async () => {
    ctx.emu.state.zone(ZONE)!.botCategorization = {
      categories: { 2: 1 },
      bots: { 201: 2, 401: 3 },
    };
    const result = await getBotCategories({ shieldZoneId: ZONE }, ctx.options);
    assert.deepEqual(result, expected(ctx.emu, ZONE));
    assert.deepEqual(result.categories[2], { category: "AIScraper", action: "Block" });
    assert.equal(result.bots.find((b) => b.userAgentMatch === "curl")?.action, "Ignore");
    assert.equal(requestsTo(ctx.emu, "listBotCategorization"), 1);
  });

  it("shows categories and actions this version does not name as their numbers", async () => {
    const drift = ctx.emu.drift;
    ctx.emu.drift = true;
    ctx.emu.state.botCatalogue.push({
      botId: 801,
      userAgentMatch: "FutureBot",
      category: 8,
      isVerifiable: false,
    });
    ctx.emu.state.zone(ZONE)!.botCategorization = { categories: {}, bots: { 801: 7 } };
    try {
      const result = await getBotCategories({ shieldZoneId: ZONE }, ctx.options);
      assert.deepEqual(result, expected(ctx.emu, ZONE));
      assert.ok(result.categories.some((c) => c.category === "System"));
      assert.deepEqual(
        result.bots.find((b) => b.botId === 801),
        {
          botId: 801,
          userAgentMatch: "FutureBot",
          category: "8",
          action: "7",
          isVerifiable: false,
        },
      );
    } finally {
      ctx.emu.state.botCatalogue.pop();
      ctx.emu.drift = drift;
    }
  });

  it("reports a zone that does not exist as a NotFoundError naming the function and zone", async () => {
    await rejection(
      getBotCategories({ shieldZoneId: 999 }, ctx.options),
      NotFoundError,
      "getBotCategories for shield zone 999",
    );
  });

  it("refuses bad arguments before sending anything", async () => {
    for (const args of [{ shieldZoneId: 0 }, { shieldZoneId: "1002" }, { zone: 1002 }, null]) {
      await rejection(getBotCategories(args as never, ctx.options), InvalidArgumentError);
    }
    assert.equal(ctx.emu.requests.length, 0);
  });

  describe("as Outputs, in a program under Pulumi's mocks", () => {
    const mock = useMocks("bot-categories-test", { zoneId: ZONE });

    it("during an update: takes a resource's output, depends on it, and keeps secrets", async () => {
      await mock(false);
      const zone = new Zone("zone-u");
      const result = await settle(
        getBotCategoriesOutput({ shieldZoneId: zone.zoneId }, ctx.options),
      );
      assert.equal(result.known, true);
      assert.equal(result.secret, false);
      assert.deepEqual(result.value, expected(ctx.emu, ZONE));
      assert.ok(result.resources.has(zone), "the result depends on the zone resource");
      const bots = await settle(
        getBotCategoriesOutput({ shieldZoneId: pulumi.secret(zone.zoneId) }, ctx.options).bots,
      );
      assert.equal(bots.secret, true, "a secret input's result stays secret, lifted too");
      assert.equal(bots.value?.length, expected(ctx.emu, ZONE).bots.length);
    });

    it("during a preview: unknown while the zone is unknown, secret if it is secret, no request", async () => {
      await mock(true);
      const zone = new Zone("zone-p");
      const result = await settle(
        getBotCategoriesOutput({ shieldZoneId: zone.zoneId }, ctx.options),
      );
      assert.equal(result.known, false);
      assert.equal(result.value, undefined);
      const secret = await settle(
        getBotCategoriesOutput({ shieldZoneId: pulumi.secret(zone.zoneId) }, ctx.options)
          .categories,
      );
      assert.equal(secret.known, false);
      assert.equal(secret.secret, true);
      assert.equal(ctx.emu.requests.length, 0);
      const known = await settle(getBotCategoriesOutput({ shieldZoneId: ZONE }, ctx.options));
      assert.equal(known.known, true, "a known zone is read during a preview too");
      assert.equal(requestsTo(ctx.emu, "listBotCategorization"), 1);
    });
  });
});
