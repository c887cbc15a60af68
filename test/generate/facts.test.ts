/**
 * Facts of a zone a generated program must say, on an emulator of their own: objects beyond the
 * plan's limits after a downgrade, a value the kind's check would refuse, bots that share a name,
 * names that hold line breaks or bidirectional overrides; and reads concurrent across zones,
 * within the bound asked.
 */
import { strict as assert } from "node:assert";
import { AccessListType, ShieldPlanType, WafRuleActionType } from "../../src/client/enums";
import { BotCategorizationAction } from "../../src/client/areas/bot-categorization";
import { startEmulator, type Emulator } from "../../src/emulator";
import { generateProgram } from "../../src/generate";
import type { ProgramModel, ProgramResource } from "../../src/generate/model";
import { fastClient, KEY } from "./zone";

const ZONE = 1002;

const resource = (model: ProgramModel, name: string): ProgramResource => {
  const found = model.zones
    .flatMap((z) => z.statements)
    .find((s): s is ProgramResource => s.type === "resource" && s.name === name);
  assert.ok(found, name);
  return found;
};
const argument = (model: ProgramModel, name: string, input: string) =>
  resource(model, name).args.find((a) => a.name === input)?.value;

describe("generated programs say what a zone's values need said", function () {
  this.timeout(60_000);
  let emu: Emulator;
  before(async () => {
    emu = await startEmulator({ apiKey: KEY });
  });
  after(async () => {
    await emu.close();
  });
  const generate = (zones = [{ shieldZoneId: ZONE }], concurrency?: number) =>
    generateProgram({ zones, client: fastClient(emu), ...(concurrency ? { concurrency } : {}) });

  it("marks the rules and lists beyond the plan's limits after a downgrade", async () => {
    const client = fastClient(emu);
    for (const name of ["First rule", "Second rule"]) {
      await client.wafCustomRules.create({
        shieldZoneId: ZONE,
        ruleName: name,
        ruleConfiguration: {
          actionType: WafRuleActionType.Log,
          variableTypes: { REQUEST_URI: "" },
          operatorType: 0,
          value: `/${name.length}`,
        },
      });
    }
    await client.accessLists.create(ZONE, {
      name: "Third list",
      type: AccessListType.IP,
      content: "192.0.2.1",
    });
    await client.shieldZones.update(ZONE, { planType: ShieldPlanType.Basic });
    const { model } = await generate();
    assert.deepEqual(resource(model, "first-rule").comments, [
      "Beyond the plan's limit of 0 custom WAF rules (the zone has 2): the service keeps it, but would refuse to create it again.",
    ]);
    assert.deepEqual(
      resource(model, "office-ips-list").comments,
      [],
      "the first list is within the limit of 1",
    );
    assert.match(
      resource(model, "third-list").comments[0]!,
      /^Beyond the plan's limit of 1 custom list \(the zone has 3\)/,
    );
  });

  it("says what the kind's check would refuse in a value as read", async () => {
    const list = emu.state.zone(ZONE)!.customLists.find((l) => l.name === "Third list")!;
    await fastClient(emu).accessLists.update(ZONE, list.listId, {
      content: "192.0.2.1\nnot-an-address",
    });
    const { model } = await generate();
    const comments = resource(model, "third-list").comments;
    assert.ok(
      comments.some((c) =>
        c.startsWith(
          'As read, check refuses this: entries of a IP list must each be an IPv4 or IPv6 address, such as 203.0.113.7; got "not-an-address".',
        ),
      ),
      comments.join("\n"),
    );
  });

  it("keys a bot by its id when another bot has its name", async () => {
    emu.state.botCatalogue.push({
      botId: 9001,
      userAgentMatch: "GPTBot",
      category: 2,
      isVerifiable: false,
    });
    const client = fastClient(emu);
    await client.botCategorization.setBotAction(ZONE, 201, BotCategorizationAction.Allow);
    await client.botCategorization.setBotAction(ZONE, 9001, BotCategorizationAction.Block);
    await client.botCategorization.setBotAction(ZONE, 301, BotCategorizationAction.Ignore); // ChatGPT-User
    const { model } = await generate();
    assert.deepEqual(argument(model, "bot-categorization", "bots"), {
      "201": "Allow",
      "ChatGPT-User": "Ignore",
      "9001": "Block",
    });
  });

  it("writes names that hold line breaks or bidirectional overrides as escapes, in strings and comments", async () => {
    const list = emu.state.zone(ZONE)!.customLists.find((l) => l.name === "Third list")!;
    list.name = "Evil\u2028process.exit(1) \u202egnp.exe";
    const { files } = await generate();
    const index = files["index.ts"]!;
    assert.ok(!/[\u2028\u2029\u202e\r]/.test(index), "no raw line separator or override");
    assert.match(index, /name: "Evil\\u2028process\.exit\(1\) \\u202egnp\.exe",/);
    assert.ok(index.split("\n").every((line) => !line.startsWith("process.exit")));
  });

  it("reads zones concurrently, within the bound on reads in flight", async () => {
    const zones = [{ shieldZoneId: 1001 }, { shieldZoneId: 1002 }, { shieldZoneId: 1003 }];
    emu.faults.add({ route: "*", latencyMs: 150, times: Infinity });
    try {
      emu.resetRequests();
      const started = Date.now();
      await generate(zones, 64);
      const elapsed = Date.now() - started;
      const zoneReads = emu.requests.filter((r) => r.route === "getShieldZone").map((r) => r.at);
      assert.equal(zoneReads.length, 3);
      // All three zones asked for before the first answer came.
      assert.ok(Math.max(...zoneReads) - Math.min(...zoneReads) < 100, String(zoneReads));
      // The zone, then its reads, then its custom lists: three answers' time, not three per zone.
      assert.ok(elapsed < 4 * 150 + 500, `${elapsed} ms`);

      emu.resetRequests();
      await generate(zones, 2);
      const arrivals = emu.requests.map((r) => r.at).sort((a, b) => a - b);
      for (let i = 2; i < arrivals.length; i++) {
        // A third read starts only once one of two has been answered.
        assert.ok(arrivals[i]! - arrivals[i - 2]! >= 140, `reads ${i - 2} and ${i}`);
      }
    } finally {
      emu.faults.clear();
    }
  });
});
