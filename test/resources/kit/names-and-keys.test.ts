/**
 * Names and keys users give, refused in `check` before any request when the service cannot
 * have them, and handled when it can: rule names in the live service's characters, names and
 * entries without control characters or bidirectional overrides, bot keys such as
 * `constructor`, and a `"__proto__"` key wherever JSON can put one.
 */
import { strict as assert } from "node:assert";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import type { Emulator } from "../../../src/emulator";
import * as pulumi from "@pulumi/pulumi";
import { ShieldProvider, type Kind } from "../../../src/resources";
import { withOutputs } from "../../../src/resources/kit/resource";
import { botId, liveActions } from "../bot-categorization.fixtures";
import { MiniEngine } from "../../support/engine";
import { useKindProvider } from "../../support/kind-provider";

const ALLOWED =
  "the service takes only ASCII letters (a-z, A-Z), digits (0-9) and spaces in rule names and descriptions.";
const UNSAFE = "control characters and bidirectional marks, overrides and isolates are refused";
const CONDITIONS = [{ variable: "REQUEST_URI", operator: "BEGINSWITH", value: "/admin" }];

/** The failures `check` gives `kind` for `inputs`, as `property: reason`. */
async function failures(kind: Kind, inputs: Record<string, unknown>): Promise<string[]> {
  const { failures } = await new ShieldProvider(kind).check({}, inputs);
  return (failures ?? []).map((f: CheckFailure) => `${f.property}: ${f.reason}`);
}

describe("check: names in the service's characters, free of control and bidi characters", () => {
  const rules: Array<[Kind, Record<string, unknown>]> = [
    ["WafCustomRule", { action: "Block" }],
    ["RateLimit", { action: "RateLimit", requestCount: 10, timeframe: 60, blockTime: 300 }],
  ];
  for (const [kind, own] of rules) {
    const rule = (name: unknown, description?: unknown) => ({
      shieldZoneId: 1001,
      name,
      ...(description === undefined ? {} : { description }),
      conditions: CONDITIONS,
      ...own,
    });

    it(`${kind}: refuses a name or description the live service refuses, naming the characters`, async () => {
      assert.deepEqual(await failures(kind, rule("Block /admin except from the office")), [
        `name: name "Block /admin except from the office": "/" (U+002F) is not allowed: ${ALLOWED}`,
      ]);
      assert.deepEqual(await failures(kind, rule("Login attempts", "Login: 10/min, then block")), [
        `description: description "Login: 10/min, then block": ":" (U+003A), "/" (U+002F) and "," (U+002C) are not allowed: ${ALLOWED}`,
      ]);
      assert.deepEqual(await failures(kind, rule("two\nlines", "spoof\u202etxt")), [
        `name: name "two\\nlines": U+000A (line feed) is not allowed: ${ALLOWED}`,
        `description: description "spoof\\u202etxt": U+202E (right-to-left override) is not allowed: ${ALLOWED}`,
      ]);
      for (const name of ["nul\u0000", "esc\u001b[0m", "c1\u0085", "iso\u2066", "mark\u200f"]) {
        const [failure] = await failures(kind, rule(name));
        assert.match(failure!, /^name: name ".*": U\+[0-9A-F]{4}.* (is|are) not allowed: /, name);
      }
    });

    it(`${kind}: takes letters, digits and spaces, and an empty description`, async () => {
      const { inputs, failures } = await new ShieldProvider(kind).check(
        {},
        rule("  Block admin 2  ", ""),
      );
      assert.equal(failures, undefined);
      assert.equal(inputs.name, "Block admin 2", "trimmed");
      assert.equal(inputs.description, "");
    });
  }

  const list = (fields: Record<string, unknown>) => ({
    shieldZoneId: 1001,
    name: "Office",
    type: "Organization",
    entries: ["Acme Corp"],
    ...fields,
  });

  it("AccessList: refuses control characters and bidi overrides in the name and description", async () => {
    assert.deepEqual(
      await failures("AccessList", list({ name: "Office\u202etxt.exe", description: "a\u0000b" })),
      [
        `name: name "Office\\u202etxt.exe": U+202E (right-to-left override) is not allowed: ${UNSAFE}.`,
        `description: description "a\\u0000b": U+0000 (NUL) is not allowed: ${UNSAFE}.`,
      ],
    );
    for (const name of [
      "a\nb",
      "\u001b[31mred",
      "del\u007f",
      "c1\u009b",
      "\u2067x\u2069",
      "\u200ex",
    ]) {
      const [failure] = await failures("AccessList", list({ name }));
      assert.match(failure!, /^name: name ".*": U\+[0-9A-F]{4}.* not allowed: /, name);
    }
    // Names in any script stay allowed; only the invisible reordering marks are refused.
    assert.deepEqual(await failures("AccessList", list({ name: "مكتب Büro 東京" })), []);
  });

  it("AccessList: a line break inside an entry is refused, not split into two entries", async () => {
    assert.deepEqual(
      await failures("AccessList", list({ entries: ["Acme Corp", "Good Org\nEvil Org"] })),
      [
        `entries: entries[1] "Good Org\\nEvil Org": U+000A (line feed) is not allowed: ${UNSAFE} (an entry is one line: give each line as an entry of its own).`,
      ],
    );
    assert.match(
      (await failures("AccessList", list({ entries: ["Acme\r\nCorp", "x\u202e"] }))).join("\n"),
      /entries\[0\] "Acme\\r\\nCorp": U\+000D \(carriage return\) and U\+000A \(line feed\) are not allowed/,
    );
    // Surrounding white space is trimmed as before, a trailing line break included.
    const { inputs, failures: none } = await new ShieldProvider("AccessList").check(
      {},
      list({ entries: ["Acme Corp\n"] }),
    );
    assert.equal(none, undefined);
    assert.deepEqual(inputs.entries, ["Acme Corp"]);
  });
});

describe('check: a "__proto__" key is refused wherever JSON puts one', () => {
  const refusal = (at: string) =>
    `${at}: the key "__proto__" is refused; no bot, category, endpoint or other setting is named so, and a JavaScript object would drop it without a word.`;

  it("in a resource's arguments, in the program: the engine's wire format would drop it", () => {
    const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
    const refused = (args: object, at: string) =>
      assert.throws(
        () => withOutputs(args, []),
        (error: unknown) => error instanceof pulumi.RunError && error.message === refusal(at),
      );
    refused({ shieldZoneId: 1002, bots: json('{"__proto__": "Block"}') }, 'bots["__proto__"]');
    refused(
      { endpoints: json('{"GET /pets": {"__proto__": {"isEnabled": false}}}') },
      'endpoints["GET /pets"]["__proto__"]',
    );
    refused(json('{"shieldZoneId": 1002, "__proto__": {"bots": {}}}'), '["__proto__"]');
    const outputs = pulumi.output(1002);
    assert.deepEqual(
      Object.keys(withOutputs({ shieldZoneId: outputs, bots: { toString: "Block" } }, [])),
      ["shieldZoneId", "bots"],
    );
  });

  it("in bots, categories and API Guardian endpoints, at any depth", async () => {
    const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(
      await failures("BotCategorization", {
        shieldZoneId: 1002,
        bots: json('{"GPTBot": "Block", "__proto__": "Block"}'),
        categories: json('{"__proto__": "Block"}'),
      }),
      [
        `bots: ${refusal('bots["__proto__"]')}`,
        `categories: ${refusal('categories["__proto__"]')}`,
      ],
    );
    assert.deepEqual(
      await failures("ApiGuardian", {
        shieldZoneId: 1002,
        endpoints: json('{"GET /pets": {"injectionDetectionParameters": {"__proto__": ["x"]}}}'),
      }),
      [
        `endpoints: ${refusal('endpoints["GET /pets"]["injectionDetectionParameters"]["__proto__"]')}`,
      ],
    );
    assert.deepEqual(
      await failures("ApiGuardian", {
        shieldZoneId: 1002,
        endpoints: json('{"__proto__": {"isEnabled": false}}'),
      }),
      [`endpoints: ${refusal('endpoints["__proto__"]')}`],
    );
  });
});

describe("check: category names and endpoint keys that objects inherit are refused clearly", () => {
  it("constructor, toString and hasOwnProperty name no category and no endpoint", async () => {
    for (const key of ["constructor", "toString"]) {
      assert.deepEqual(
        await failures("BotCategorization", { shieldZoneId: 1002, categories: { [key]: "Block" } }),
        [
          `categories: categories["${key}"] is not a bot category; the categories are None (0), SEO (1), AIScraper (2), AITool (3), Tool (4), Ads (5), Preview (6), Social (7), System (255).`,
        ],
      );
    }
    const [failure] = await failures("ApiGuardian", {
      shieldZoneId: 1002,
      endpoints: { hasOwnProperty: { isEnabled: false } },
    });
    assert.match(
      failure!,
      /^endpoints: endpoints\["hasOwnProperty"\] is not a key "METHOD \/path"/,
    );
  });
});

describe("BotCategorization: bot keys that objects inherit (constructor, toString)", function () {
  this.timeout(30_000);
  const ZONE = 1002;
  let emu: Emulator;
  let engine: MiniEngine;
  const fixture = useKindProvider("BotCategorization");
  beforeEach(() => {
    const { emu: e, provider } = fixture();
    emu = e;
    engine = new MiniEngine(provider);
  });
  const addBot = (id: number, name: string) =>
    emu.state.botCatalogue.push({
      botId: id,
      userAgentMatch: name,
      category: 2,
      isVerifiable: false,
    });

  it("a bot named constructor or toString is written, changed and put back like any other", async () => {
    addBot(990_001, "constructor");
    addBot(990_002, "toString");
    const bots = { constructor: "Block", toString: "Allow", GPTBot: "Block" };
    const created = await engine.up({ shieldZoneId: ZONE, bots });
    assert.ifError(created.error);
    assert.deepEqual(engine.outputs.botIds, {
      constructor: 990_001,
      toString: 990_002,
      GPTBot: botId(emu, "GPTBot"),
    });
    assert.deepEqual(engine.outputs.priors, {
      bots: { constructor: "None", toString: "None", GPTBot: "None" },
    });
    const live = () => liveActions(emu, ZONE, Object.keys(bots)).bots;
    assert.equal(live().constructor, "Block");
    assert.equal(live().toString, "Allow");

    const updated = await engine.up({ shieldZoneId: ZONE, bots: { ...bots, toString: "Block" } });
    assert.ifError(updated.error);
    assert.equal(updated.action, "update");
    assert.equal(live().toString, "Block");

    assert.ifError((await engine.destroy()).error);
    assert.equal(live().constructor, "None");
    assert.equal(live().toString, "None");
  });

  it("a key that names no bot, constructor included, is refused cleanly before any write", async () => {
    const { error } = await engine.up({ shieldZoneId: ZONE, bots: { constructor: "Block" } });
    assert.ok(error instanceof Error);
    assert.ok(!(error instanceof TypeError), error.stack);
    assert.match(
      error.message,
      /bots\["constructor"\] is not a bot the zone offers; its bots are /,
    );
    assert.equal(emu.requests.filter((r) => r.method === "PUT").length, 0);
  });
});
