/**
 * Every kind the registry has, through the plugin over gRPC against the emulator, as the engine
 * drives it: check, a create's preview (no write), create, a no-op diff, an update's preview
 * (what it knows equals what the update then gives, no unknown for an output whose inputs did
 * not change), update, refresh, an import by id alone (the id docs/plugin.md gives; no write;
 * its inputs preview as no change; an adopted kind's priors are its values when imported) and
 * delete (owned objects gone, adopted settings back to their priors).
 */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { Emulator, startEmulator } from "../../src/emulator";
import { declarationOf, tokenOf } from "../../src/plugin/kinds";
import { secret } from "../../src/plugin/wire";
import { inputsOf } from "../../src/resources/kit/declaration";
import { KINDS } from "../../src/resources/kit/registry";
import { canonicalJson, covers, UNKNOWN_VALUE } from "../../src/resources/kit/values";
import { CASES } from "../support/kind-cases";
import { PluginClient, type Bag } from "./client";

/** Each kind's id as docs/plugin.md's import table gives it (`<shieldZoneId>/<listId>`, …). */
const DOCUMENTED_IDS = new Map(
  readFileSync(path.join(__dirname, "..", "..", "docs", "plugin.md"), "utf8")
    .split("\n")
    .map((line) => /^\| `(\w+)` +\| ([^|]+?) +\|/.exec(line))
    .filter((row) => row !== null && (KINDS as readonly string[]).includes(row[1]))
    .map((row) => [row![1], row![2]]),
);

/** The id `template` (a row of that table) gives for an object with these outputs. */
function documentedId(template: string, outs: Bag): string {
  const named: Record<string, string> = {
    "the shield zone's id": "<shieldZoneId>",
    "the rule's id": "<ruleId>",
  };
  return (named[template] ?? template.replace(/`/g, "")).replace(/<(\w+)>/g, (_, output: string) =>
    String(outs[output]),
  );
}

const writesSince = (emu: Emulator, since: number) =>
  emu.requests.slice(since).filter((r) => r.method !== "GET");

describe("plugin: every kind's lifecycle over gRPC", function () {
  this.timeout(120_000);
  let emu: Emulator;
  let plugin: PluginClient;

  before(async () => {
    emu = await startEmulator();
    plugin = await PluginClient.start();
    await plugin.configure({ apiKey: secret(emu.apiKey), apiUrl: emu.url });
  });
  after(async () => {
    await plugin?.close();
    await emu?.close();
  });

  for (const kind of KINDS) {
    it(kind, async () => {
      const token = tokenOf(kind);
      const declaration = declarationOf(kind);
      const { create, updated } = CASES[kind];

      const checked = await plugin.check(token, {}, create);
      assert.deepEqual(checked.failures, []);
      const inputs = checked.inputs;

      let since = emu.requests.length;
      const preview = await plugin.create(token, inputs, true);
      assert.deepEqual(writesSince(emu, since), [], "a create's preview writes nothing");
      assert.equal(preview.id, "");
      for (const [name, value] of Object.entries(inputs)) {
        if (name in declaration.outputs && typeof value !== "object") {
          assert.deepEqual(preview.outs[name], value, `${name} previews as given`);
        }
      }

      const created = await plugin.create(token, inputs);
      assert.ok(created.id, "create answers an id");
      const template = DOCUMENTED_IDS.get(kind);
      assert.ok(template, `docs/plugin.md's import table has no row for ${kind}`);
      assert.equal(created.id, documentedId(template, created.outs), "the id docs/plugin.md gives");
      const again = await plugin.check(token, inputs, create);
      const noop = await plugin.diff(token, created.id, created.outs, again.inputs, inputs);
      assert.equal(noop.changes, "DIFF_NONE", JSON.stringify(noop));

      const next = await plugin.check(token, inputs, updated);
      assert.deepEqual(next.failures, []);
      const diff = await plugin.diff(token, created.id, created.outs, next.inputs, inputs);
      assert.equal(diff.changes, "DIFF_SOME");
      assert.deepEqual(diff.replaces, []);
      assert.ok(Object.keys(diff.detailed).length > 0, "the detailed diff names the change");

      since = emu.requests.length;
      const previewed = await plugin.update(token, created.id, created.outs, next.inputs, {
        oldInputs: inputs,
        preview: true,
      });
      assert.deepEqual(writesSince(emu, since), [], "an update's preview writes nothing");
      const outs = await plugin.update(token, created.id, created.outs, next.inputs, {
        oldInputs: inputs,
      });
      const declaredInputs = inputsOf(declaration);
      for (const name of Object.keys(declaration.outputs)) {
        const shown = previewed[name];
        if (shown !== UNKNOWN_VALUE) {
          assert.equal(
            canonicalJson(shown),
            canonicalJson(outs[name]),
            `${name}: the preview shows what the update gives`,
          );
          continue;
        }
        // Unknown only where an input it comes from changed.
        const from =
          name in declaredInputs ? [name] : (declaration.outputs[name]?.from ?? Object.keys(next));
        assert.ok(
          name === "priors" || from.some((input) => diff.diffs.includes(input)),
          `${name} previews as unknown though none of ${from.join(", ")} changed`,
        );
      }

      const refreshed = await plugin.read(token, created.id, outs, next.inputs);
      assert.equal(refreshed.id, created.id);
      assert.equal(canonicalJson(refreshed.outs), canonicalJson(outs));
      assert.deepEqual(refreshed.inputs, next.inputs, "a refresh keeps the inputs");

      since = emu.requests.length;
      const imported = await plugin.read(token, created.id);
      assert.deepEqual(writesSince(emu, since), [], "an import writes nothing");
      assert.equal(imported.id, created.id);
      if ("priors" in declaration.outputs) {
        // Adopted as it is: its priors are its values when imported.
        const priors = imported.outs!.priors as Bag;
        assert.ok(Object.keys(priors).length > 0, "an import keeps priors");
        for (const [field, prior] of Object.entries(priors)) {
          assert.ok(covers(imported.outs![field], prior), `${field}'s prior is its live value`);
        }
      }
      assert.ok(imported.inputs, "an import answers inputs");
      const program = await plugin.check(token, imported.inputs!, imported.inputs!);
      assert.deepEqual(program.failures, [], "the imported inputs pass check");
      const after = await plugin.diff(
        token,
        created.id,
        imported.outs!,
        program.inputs,
        imported.inputs,
      );
      assert.equal(
        after.changes,
        "DIFF_NONE",
        `the import previews as no change: ${JSON.stringify(after)}`,
      );

      await plugin.delete(token, created.id, outs);
      const gone = await plugin.read(token, created.id, outs, next.inputs);
      if ("priors" in declaration.outputs) {
        const priors = outs.priors as Bag;
        assert.ok(Object.keys(priors).length > 0, "an adopted kind keeps priors");
        for (const [field, prior] of Object.entries(priors)) {
          assert.ok(covers(gone.outs![field], prior), `${field} is restored on delete`);
        }
      } else {
        assert.equal(gone.id, "", "an owned object is gone after delete");
      }
    });
  }

  it("an input marked secret stays secret in the outputs of create, update and read", async () => {
    const token = tokenOf("CustomPage");
    const inputs = { shieldZoneId: 1001, pageType: "challenge", html: secret("<p>Wait.</p>") };
    const created = await plugin.create(token, inputs);
    assert.deepEqual(created.outs.html, secret("<p>Wait.</p>"));
    assert.equal(created.outs.pageType, "challenge");
    const news = { ...inputs, html: secret("<p>Wait a bit.</p>") };
    const updated = await plugin.update(token, created.id, created.outs, news);
    assert.deepEqual(updated.html, secret("<p>Wait a bit.</p>"));
    const previewed = await plugin.update(token, created.id, created.outs, news, {
      oldInputs: inputs,
      preview: true,
    });
    assert.deepEqual(previewed.html, secret("<p>Wait a bit.</p>"));
    const read = await plugin.read(token, created.id, updated, news);
    assert.deepEqual(read.outs?.html, secret("<p>Wait a bit.</p>"));
    await plugin.delete(token, created.id, updated);
  });
});
