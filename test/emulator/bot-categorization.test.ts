import { strict as assert } from "node:assert";
import { EmulatorState } from "../../src/emulator";
import { call, SUCCESS, useEmulator } from "./helpers";

type Json = Record<string, unknown>;
interface Group {
  category: number;
  categoryAction: number;
  bots: Array<{ botId: number; userAgentMatch: string; category: number; action: number }>;
}

const base = (zone: number | string) => `/shield/shield-zone/${zone}/bot-categorization`;
const NOT_FOUND = {
  statusCode: 404,
  success: false,
  message: "Shield Zone not found or Unauthorized access.",
  errorKey: "not_found_or_unauthorised_access.shieldzone",
};

describe("emulator: bot categorization", () => {
  const emulator = useEmulator({ drift: false });
  afterEach(() => {
    for (const zone of emulator().state.zones()) delete zone.botCategorization;
    emulator().drift = false;
  });
  const list = async (zone = 1001): Promise<Group[]> => {
    const answer = await call(emulator(), base(zone));
    assert.equal(answer.status, 200, answer.text);
    assert.equal(((answer.json as Json).error as Json).success, true);
    return (answer.json as { categories: Group[] }).categories;
  };
  const put = (path: string, body: unknown, zone = 1001) =>
    call(emulator(), `${base(zone)}${path}`, { method: "PUT", body });

  it("lists every published category, each with its bots and the zone's actions (None)", async () => {
    const groups = await list();
    assert.deepEqual(
      groups.map((g) => g.category),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    assert.ok(groups.every((g) => g.categoryAction === 0));
    const ai = groups.find((g) => g.category === 2)!;
    assert.deepEqual(ai.bots[0], {
      botId: 201,
      userAgentMatch: "GPTBot",
      category: 2,
      isVerifiable: true,
      action: 0,
    });
    const names = groups.flatMap((g) => g.bots.map((b) => b.userAgentMatch));
    for (const name of [
      "Googlebot",
      "CCBot",
      "ChatGPT-User",
      "curl",
      "AdsBot-Google",
      "Slackbot",
    ]) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(!names.includes("BunnyUptime"), "System (255) is not in the spec's enum");
  });

  it("shows categories beyond the spec's enum in drift mode only", async () => {
    emulator().drift = true;
    const groups = await list();
    const system = groups.find((g) => g.category === 255);
    assert.equal(system?.bots[0]?.userAgentMatch, "BunnyUptime");
    emulator().state.botCatalogue.push({
      botId: 801,
      userAgentMatch: "FutureBot",
      category: 8,
      isVerifiable: false,
    });
    try {
      assert.deepEqual(
        (await list()).map((g) => g.category),
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 255],
      );
    } finally {
      emulator().state.botCatalogue.pop();
    }
  });

  it("sets a category's action, and the list shows it; 0 clears it", async () => {
    const answer = await put("/categories/2", { action: 1 });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, { data: { category: 2, action: 1 }, error: SUCCESS });
    assert.equal((await list()).find((g) => g.category === 2)!.categoryAction, 1);
    assert.deepEqual(emulator().state.zone(1001)!.botCategorization, {
      categories: { 2: 1 },
      bots: {},
    });
    await put("/categories/2", { action: 0 });
    assert.deepEqual(emulator().state.zone(1001)!.botCategorization!.categories, {});
    assert.equal((await list(1002)).find((g) => g.category === 2)!.categoryAction, 0, "per zone");
  });

  it("sets a bot's action and answers the bot; System (255) is settable too", async () => {
    const answer = await put("/bots/401", { action: 3 });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.json, {
      data: { botId: 401, userAgentMatch: "curl", category: 4, isVerifiable: false, action: 3 },
      error: SUCCESS,
    });
    const tool = (await list()).find((g) => g.category === 4)!;
    assert.equal(tool.bots.find((b) => b.botId === 401)!.action, 3);
    assert.equal(tool.categoryAction, 0, "a bot's action leaves its category's alone");
    assert.equal((await put("/categories/255", { action: 2 })).status, 200);
  });

  it("answers an unknown zone with 404 in each route's envelope", async () => {
    const listed = await call(emulator(), base(77));
    assert.equal(listed.status, 404);
    assert.deepEqual(listed.json, { categories: null, error: NOT_FOUND });
    for (const path of ["/categories/1", "/bots/201"]) {
      const answer = await put(path, { action: 1 }, 77);
      assert.equal(answer.status, 404, path);
      assert.deepEqual(answer.json, { data: null, error: NOT_FOUND });
    }
  });

  it("refuses unknown categories and bad actions with 400, and unknown bots with 404", async () => {
    const cases: Array<[string, unknown, number, string]> = [
      ["/categories/9", { action: 1 }, 400, "validation.category"],
      ["/categories/SEO", { action: 1 }, 400, "validation.category"],
      ["/categories/1", { action: 3 }, 400, "validation.action"],
      ["/categories/1", {}, 400, "validation.action"],
      ["/categories/1", { action: "Block" }, 400, "validation.action"],
      ["/bots/201", { action: 4 }, 400, "validation.action"],
      ["/bots/201", "", 400, "validation.body"],
      ["/bots/999", { action: 1 }, 404, "not_found.bot"],
    ];
    for (const [path, body, status, errorKey] of cases) {
      const answer = await put(path, body);
      assert.equal(answer.status, status, `${path} ${JSON.stringify(body)}: ${answer.text}`);
      const error = (answer.json as { error: Json }).error;
      assert.equal(error.errorKey, errorKey, answer.text);
      assert.equal(error.success, false);
    }
    assert.equal(emulator().state.zone(1001)!.botCategorization, undefined, "nothing changed");
    const named = await put("/categories/12", { action: 1 });
    assert.match(String((named.json as { error: Json }).error.message), /255 \(System\)/);
  });

  it("routes a bot id that is no int32 nowhere (404 ProblemDetails)", async () => {
    const answer = await put("/bots/abc", { action: 1 });
    assert.equal(answer.status, 404);
    assert.equal((answer.json as Json).status, 404);
  });

  it("keeps actions and the catalogue in the state's JSON; older files get the seeded catalogue", () => {
    const state = EmulatorState.seeded();
    state.zone(1001)!.botCategorization = { categories: { 1: 2 }, bots: { 201: 1 } };
    state.botCatalogue.push({ botId: 5, userAgentMatch: null, category: 4, isVerifiable: false });
    const copy = EmulatorState.fromJSON(state.toJSON());
    assert.deepEqual(copy.toJSON(), state.toJSON());
    assert.deepEqual(copy.botCatalogue, state.botCatalogue, "the catalogue as written, bot 5 too");
    const { botCatalogue: _, ...older } = EmulatorState.seeded().toJSON();
    assert.deepEqual(
      EmulatorState.fromJSON(older).botCatalogue,
      EmulatorState.seeded().botCatalogue,
    );
    const twice = {
      ...state.toJSON(),
      botCatalogue: [...state.botCatalogue, state.botCatalogue[0]],
    };
    assert.throws(() => EmulatorState.fromJSON(twice), /duplicate botId/);
  });
});
