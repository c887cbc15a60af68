/**
 * A dry-run release (`npm run release -- --dry-run`, scripts/release.ts), checked as each
 * registry and its users would take it: the npm tarballs install and `require`, the Node.js
 * SDK's `main` and `types` name files it ships; the wheel installs into a fresh virtual
 * environment and `twine check` passes on the sdist and wheel; the Go SDK builds at its module
 * path from a module that requires it; the plugin archives install with `pulumi plugin install
 * --file`. Built once, in `before`. Pending (saying why) without Go or the Pulumi CLI.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { goEnv } from "../../scripts/go-env";
import { PLUGIN_NAME } from "../../scripts/plugin-package";
import { dryRun, goTag, type Manifest } from "../../scripts/release";
import { runToEnd, type Finished } from "../support/child-process";
import { findCli } from "../support/cli-stack";
import { REPO } from "../support/packed-package";

const PULUMI_VERSION = "3.248.0";
const PLATFORMS = ["darwin-amd64", "darwin-arm64", "linux-amd64", "linux-arm64", "windows-amd64"];

function ok(what: string, done: Finished): void {
  assert.equal(done.code, 0, `${what} failed:\n${done.stdout}\n${done.stderr}`);
}

describe("a dry-run release, as the registries take it", function () {
  this.timeout(10 * 60_000);
  let work: string;
  let out: string;
  let manifest: Manifest;
  let pulumi: string;
  const file = (relative: string) => path.join(out, relative);

  before(async function () {
    // The first run compiles the Go SDK and downloads PyPI's build: minutes on two cores.
    this.timeout(20 * 60_000);
    const cli = findCli();
    const hasGo = spawnSync("go", ["version"]).status === 0;
    if (!hasGo || !cli) {
      console.log(
        `      ${hasGo ? "Pulumi CLI not found: run scripts/pulumi-cli.sh" : "Go is not installed (it builds the plugin's launcher and checks the Go SDK)"}. The release suite is pending.`,
      );
      this.skip();
    }
    pulumi = path.join(cli!, "bin", "pulumi");
    work = await mkdtemp(path.join(tmpdir(), "shield-release-test-"));
    out = path.join(work, "release");
    manifest = dryRun({ out, log: (line) => console.log(`      ${line}`) });
  });

  after(async function () {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("writes each artifact at the version of package.json, and release.json saying so", async function () {
    const version = (
      JSON.parse(await readFile(path.join(REPO, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
    assert.equal(manifest.version, version);
    assert.deepEqual(JSON.parse(await readFile(file("release.json"), "utf8")), manifest);
    assert.equal(manifest.npm.provider, `npm/pulumi-bunnynet-shield-${version}.tgz`);
    assert.equal(manifest.npm.sdk, `npm/pulumi-bunnynet-shield-sdk-${version}.tgz`);
    assert.equal(manifest.python.sdist, `python/pulumi_bunnynet_shield-${version}.tar.gz`);
    assert.equal(
      manifest.python.wheel,
      `python/pulumi_bunnynet_shield-${version}-py3-none-any.whl`,
    );
    for (const artifact of [
      manifest.npm.provider,
      manifest.npm.sdk,
      manifest.python.sdist,
      manifest.python.wheel,
    ]) {
      assert.ok(existsSync(file(artifact)), artifact);
    }
  });

  describe("npm", function () {
    let project: string;

    before(async function () {
      this.timeout(10 * 60_000);
      project = path.join(work, "npm-user");
      await mkdir(project);
      await writeFile(
        path.join(project, "package.json"),
        JSON.stringify({ name: "release-check", version: "1.0.0", private: true }),
      );
      // npm installs the peer @pulumi/pulumi too, as for a user; its cache makes reruns quick.
      ok(
        "npm install of the two tarballs",
        await runToEnd(
          "npm",
          [
            "install",
            "--no-audit",
            "--no-fund",
            "--prefer-offline",
            file(manifest.npm.provider),
            file(manifest.npm.sdk),
          ],
          { cwd: project },
        ),
      );
    });

    it("installs the provider package, which `require` loads", async function () {
      const loaded = await runToEnd(
        "node",
        [
          "-e",
          "const p = require('pulumi-bunnynet-shield'); console.log(typeof p.ShieldZone, typeof require('pulumi-bunnynet-shield/emulator').startEmulator)",
        ],
        { cwd: project },
      );
      ok("require('pulumi-bunnynet-shield')", loaded);
      assert.equal(loaded.stdout.trim(), "function function");
    });

    it("installs the Node.js SDK, whose main and types name files it ships", async function () {
      const installed = path.join(project, "node_modules", "pulumi-bunnynet-shield-sdk");
      const pkg = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")) as {
        main?: string;
        types?: string;
        pulumi?: { server?: string; version?: string };
      };
      assert.equal(pkg.main, "index.js");
      assert.equal(pkg.types, "index.d.ts");
      for (const entry of [pkg.main, pkg.types]) {
        assert.ok(existsSync(path.join(installed, entry)), `${entry} is in the package`);
      }
      assert.equal(pkg.pulumi?.version, manifest.version);
      const schema = JSON.parse(await readFile(path.join(REPO, "schema.json"), "utf8")) as {
        pluginDownloadURL: string;
      };
      assert.equal(pkg.pulumi?.server, schema.pluginDownloadURL);
      const loaded = await runToEnd(
        "node",
        [
          "-e",
          "const sdk = require('pulumi-bunnynet-shield-sdk'); console.log(typeof sdk.ShieldZone, typeof sdk.getAccessListsOutput)",
        ],
        { cwd: project },
      );
      ok("require('pulumi-bunnynet-shield-sdk')", loaded);
      assert.equal(loaded.stdout.trim(), "function function");
    });
    it("gives TypeScript the SDK's types through `types`", async function () {
      await writeFile(
        path.join(project, "check.ts"),
        [
          'import { ShieldZone, type ShieldZoneArgs } from "pulumi-bunnynet-shield-sdk";',
          "const args: ShieldZoneArgs = { pullZoneId: 1 };",
          "export const zone: typeof ShieldZone = ShieldZone;",
          "export default args;",
          "",
        ].join("\n"),
      );
      // No @types of this project's: only what the SDK's own declarations bring.
      await writeFile(
        path.join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            noEmit: true,
            strict: true,
            skipLibCheck: true,
            module: "nodenext",
            moduleResolution: "nodenext",
            types: [],
          },
          files: ["check.ts"],
        }),
      );
      const checked = await runToEnd(
        path.join(REPO, "node_modules/.bin/tsc"),
        ["-p", "tsconfig.json"],
        {
          cwd: project,
        },
      );
      ok("tsc on a program importing the SDK", checked);
    });
  });

  describe("PyPI", function () {
    let python: string;

    before(async function () {
      this.timeout(10 * 60_000);
      const venv = path.join(work, "venv");
      ok("python3 -m venv", await runToEnd("python3", ["-m", "venv", venv]));
      python = path.join(venv, "bin", "python");
      ok(
        "pip install of twine and the wheel",
        await runToEnd(python, [
          "-m",
          "pip",
          "install",
          "--quiet",
          "--disable-pip-version-check",
          "twine",
          `pulumi==${PULUMI_VERSION}`,
          file(manifest.python.wheel),
        ]),
      );
    });

    it("passes `twine check --strict` on the sdist and the wheel", async function () {
      const checked = await runToEnd(python, [
        "-m",
        "twine",
        "check",
        "--strict",
        file(manifest.python.sdist),
        file(manifest.python.wheel),
      ]);
      ok("twine check", checked);
      assert.equal((checked.stdout.match(/PASSED/g) ?? []).length, 2, checked.stdout);
    });

    it("installs the wheel, which imports, with the plugin's version", async function () {
      const imported = await runToEnd(python, [
        "-c",
        [
          "import json, importlib.resources as r, pulumi_bunnynet_shield as p",
          "print(p.ShieldZone.__name__, json.loads(r.files(p).joinpath('pulumi-plugin.json').read_text())['version'])",
        ].join("\n"),
      ]);
      ok("import pulumi_bunnynet_shield", imported);
      assert.equal(imported.stdout.trim(), `ShieldZone ${manifest.version}`);
    });
  });

  describe("Go", function () {
    it("tags the module at its folder, as Go finds a module in a repository's subfolder", function () {
      const goMod = readFileSync(path.join(REPO, "sdk/go/go.mod"), "utf8");
      const schema = JSON.parse(readFileSync(path.join(REPO, "schema.json"), "utf8")) as {
        language: { go: { importBasePath: string } };
      };
      assert.equal(manifest.go.module, /^module (\S+)/m.exec(goMod)?.[1]);
      assert.equal(`${manifest.go.module}/bunnynetshield`, schema.language.go.importBasePath);
      assert.equal(manifest.go.tag, `sdk/go/v${manifest.version}`);
    });

    it("refuses a module path that does not end with its folder", async function () {
      const dir = path.join(work, "sdk", "go");
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, "go.mod"), "module example.com/elsewhere/go-sdk\n");
      assert.throws(() => goTag(dir, "0.2.0", work), /does not end with its folder sdk\/go/);
    });

    it("builds at its module path, from a module that requires it", async function () {
      const user = path.join(work, "go-user");
      await mkdir(user);
      const sdk = path.join(REPO, "sdk/go");
      await writeFile(
        path.join(user, "go.mod"),
        [
          "module example.com/release-check",
          "",
          "go 1.25",
          "",
          `require ${manifest.go.module} v${manifest.version}`,
          "",
          `replace ${manifest.go.module} => ${sdk}`,
          "",
        ].join("\n"),
      );
      // The SDK's go.sum holds every checksum its requirements need.
      await writeFile(path.join(user, "go.sum"), await readFile(path.join(sdk, "go.sum")));
      await writeFile(
        path.join(user, "main.go"),
        [
          "package main",
          "",
          "import (",
          `\t"${manifest.go.module}/bunnynetshield"`,
          '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
          ")",
          "",
          "func main() {",
          "\tpulumi.Run(func(ctx *pulumi.Context) error {",
          '\t\t_, err := bunnynetshield.NewShieldZone(ctx, "zone", &bunnynetshield.ShieldZoneArgs{PullZoneId: pulumi.Int(1)})',
          "\t\treturn err",
          "\t})",
          "}",
          "",
        ].join("\n"),
      );
      ok(
        "go build of a module requiring the SDK",
        await runToEnd("go", ["build", "-o", path.join(work, "go-user-bin"), "."], {
          cwd: user,
          env: goEnv("-mod=mod"),
        }),
      );
    });
  });

  describe("the plugin archives", function () {
    it("holds an archive per platform, named as pluginDownloadURL's release serves them", function () {
      assert.deepEqual(
        manifest.plugin.archives,
        PLATFORMS.map(
          (platform) => `plugin/${PLUGIN_NAME}-v${manifest.version}-${platform}.tar.gz`,
        ),
      );
    });

    it("lists every archive's SHA-256 in the checksum file", async function () {
      assert.equal(
        manifest.plugin.checksums,
        `plugin/${PLUGIN_NAME}-v${manifest.version}-checksums.txt`,
      );
      const listed = new Map(
        (await readFile(file(manifest.plugin.checksums!), "utf8"))
          .trim()
          .split("\n")
          .map((line) => {
            const [sum, name] = line.split(/\s+\*?/, 2) as [string, string];
            return [name, sum];
          }),
      );
      for (const archive of manifest.plugin.archives) {
        const sum = createHash("sha256")
          .update(await readFile(file(archive)))
          .digest("hex");
        assert.equal(listed.get(path.basename(archive)), sum, archive);
      }
    });

    it("installs each with `pulumi plugin install resource bunnynet-shield <version> --file`", async function () {
      for (const archive of manifest.plugin.archives) {
        const platform = /-v[^-]+-(\w+-\w+)\.tar\.gz$/.exec(archive)![1]!;
        const home = path.join(work, `pulumi-home-${platform}`);
        const env = { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "1" };
        ok(
          `pulumi plugin install --file ${archive}`,
          await runToEnd(
            pulumi,
            [
              "plugin",
              "install",
              "resource",
              "bunnynet-shield",
              manifest.version,
              "--file",
              file(archive),
            ],
            { env },
          ),
        );
        const exe = platform.startsWith("windows-") ? ".exe" : "";
        const installed = path.join(
          home,
          "plugins",
          `resource-bunnynet-shield-v${manifest.version}`,
          `${PLUGIN_NAME}${exe}`,
        );
        assert.ok(existsSync(installed), `${archive}: ${installed} installed`);
      }
    });
  });
});
