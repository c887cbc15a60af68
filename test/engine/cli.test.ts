/**
 * The real Pulumi CLI, end to end, on a local file backend, against the emulator:
 * preview, up, a no-op up, an update, drift and refresh, adoption, destroy.
 * The CLI comes from scripts/pulumi-cli.sh (built from Go modules and cached);
 * without it this suite is reported as pending, never as passed.
 */
import { strict as assert } from "node:assert";
import { readdir, readFile } from "node:fs/promises";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../src/emulator";
import type { ActionName } from "../../src";
import { ACTION_NAMES } from "../support/action-names";
import { openCliStack } from "../support/cli-stack";

const ZONE = 1001;
const TYPE = "pulumi-nodejs:dynamic/bunnynet:AccessListConfiguration";

interface Desired {
  configurationId: number;
  isEnabled: boolean;
  action?: ActionName;
}

/**
 * Resource operations of one engine run, by resource name, from its events (the
 * stream `--json` prints), with the inputs that differ between old and new state.
 */
function operations(
  events: automation.EngineEvent[],
): Map<string, { op: string; changed: string[] }> {
  const ops = new Map<string, { op: string; changed: string[] }>();
  for (const event of events) {
    const meta = event.resourcePreEvent?.metadata;
    if (meta && meta.type === TYPE) {
      const olds = meta.old?.inputs ?? {};
      const news = meta.new?.inputs ?? {};
      const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])]
        .filter((k) => k !== "__provider" && JSON.stringify(olds[k]) !== JSON.stringify(news[k]))
        .sort();
      ops.set(meta.urn.split("::").pop()!, { op: meta.op, changed });
    }
  }
  return ops;
}

describe("the real Pulumi CLI, end to end", function () {
  this.timeout(600_000);
  let emu: Emulator;
  let stack: automation.Stack;
  let backendDir: string;
  let close: (() => Promise<void>) | undefined;
  const desired: Record<string, Desired> = {
    tor: { configurationId: 100101, isEnabled: true, action: "Block" },
    vpn: { configurationId: 100102, isEnabled: false, action: "Log" },
  };
  const live = (configurationId: number) => emu.state.accessList(ZONE, configurationId)!;
  const patches = () => emu.requests.filter((r) => r.route === "updateAccessListConfiguration");

  before(async function () {
    const cli = await openCliStack(
      this,
      "e2e",
      (shield) => async () =>
        Object.fromEntries(
          Object.entries(desired).map(([name, args]) => {
            const r = new shield.AccessListConfiguration(name, { shieldZoneId: ZONE, ...args });
            return [
              name,
              {
                isEnabled: r.isEnabled,
                action: r.action,
                priorIsEnabled: r.priorIsEnabled,
                priorAction: r.priorAction,
              },
            ];
          }),
        ),
    );
    ({ stack, emu, backendDir } = cli);
    close = cli.close;
  });
  after(async () => {
    await close?.();
  });

  it("1. preview plans the creates and touches nothing", async () => {
    const events: automation.EngineEvent[] = [];
    const result = await stack.preview({ onEvent: (e) => events.push(e) });
    assert.equal(result.changeSummary.create, 3, JSON.stringify(result.changeSummary));
    const ops = operations(events);
    assert.deepEqual([...ops.keys()].sort(), ["tor", "vpn"]);
    assert.ok([...ops.values()].every((o) => o.op === "create"));
    assert.equal(patches().length, 0);
  });

  it("2. up adopts both configurations", async () => {
    const priorVpn = { ...live(100102) };
    const result = await stack.up();
    assert.equal(result.summary.resourceChanges?.create, 3);
    assert.equal(live(100101).isEnabled, true);
    assert.equal(live(100102).isEnabled, false);
    assert.equal(live(100102).action, 4, "Log");
    const vpn = result.outputs.vpn.value as Record<string, unknown>;
    assert.equal(vpn.priorAction, ACTION_NAMES[priorVpn.action]);
    assert.ok(patches().length >= 1);
  });

  it("3. a second up changes nothing and sends no PATCH", async () => {
    emu.resetRequests();
    const result = await stack.up();
    assert.deepEqual(result.summary.resourceChanges, { same: 3 });
    assert.equal(patches().length, 0);
  });

  it("4. a change of isEnabled previews as exactly one update, of that property", async () => {
    desired.tor.isEnabled = false;
    const events: automation.EngineEvent[] = [];
    const result = await stack.preview({ onEvent: (e) => events.push(e), diff: true });
    assert.equal(result.changeSummary.update, 1, JSON.stringify(result.changeSummary));
    const ops = operations(events);
    assert.equal(ops.get("tor")?.op, "update");
    assert.deepEqual(ops.get("tor")?.changed, ["isEnabled"]);
    assert.equal(ops.get("vpn")?.op, "same");
    // What a reviewer reads in the pull request.
    assert.match(result.stdout, /~ isEnabled\s*:\s*true => false/);
  });

  it("5. up applies it with one PATCH of that field", async () => {
    emu.resetRequests();
    const result = await stack.up();
    assert.deepEqual(result.summary.resourceChanges, { same: 2, update: 1 });
    assert.deepEqual(
      patches().map((r) => r.body),
      [{ isEnabled: false }],
    );
    assert.equal(live(100101).isEnabled, false);
  });

  it("6. refresh picks up drift made behind Pulumi's back", async () => {
    live(100101).isEnabled = true;
    const result = await stack.refresh();
    assert.equal(
      result.summary.resourceChanges?.update,
      1,
      JSON.stringify(result.summary.resourceChanges),
    );
    const state = await stack.exportStack();
    const tor = state.deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::tor"));
    assert.equal(tor.outputs.isEnabled, true);
    const preview = await stack.preview();
    assert.equal(preview.changeSummary.update, 1, "the next preview shows the way back");
  });

  it("7. declaring a configuration changed outside Pulumi adopts it, recording its prior value", async () => {
    live(100104).isEnabled = true;
    live(100104).action = 2;
    desired.asn = { configurationId: 100104, isEnabled: false, action: "Log" };
    const result = await stack.up();
    assert.equal(result.summary.resourceChanges?.create, 1);
    assert.equal(result.summary.resourceChanges?.replace, undefined);
    const asn = result.outputs.asn.value as Record<string, unknown>;
    assert.equal(asn.priorIsEnabled, true);
    assert.equal(asn.priorAction, "Block");
    assert.equal(live(100104).isEnabled, false);
  });

  it("8. destroy puts back the prior values", async () => {
    const state = await stack.exportStack();
    const priors = new Map<number, { isEnabled: boolean; action: string }>(
      state.deployment.resources
        .filter((r: { type: string }) => r.type === TYPE)
        .map((r: { outputs: Record<string, never> }) => [
          r.outputs.configurationId,
          { isEnabled: r.outputs.priorIsEnabled, action: r.outputs.priorAction },
        ]),
    );
    assert.equal(priors.size, 3);
    const result = await stack.destroy();
    assert.equal(result.summary.resourceChanges?.delete, 4);
    for (const [configurationId, prior] of priors) {
      assert.equal(live(configurationId).isEnabled, prior.isEnabled, `${configurationId}`);
      assert.equal(ACTION_NAMES[live(configurationId).action], prior.action);
    }
  });

  it("leaves the key in no state or log file of the backend", async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "plugins") await walk(full);
        } else files.push(full);
      }
    };
    await walk(backendDir);
    assert.ok(
      files.some((f) => f.endsWith(".json")),
      "the backend wrote state",
    );
    for (const file of files) {
      assert.ok(!(await readFile(file, "utf8")).includes(emu.apiKey), file);
    }
  });
});
