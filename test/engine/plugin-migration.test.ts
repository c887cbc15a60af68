/**
 * Moving a stack from the dynamic resources to the provider plugin's, under the real CLI: a
 * stack is brought up on the dynamic resources (a Node.js program through the Automation API),
 * then the same resources are declared on the plugin (`bunnynet-shield:index:<Kind>`), each with
 * an alias naming its dynamic type. The engine keeps each resource (same id, same state),
 * diffs it with the plugin, and finds nothing to do: no write reaches the service, no step
 * replaces or deletes a resource. The outputs keep the dynamic form's code (`__provider`) until
 * a refresh, which writes nothing either. Then destroy on the plugin puts back what the dynamic
 * form adopted (the priors travel in the state).
 *
 * This works because both forms use their package's default provider: the engine then asks the
 * new provider's DiffConfig whether the provider change replaces (this one never does). An
 * explicit provider object on either side would replace every resource.
 */
import { strict as assert } from "node:assert";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import type * as pulumiModule from "@pulumi/pulumi";
import type { Emulator } from "../../src/emulator";
import { shieldType } from "../../src/policy/resources";
import type { Kind } from "../../src/resources/kit/registry";
import { openCliStack, type Shield } from "../support/cli-stack";
import { comparableState } from "../support/comparable-state";
import { CASES, nameOf, type Props } from "../support/kind-cases";
import { installPackedPackage, REPO } from "../support/packed-package";

/** An adopted kind (priors) and owned ones, on one zone. */
const MOVED: Kind[] = ["ShieldZone", "BotDetection", "AccessList", "WafCustomRule"];

/** What the engine did to each Shield resource, by name, from a run's events. */
function steps(events: automation.EngineEvent[]): Map<string, string[]> {
  const ops = new Map<string, string[]>();
  for (const event of events) {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || meta.type.startsWith("pulumi:")) continue;
    const name = meta.urn.split("::").pop()!;
    ops.set(name, [...(ops.get(name) ?? []), meta.op]);
  }
  return ops;
}

describe("moving a stack from the dynamic resources to the plugin's, under the CLI", function () {
  this.timeout(600_000);
  let emu: Emulator;
  let stack: automation.Stack;
  let close: (() => Promise<void>) | undefined;
  let onPlugin = false;
  let original: unknown;
  let ids: Map<string, string>;

  before(async function () {
    const installed = await installPackedPackage();
    const pulumi = createRequire(path.join(installed.dir, "package.json"))(
      "@pulumi/pulumi",
    ) as typeof pulumiModule;
    // What each of the plugin's SDK classes is: a custom resource of its type token.
    class PluginResource extends pulumi.CustomResource {}
    const program = (shield: Shield) => async () => {
      for (const kind of MOVED) {
        const args = CASES[kind].create;
        if (!onPlugin) {
          const Resource = shield[kind as keyof Shield] as unknown as new (
            name: string,
            args: Props,
          ) => unknown;
          new Resource(nameOf(kind), args);
        } else {
          // The alias names the dynamic type the resource had: the engine keeps its state.
          new PluginResource(`bunnynet-shield:index:${kind}`, nameOf(kind), args, {
            aliases: [{ type: shieldType(kind) }],
          });
        }
      }
    };
    const cli = await openCliStack(this, "migration", program, { installed });
    ({ emu, stack, close } = cli);
    // The engine finds the plugin on PATH (bin/ runs the sources here).
    const workspace = stack.workspace as automation.LocalWorkspace;
    workspace.envVars.PATH = [path.join(REPO, "bin"), workspace.envVars.PATH].join(path.delimiter);
    original = comparableState(emu.state.toJSON());
  });
  after(async () => {
    await close?.();
  });

  const writes = () =>
    emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
  const stateText = async () => JSON.stringify((await stack.exportStack()).deployment);
  const resourceIds = async () => {
    const deployment = (await stack.exportStack()).deployment as {
      resources: Array<{ urn: string; type: string; id?: string }>;
    };
    return new Map(
      deployment.resources
        .filter((r) => !r.type.startsWith("pulumi:"))
        .map((r) => [`${r.type}::${r.urn.split("::").pop()}`, r.id ?? ""]),
    );
  };

  it("up on the dynamic resources", async () => {
    await stack.up();
    ids = await resourceIds();
    assert.equal(ids.size, MOVED.length);
    for (const kind of MOVED) assert.ok(ids.get(`${shieldType(kind)}::${nameOf(kind)}`), kind);
  });

  it("the plugin's resources with aliases: no write, no replace or delete", async () => {
    onPlugin = true;
    await stack.setConfig("bunnynet-shield:apiKey", { value: emu.apiKey, secret: true });
    await stack.setConfig("bunnynet-shield:apiUrl", { value: emu.url });
    emu.resetRequests();
    const previewEvents: automation.EngineEvent[] = [];
    await stack.preview({ onEvent: (e) => previewEvents.push(e) });
    const events: automation.EngineEvent[] = [];
    await stack.up({ onEvent: (e) => events.push(e) });
    for (const ran of [previewEvents, events]) {
      const ops = steps(ran);
      for (const kind of MOVED) assert.deepEqual(ops.get(nameOf(kind)), ["same"], kind);
    }
    assert.deepEqual(writes(), [], "the move writes nothing to the service");
    const after = await resourceIds();
    for (const kind of MOVED) {
      assert.equal(
        after.get(`bunnynet-shield:index:${kind}::${nameOf(kind)}`),
        ids.get(`${shieldType(kind)}::${nameOf(kind)}`),
        `${kind} keeps its id`,
      );
    }
    assert.equal(after.size, MOVED.length, "no dynamic resource is left");
    // The dynamic form's default provider is gone; its code stays in the outputs until a refresh.
    assert.ok(!(await stateText()).includes("pulumi-nodejs"), "the dynamic provider is gone");
  });

  it("refresh writes nothing; a preview then has no change", async () => {
    emu.resetRequests();
    await stack.refresh();
    assert.ok(!(await stateText()).includes("__provider"), "refresh drops the dynamic form's code");
    const events: automation.EngineEvent[] = [];
    await stack.preview({ onEvent: (e) => events.push(e) });
    const ops = steps(events);
    for (const kind of MOVED) assert.deepEqual(ops.get(nameOf(kind)), ["same"], kind);
    assert.deepEqual(writes(), []);
  });

  it("destroy on the plugin puts back what the dynamic form adopted", async () => {
    await stack.destroy();
    assert.deepEqual(comparableState(emu.state.toJSON()), original);
  });
});
