import { strict as assert } from "node:assert";
import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import * as readline from "node:readline";
import { Emulator, startEmulator } from "../../src/emulator";
import { KINDS } from "../../src/resources/kit/registry";
import { CASES } from "../support/kind-cases";
import {
  InstalledProgram,
  installPackedPackage,
  REPO,
  serializedProviderText,
} from "../support/packed-package";

// Answers are JSON from another process, read field by field in the assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A provider rebuilt from its text in a fresh process, called one method at a time. */
class RebuiltProvider {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: AsyncIterator<string>;

  constructor(program: InstalledProgram, textFile: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(
      process.execPath,
      [path.join(REPO, "test/support/provider-host.js"), textFile],
      {
        cwd: program.dir,
        env,
      },
    );
    this.answers = readline.createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async call(
    method: string,
    ...args: unknown[]
  ): Promise<{ ok: boolean; result?: Json; error?: Json }> {
    this.child.stdin.write(JSON.stringify({ method, args }) + "\n");
    const { value, done } = await this.answers.next();
    assert.ok(!done, "the provider process ended early");
    return JSON.parse(value);
  }

  close(): void {
    this.child.kill();
  }
}

describe("AccessListConfiguration serialized provider (installed package)", function () {
  this.timeout(180_000);
  let program: InstalledProgram;
  let text: string;
  let emu: Emulator;

  before(async () => {
    program = await installPackedPackage();
    text = await serializedProviderText(program);
    emu = await startEmulator();
  });
  after(() => emu?.close());

  it("is small, portable and holds no secret", () => {
    console.log(`      __provider text: ${Buffer.byteLength(text)} bytes`);
    assert.ok(text.startsWith("exports.handler = "));
    assert.ok(Buffer.byteLength(text) < 16 * 1024, `${Buffer.byteLength(text)} bytes`);
    assert.ok(!text.includes(REPO), "no absolute path of the build machine");
    assert.ok(!text.includes(program.dir), "no absolute path of the program");
    assert.ok(!/emu_[0-9a-f]{8}|BUNNYNET_API_KEY\s*=|apiKey\s*:\s*"/.test(text), "no key");
    assert.match(text, /require\("pulumi-bunnynet-shield\/dist\/resources\//);
  });

  it("gives every kind a small provider that holds only its kind's name and loads it lazily", async () => {
    // Every registered kind, with the arguments of its case in the CLI suites.
    for (const kind of KINDS) {
      assert.ok(CASES[kind], `${kind}: no case in test/support/kind-cases.ts`);
      const args = CASES[kind].create;
      const kindText = await serializedProviderText(program, kind, args);
      const bytes = Buffer.byteLength(kindText);
      assert.ok(bytes < 4096, `${kind}: ${bytes} bytes`);
      assert.ok(kindText.includes(`__provider.kind = "${kind}"`), `${kind}: holds its kind`);
      assert.match(
        kindText,
        /require\("pulumi-bunnynet-shield\/dist\/resources\/kit\/registry\.js"\)/,
      );
      assert.ok(!kindText.includes(REPO) && !kindText.includes(program.dir), `${kind}: no path`);
    }
  });

  it("runs the whole lifecycle after being rebuilt from text alone in a fresh process", async () => {
    const file = path.join(program.dir, "provider.txt");
    await writeFile(file, text);
    const env = { PATH: process.env.PATH ?? "" };
    const host = new RebuiltProvider(program, file, env);
    try {
      assert.deepEqual(
        await host.call("configure", { "bunnynet:apiKey": emu.apiKey, "bunnynet:apiUrl": emu.url }),
        {
          ok: true,
          result: null,
        },
      );
      const zone = emu.state.zone(1002)!;
      const list = zone.managedLists.find((l) => !l.isEnabled)!;
      const news = {
        shieldZoneId: 1002,
        configurationId: list.configurationId,
        isEnabled: true,
        action: 3,
        __provider: text,
      };

      const checked = await host.call("check", {}, news);
      assert.equal(checked.result.failures, undefined);
      assert.equal(checked.result.inputs.action, "Challenge");

      const created = await host.call("create", checked.result.inputs);
      assert.ok(created.ok, JSON.stringify(created.error));
      assert.equal(created.result.id, `1002/${list.configurationId}`);
      assert.equal(emu.state.accessList(1002, list.configurationId)!.isEnabled, true);
      const outs = created.result.outs;

      const same = await host.call("diff", created.result.id, outs, checked.result.inputs);
      assert.equal(same.result.changes, false);

      emu.state.accessList(1002, list.configurationId)!.isEnabled = false;
      const read = await host.call("read", created.result.id, outs);
      assert.equal(read.result.props.isEnabled, false);

      const updated = await host.call(
        "update",
        created.result.id,
        read.result.props,
        checked.result.inputs,
      );
      assert.equal(updated.result.outs.isEnabled, true);

      const deleted = await host.call("delete", created.result.id, updated.result.outs);
      assert.ok(deleted.ok);
      assert.equal(emu.state.accessList(1002, list.configurationId)!.isEnabled, false, "restored");

      for (const r of emu.requests) {
        assert.ok(!JSON.stringify(r).includes(emu.apiKey), "the key is not recorded in requests");
      }
    } finally {
      host.close();
    }
  });

  it("keeps stacks deployed with 0.1.0 working: its recorded text reads, updates and deletes", async () => {
    // Recorded from an installed 0.1.0: it requires dist/resources/access-list-configuration-lifecycle.
    const legacy = await readFile(path.join(REPO, "test/fixtures/provider-0.1.0.txt"), "utf8");
    assert.match(legacy, /access-list-configuration-lifecycle\.js/);
    const file = path.join(program.dir, "provider-0.1.0.txt");
    await writeFile(file, legacy);
    const host = new RebuiltProvider(program, file, { PATH: process.env.PATH ?? "" });
    try {
      await host.call("configure", { "bunnynet:apiKey": emu.apiKey, "bunnynet:apiUrl": emu.url });
      const zone = emu.state.zone(1003)!;
      const list = zone.managedLists.find((l) => !l.isEnabled)!;
      const id = `1003/${list.configurationId}`;
      const priorAction = ["None", "Allow", "Block", "Challenge", "Log", "Bypass"][list.action];
      // Outputs exactly as 0.1.0 wrote them after adopting with isEnabled: true (no `priors`).
      list.isEnabled = true;
      const state = {
        shieldZoneId: 1003,
        configurationId: list.configurationId,
        isEnabled: true,
        action: priorAction,
        onDelete: "restore",
        listId: list.listId,
        name: list.name,
        type: "IP",
        category: null,
        priorIsEnabled: false,
        priorAction,
        __provider: legacy,
      };

      const read = await host.call("read", id, state);
      assert.ok(read.ok, JSON.stringify(read.error));
      assert.equal(read.result.props.isEnabled, true);

      const inputs = {
        shieldZoneId: 1003,
        configurationId: list.configurationId,
        isEnabled: true,
        action: "Log",
      };
      const checked = await host.call("check", state, { ...inputs, __provider: legacy });
      assert.equal(checked.result.failures, undefined);
      const diffed = await host.call("diff", id, read.result.props, checked.result.inputs);
      assert.equal(diffed.result.changes, priorAction !== "Log");

      const updated = await host.call("update", id, read.result.props, checked.result.inputs);
      assert.ok(updated.ok, JSON.stringify(updated.error));
      assert.equal(emu.state.accessList(1003, list.configurationId)!.action, 4);

      const deleted = await host.call("delete", id, updated.result.outs);
      assert.ok(deleted.ok, JSON.stringify(deleted.error));
      const after = emu.state.accessList(1003, list.configurationId)!;
      assert.equal(after.isEnabled, false, "isEnabled restored");
      assert.equal(
        after.action,
        ["None", "Allow", "Block", "Challenge", "Log", "Bypass"].indexOf(priorAction),
        "action restored",
      );
    } finally {
      host.close();
    }
  });
});
