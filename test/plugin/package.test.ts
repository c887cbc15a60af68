/**
 * `npm run plugin` as a user of any language gets it: the archive it writes, installed by the
 * real CLI (`pulumi plugin install resource bunnynet-shield <version> --file <archive>`), and
 * the installed executable run where no `node` can be found, answering over gRPC, whatever the
 * user's `NODE_OPTIONS` say. Pending when the CLI has not been built (scripts/pulumi-cli.sh) or
 * when the plugin cannot be packaged here (no single executable, no Go), saying which.
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { connectPlugin, spawnPlugin, CHECKED, type PluginProcess } from "../../bench/plugin-start";
import {
  hostTarget,
  packagingUnsupported,
  PLUGIN_NAME,
  SERVER_NAME,
} from "../../scripts/plugin-package";
import { startEmulator, type Emulator } from "../../src/emulator";
import { secret } from "../../src/plugin/wire";
import { findCli } from "../support/cli-stack";

const ROOT = path.join(__dirname, "..", "..");
const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
).version;

describe("plugin package (npm run plugin, installed by the Pulumi CLI, run without Node.js)", function () {
  // Bundling, the blob and a 100 MB copy of Node take about 10 s, and longer on a busy machine.
  this.timeout(300_000);
  let work: string;
  let pulumi: string;
  let archive: string;
  let installed: string;
  /** An environment in which no `node` can be found: a PATH of one empty folder. */
  let bare: NodeJS.ProcessEnv;

  before(function () {
    const cli = findCli();
    const unsupported = packagingUnsupported();
    if (!cli || unsupported) {
      console.log(
        `      ${cli ? `The plugin cannot be packaged here: ${unsupported}.` : "Pulumi CLI not found: run scripts/pulumi-cli.sh (needs Go)."} The plugin package suite is pending.`,
      );
      this.skip();
    }
    pulumi = path.join(cli!, "bin", "pulumi");
    work = mkdtempSync(path.join(tmpdir(), "shield-plugin-package-"));
    mkdirSync(path.join(work, "empty-path"));
    bare = { PATH: path.join(work, "empty-path") };
    execFileSync("npm", ["run", "-s", "plugin", "--", `--out-dir=${path.join(work, "dist")}`], {
      cwd: ROOT,
      stdio: "pipe",
    });
    archive = path.join(work, "dist", `${PLUGIN_NAME}-v${VERSION}-${hostTarget()}.tar.gz`);
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("writes the archive Pulumi names, holding the launcher and the server, at its root", () => {
    assert.ok(statSync(archive).isFile(), `${archive} written`);
    const listing = execFileSync("tar", ["-tvzf", archive], { encoding: "utf8" })
      .trim()
      .split("\n");
    assert.equal(listing.length, 2, `two entries: ${listing.join("; ")}`);
    assert.match(listing[0]!, new RegExp(`^-rwx.* ${PLUGIN_NAME}$`));
    assert.match(listing[1]!, new RegExp(`^-rwx.* ${SERVER_NAME}$`));
  });

  it("is installed by `pulumi plugin install resource bunnynet-shield <version> --file`", () => {
    const env = {
      ...bare,
      PULUMI_HOME: path.join(work, "pulumi-home"),
      PULUMI_SKIP_UPDATE_CHECK: "1",
    };
    execFileSync(
      pulumi,
      ["plugin", "install", "resource", "bunnynet-shield", VERSION, "--file", archive],
      {
        env,
        stdio: "pipe",
      },
    );
    installed = path.join(
      env.PULUMI_HOME,
      "plugins",
      `resource-bunnynet-shield-v${VERSION}`,
      PLUGIN_NAME,
    );
    assert.ok(statSync(installed).mode & 0o100, `${installed} is executable`);
    const listed = JSON.parse(
      execFileSync(pulumi, ["plugin", "ls", "--json"], { env, encoding: "utf8" }),
    ) as Array<{
      name: string;
      kind: string;
      version: string;
    }>;
    assert.deepEqual(
      listed.map((p) => [p.kind, p.name, p.version]),
      [["resource", "bunnynet-shield", VERSION]],
    );
    // The CLI itself starts the installed plugin by name, with no node on PATH, for its schema.
    const schema = execFileSync(pulumi, ["package", "get-schema", `bunnynet-shield@${VERSION}`], {
      env,
      encoding: "utf8",
    });
    assert.equal((JSON.parse(schema) as { name: string }).name, "bunnynet-shield");
  });

  describe("the installed executable, run where no node can be found", () => {
    let plugin: PluginProcess;
    let emulator: Emulator;

    before(async function () {
      if (!installed) this.skip();
      const found = spawnSync("/bin/sh", ["-c", "command -v node"], { env: bare });
      assert.notEqual(found.status, 0, `node is not found on PATH=${bare.PATH}`);
      emulator = await startEmulator();
      // From a folder outside the repository: nothing of it may be read.
      plugin = await spawnPlugin(installed, [], { env: bare, cwd: work });
    });
    after(async () => {
      await plugin?.stop();
      await emulator?.close();
    });

    it("prints its port and answers GetPluginInfo and GetSchema", async () => {
      assert.ok(plugin.port > 0);
      const connection = connectPlugin(plugin.port);
      try {
        assert.equal(await connection.getPluginInfo(), VERSION);
        assert.deepEqual(
          JSON.parse(await connection.getSchema()),
          JSON.parse(readFileSync(path.join(ROOT, "schema.json"), "utf8")),
        );
      } finally {
        connection.close();
      }
    });

    it("checks, imports and calls a data function against the service, with the SDK it carries", async () => {
      const connection = connectPlugin(plugin.port);
      try {
        await connection.configure({ apiKey: secret(emulator.apiKey), apiUrl: emulator.url });
        const checked = await connection.check(CHECKED.token, CHECKED.inputs);
        assert.deepEqual(checked.failures, []);
        assert.equal(checked.inputs.name, CHECKED.inputs.name);
        // An import reads the object by its id alone, with the SDK's id parsing.
        const imported = await connection.importRead("bunnynet-shield:index:ShieldZone", "1002");
        assert.equal(imported.id, "1002");
        assert.equal(imported.outputs.shieldZoneId, 1002);
        // A data function, whose module the plugin loads on its first call.
        const zone = await connection.invoke("bunnynet-shield:index:getShieldZone", {
          shieldZoneId: 1002,
        });
        assert.equal(zone.shieldZoneId, 1002);
      } finally {
        connection.close();
      }
    });

    it("writes nothing to standard error (no module it failed to load)", () => {
      assert.equal(plugin.stderr(), "");
    });

    describe("ignores the user's NODE_OPTIONS", () => {
      // What a user sets for their own tools: a module to preload, a debugger, a small heap.
      const preloaded = () => path.join(work, "preloaded");
      const preload = () => path.join(work, "preload.js");
      const options: Record<string, () => string> = {
        "--require <the user's module>": () => `--require ${JSON.stringify(preload())}`,
        "--inspect": () => "--inspect",
        "--max-old-space-size=16": () => "--max-old-space-size=16",
      };
      before(() => {
        writeFileSync(
          preload(),
          `require("node:fs").writeFileSync(${JSON.stringify(preloaded())}, "ran");\n`,
        );
      });

      for (const [name, value] of Object.entries(options)) {
        it(`NODE_OPTIONS=${name}: starts, answers, runs nothing of it`, async () => {
          const started = await spawnPlugin(installed, [], {
            env: { ...bare, NODE_OPTIONS: value() },
            cwd: work,
          });
          const connection = connectPlugin(started.port);
          try {
            assert.equal(await connection.getPluginInfo(), VERSION);
            await connection.configure({ apiKey: secret(emulator.apiKey), apiUrl: emulator.url });
            assert.deepEqual((await connection.check(CHECKED.token, CHECKED.inputs)).failures, []);
            // The SDK's 10 MB and a data function: more than a 16 MB heap holds.
            const imported = await connection.importRead(
              "bunnynet-shield:index:ShieldZone",
              "1002",
            );
            assert.equal(imported.outputs.shieldZoneId, 1002);
            const zone = await connection.invoke("bunnynet-shield:index:getShieldZone", {
              shieldZoneId: 1002,
            });
            assert.equal(zone.shieldZoneId, 1002);
          } finally {
            connection.close();
            await started.stop();
          }
          assert.equal(started.stderr(), "");
          assert.ok(!existsSync(preloaded()), "the user's --require module ran in the plugin");
        });
      }
    });
  });
});
