/**
 * Issue 33 under the real Pulumi CLI: a zone configured by hand (every kind, custom lists of
 * hundreds of entries, rules of several conditions, rate limits, pages, an API Guardian
 * document; all made through the client, as the dashboard would), a program generated from it
 * with the installed package's `generateProgram`, and that program run as a new stack. The first
 * preview shows every resource as an adoption with nothing to change, `up` writes nothing (the
 * emulator's request log holds no write), and the next preview shows every resource unchanged.
 * Generating again through 429s, 503s and listings of several pages gives the same program; and
 * after one change made behind Pulumi's back, the program generated again differs by exactly
 * that change.
 */
import { strict as assert } from "node:assert";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as automation from "@pulumi/pulumi/automation";
import * as ts from "typescript";
import { ShieldClient } from "../../src/client/shield-client";
import { KINDS } from "../../src/resources/kit/registry";
import {
  loadInstalledPackage,
  openCliStack,
  type CliStack,
  type Shield,
} from "../support/cli-stack";
import { installPackedPackage, type InstalledProgram } from "../support/packed-package";
import { guardianDocument } from "../resources/api-guardian.fixtures";
import { configureRichZone, RICH_ZONE } from "../support/rich-zone";

/** The zone (Advanced) and its pull zone. */
const ZONE = 1001;
const PULL_ZONE = 501001;

/** A bunnynet resource of a run's events: its name, the step, and its inputs as checked. */
interface Step {
  name: string;
  type: string;
  op: string;
  inputs: Record<string, unknown>;
}

function steps(events: automation.EngineEvent[]): Step[] {
  return events.flatMap((event) => {
    const meta = event.resourcePreEvent?.metadata;
    if (!meta || !meta.type.includes("bunnynet:")) return [];
    return [
      {
        name: meta.urn.split("::").pop()!,
        type: meta.type.split(":").pop()!,
        op: meta.op,
        inputs: (meta.new?.inputs ?? {}) as Record<string, unknown>,
      },
    ];
  });
}

describe("generate under the real Pulumi CLI: a zone made by hand, adopted without a write", function () {
  this.timeout(1_800_000);
  let installed: InstalledProgram;
  let shield: Shield;
  let cli: CliStack | undefined;
  let client: ShieldClient;
  /** The compiled program the stack runs. */
  let programFile = "";
  /** The files of the first generation. */
  let first: Readonly<Record<string, string>>;

  /** Generates the zone's program with the installed package, as the command does. */
  const generate = (options: { perPage?: number } = {}) =>
    shield.generateProgram({
      zones: [{ pullZoneId: PULL_ZONE, openApiDocument: guardianDocument("2.0.0") }],
      settings: { apiKey: cli!.emu.apiKey, apiUrl: cli!.emu.url },
      ...options,
    });

  /** Writes a program into a new folder of the program directory and compiles its index.ts. */
  async function install(files: Readonly<Record<string, string>>): Promise<string> {
    const dir = path.join(await mkdtemp(path.join(installed.dir, "generated-")), "program");
    await shield.writeProgram(files, dir);
    const { outputText } = ts.transpileModule(files["index.ts"]!, {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    writeFileSync(path.join(dir, "index.js"), outputText);
    return path.join(dir, "index.js");
  }

  const writes = () => cli!.emu.requests.filter((r) => r.method !== "GET");
  const run = async (action: (events: automation.EngineEvent[]) => Promise<unknown>) => {
    const events: automation.EngineEvent[] = [];
    cli!.emu.resetRequests();
    await action(events);
    return steps(events);
  };

  before(async function () {
    installed = await installPackedPackage();
    cli = await openCliStack(
      this,
      "generate",
      () => async () => {
        // The generated program, loaded afresh at every run, as `pulumi up` runs index.ts.
        delete require.cache[programFile];
        createRequire(programFile)(programFile);
      },
      { installed },
    );
    shield = loadInstalledPackage(installed);
    client = new ShieldClient({ apiKey: cli.emu.apiKey, baseUrl: cli.emu.url });
    await configureRichZone(client, ZONE);
  });
  after(async () => {
    await cli?.close();
  });

  it("generates a program of every kind, reading only", async () => {
    cli!.emu.resetRequests();
    const generated = await generate();
    first = generated.files;
    assert.deepEqual(writes(), [], "generating writes nothing");
    const index = first["index.ts"]!;
    for (const kind of KINDS) assert.match(index, new RegExp(`new ${kind}\\(`), kind);
    const lists = [...index.matchAll(/new AccessList\(/g)].length;
    assert.equal(lists, 2 + RICH_ZONE.customLists, "the seeded lists and those made by hand");
    programFile = await install(first);
  });

  let resources: Step[] = [];
  it("the first preview shows every resource as an adoption with nothing to change", async () => {
    let stdout = "";
    resources = await run(async (events) => {
      stdout = (await cli!.stack.preview({ diff: true, onEvent: (e) => events.push(e) })).stdout;
    });
    assert.ok(resources.length >= 20, `${resources.length} resources`);
    for (const kind of KINDS) {
      assert.ok(
        resources.some((r) => r.type === kind),
        `a ${kind} in the preview`,
      );
    }
    for (const r of resources) assert.equal(r.op, "create", r.name);
    const NOTHING = /^none: the live object \(.+\) already has the declared values$/;
    assert.deepEqual(
      resources
        .filter((r) => !NOTHING.test(String(r.inputs.adoptionChanges)))
        .map((r) => `${r.name}: ${JSON.stringify(r.inputs.adoptionChanges)}`),
      [],
      "every resource reads as an adoption with nothing to change",
    );
    // No live value beside a different declared one, anywhere in what a reviewer reads.
    assert.doesNotMatch(stdout, / => /, stdout);
    assert.deepEqual(writes(), [], "a preview writes nothing");
  });

  it("up adopts every resource and makes no write at all", async () => {
    const done = await run((events) => cli!.stack.up({ onEvent: (e) => events.push(e) }));
    assert.deepEqual(
      done.map((r) => r.op),
      resources.map(() => "create"),
    );
    const requests = cli!.emu.requests;
    assert.deepEqual(
      writes().map((r) => `${r.method} ${r.path}`),
      [],
      `${requests.length} requests, none a write`,
    );
    assert.ok(requests.length > 0, "up read the zone");
  });

  it("the next preview shows every resource unchanged", async () => {
    let stdout = "";
    const again = await run(async (events) => {
      stdout = (await cli!.stack.preview({ diff: true, onEvent: (e) => events.push(e) })).stdout;
    });
    assert.equal(again.length, resources.length);
    for (const r of again) assert.equal(r.op, "same", r.name);
    assert.match(stdout, new RegExp(`${resources.length + 1} unchanged`), stdout);
    assert.doesNotMatch(stdout, /adoptionChanges/, stdout);
    assert.deepEqual(writes(), []);
  });

  it("through 429s, 503s and listings of several pages, the program generated is the same", async () => {
    const faults = cli!.emu.faults;
    faults.add({ status: 429, retryAfter: 0, probability: 0.25, times: Infinity, seed: 33 });
    faults.add({ status: 503, probability: 0.15, times: Infinity, seed: 34 });
    faults.add({ omitNextPage: true, probability: 0.5, times: Infinity, seed: 35 });
    cli!.emu.resetRequests();
    try {
      const generated = await generate({ perPage: 1 });
      const hit = cli!.emu.requests;
      assert.ok(
        hit.some((r) => r.status === 429) && hit.some((r) => r.status === 503),
        "the faults fired",
      );
      const pages = hit.filter((r) => r.status === 200 && r.route === "listWafCustomRules");
      assert.ok(pages.length >= RICH_ZONE.wafRules, `${pages.length} pages of rules`);
      assert.deepEqual(generated.files, first);
    } finally {
      faults.clear();
    }
  });

  it("round trip: one change behind Pulumi's back, and the program generated again differs by exactly it", async () => {
    const limits = await client.rateLimits.list(ZONE);
    const login = limits.find((r) => r.ruleName === "Login 2")!;
    await client.rateLimits.update(login.id, {
      ruleConfiguration: { ...login.ruleConfiguration, requestCount: 45 },
    } as never);
    const again = (await generate()).files;
    assert.deepEqual(Object.keys(again), Object.keys(first));
    for (const name of Object.keys(first)) {
      if (name !== "index.ts") assert.equal(again[name], first[name], name);
    }
    const before = first["index.ts"]!.split("\n");
    const after = again["index.ts"]!.split("\n");
    assert.equal(after.length, before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
    assert.deepEqual(changed, [["  requestCount: 31,", "  requestCount: 45,"]]);
    // Run as the stack's program, the change is the one update the preview plans.
    programFile = await install(again);
    const planned = await run((events) => cli!.stack.preview({ onEvent: (e) => events.push(e) }));
    assert.deepEqual(
      planned.filter((r) => r.op !== "same").map((r) => `${r.op} ${r.name}`),
      ["update login-2-rate-limit"],
    );
    assert.equal(readFileSync(programFile, "utf8").includes("requestCount: 45"), true);
  });
});
