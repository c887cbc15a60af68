/**
 * `pulumi-bunnynet-shield generate`: its command line, what it prints and writes, that the key
 * never shows, and that a failure writes nothing.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseGenerateArguments, projectName, UsageError } from "../../src/generate/cli-args";
import { runCli } from "../../src/generate/cli";
import { ABSENCE_STYLES } from "../../src/emulator";
import { KEY, OPENAPI, PULL_ZONE, readFolder, temporaryFolder, useFurnishedEmulator } from "./zone";

const REPOSITORY = path.resolve(__dirname, "../..");

/** Runs the command in this process; its output, exit code and environment. */
async function run(args: string[], env: Record<string, string | undefined>) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

describe("the generate command line", () => {
  it("takes zones, the folder and the options", () => {
    assert.deepEqual(
      parseGenerateArguments([
        "--pull-zone",
        "501001",
        "--shield-zone=1003",
        "--out",
        "shield",
        "--all",
        "--openapi",
        "1003=api.yaml",
        "--api-url",
        "http://127.0.0.1:9",
        "--concurrency",
        "4",
      ]),
      {
        zones: [{ pullZoneId: 501001 }, { shieldZoneId: 1003, openApiFile: "api.yaml" }],
        out: "shield",
        force: false,
        all: true,
        language: "typescript",
        project: "shield",
        apiUrl: "http://127.0.0.1:9",
        allowInsecureHttp: false,
        concurrency: 4,
      },
    );
    for (const language of ["yaml", "python", "go"]) {
      const parsed = parseGenerateArguments([
        "--pull-zone",
        "7",
        "--out",
        "x",
        "--language",
        language,
      ]);
      assert.equal(parsed !== "help" && parsed.language, language);
    }
    const one = parseGenerateArguments(["--pull-zone", "7", "--out", "x", "--openapi", "a.json"]);
    assert.notEqual(one, "help");
    assert.deepEqual(one !== "help" && one.zones, [{ pullZoneId: 7, openApiFile: "a.json" }]);
    assert.equal(parseGenerateArguments(["--help"]), "help");
    assert.equal(projectName("/tmp/My Zones!"), "My-Zones");
    assert.equal(projectName("/"), "shield-zones");
  });

  it("refuses the key as a flag, and never repeats an argument that may be the key", () => {
    const refused = (args: string[]) => {
      try {
        parseGenerateArguments(args);
      } catch (error) {
        assert.ok(error instanceof UsageError);
        return error.message;
      }
      throw new Error(`accepted ${args.join(" ")}`);
    };
    const flag = refused(["--pull-zone", "1", "--out", "x", "--api-key=s3cr3t-value"]);
    assert.match(
      flag,
      /--api-key is not taken: the API key is read from the BUNNYNET_API_KEY environment variable only/,
    );
    assert.doesNotMatch(flag, /s3cr3t/);
    for (const args of [
      ["--pull-zone", "1", "--out", "x", "s3cr3t-value"],
      ["--pull-zone", "1", "--out", "x", "--token", "s3cr3t-value"],
      ["--pull-zone", "1", "--out", "x", "--kee=s3cr3t-value"],
      ["--pull-zone", "s3cr3t-value", "--out", "x"],
    ]) {
      assert.doesNotMatch(refused(args), /s3cr3t/, args.join(" "));
    }
    assert.match(refused(["--pull-zone", "1"]), /--out <folder> is required/);
    assert.match(refused(["--out", "x"]), /name at least one zone/);
    assert.match(
      refused(["--pull-zone", "1", "--out", "x", "--language", "java"]),
      /--language must be one of typescript, yaml, python, go\./,
    );
    assert.match(
      refused(["--pull-zone", "1", "--pull-zone", "2", "--out", "x", "--openapi", "a.yaml"]),
      /with several, name it: --openapi <id>=<file>/,
    );
  });

  it("answers --help, and refuses an unknown command with exit code 2", async () => {
    const help = await run(["generate", "--help"], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--pull-zone <id>/);
    assert.match(help.stdout, /read from \$BUNNYNET_API_KEY, and only from there/);
    assert.equal((await run(["--help"], {})).code, 0);
    const unknown = await run(["import"], {});
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command/);
  });

  it("is the package's bin, which runs", function () {
    this.timeout(60_000);
    const manifest = JSON.parse(fs.readFileSync(path.join(REPOSITORY, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    assert.equal(manifest.bin["pulumi-bunnynet-shield"], "dist/generate/cli.js");
    const source = fs.readFileSync(path.join(REPOSITORY, "src/generate/cli.ts"), "utf8");
    assert.ok(source.startsWith("#!/usr/bin/env node\n"));
    const result = spawnSync(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "src/generate/cli.ts", "generate", "--help"],
      { cwd: REPOSITORY, encoding: "utf8" },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^Usage: pulumi-bunnynet-shield generate/);
  });

  it("is exported by the package, which loads the generator only when it is called", function () {
    this.timeout(60_000);
    const script = [
      'const shield = require("./src/index.ts");',
      'const loaded = () => Object.keys(require.cache).filter((k) => k.includes("src/generate/"));',
      "console.log(JSON.stringify([typeof shield.generateProgram, typeof shield.writeProgram, loaded().map((k) => k.split('src/generate/')[1]).sort()]));",
    ].join("\n");
    const result = spawnSync(
      process.execPath,
      ["-r", "ts-node/register/transpile-only", "-e", script],
      {
        cwd: REPOSITORY,
        encoding: "utf8",
      },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), ["function", "function", ["index.ts", "write.ts"]]);
  });

  describe("against the emulator", function () {
    this.timeout(60_000);
    const emulator = useFurnishedEmulator();
    const env = () => ({ BUNNYNET_API_KEY: KEY, BUNNYNET_API_URL: emulator().url });

    it("writes the program, with progress per kind on stderr, and never shows the key", async () => {
      const out = path.join(temporaryFolder(), "shield");
      const document = path.join(path.dirname(out), "openapi.yaml");
      fs.writeFileSync(document, OPENAPI);
      const result = await run(
        ["generate", "--pull-zone", String(PULL_ZONE), "--openapi", document, "--out", out],
        env(),
      );
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, "");
      for (const line of [
        "pull zone 501001: shield zone 1001, pull zone 501001, Advanced plan",
        "pull zone 501001: access lists: 4 managed lists, 3 custom lists",
        'pull zone 501001: custom list "Blocked ranges" (',
        "pull zone 501001: custom lists: 3 lists, 166 entries",
        "pull zone 501001: custom WAF rules: 2",
        "pull zone 501001: rate limits: 1",
        "pull zone 501001: custom pages: 1 (block)",
        "pull zone 501001: API Guardian: 3 endpoints",
        "pull zone 501001: bot categorization: 8 categories",
      ]) {
        assert.ok(result.stderr.includes(`pulumi-bunnynet-shield generate: ${line}`), line);
      }
      assert.match(result.stderr, /wrote 7 files to .*shield, 16 resources/);
      const files = readFolder(out);
      assert.deepEqual(Object.keys(files).sort(), [
        "Pulumi.yaml",
        "block.html",
        "blocked-ranges-list.txt",
        "index.ts",
        "openapi.yaml",
        "package.json",
        "tsconfig.json",
      ]);
      assert.match(files["Pulumi.yaml"]!, /^name: shield$/m);
      for (const text of [result.stdout, result.stderr, ...Object.values(files)]) {
        assert.ok(!text.includes(KEY));
      }
    });

    it("reads a zone's missing pages as none, whether the service says so or answers a bare 404", async () => {
      // Most zones lack some page: ASP.NET's bare NotFound() for one must not stop generate.
      const emu = emulator();
      const programs: Record<string, string>[] = [];
      try {
        for (const style of ABSENCE_STYLES) {
          emu.absence = style;
          const out = path.join(temporaryFolder(), "shield");
          const result = await run(
            ["generate", "--pull-zone", String(PULL_ZONE), "--shield-zone", "1002", "--out", out],
            env(),
          );
          assert.equal(result.code, 0, `${style}: ${result.stderr}`);
          assert.match(result.stderr, /pull zone 501001: custom pages: 1 \(block\)/, style);
          assert.match(result.stderr, /shield zone 1002: custom pages: 0\n/, style);
          programs.push(readFolder(out));
        }
      } finally {
        emu.absence = "envelope";
      }
      assert.ok(programs[0]!["index.ts"], "a program was written");
      assert.deepEqual(programs[1], programs[0], "the same program in both styles");
    });

    it("writes nothing when it fails: a wrong key, a missing zone, an unexplained plan refusal", async () => {
      const root = temporaryFolder();
      const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
        [
          "wrong key",
          ["--pull-zone", String(PULL_ZONE)],
          { BUNNYNET_API_KEY: "emu_wrong_key_0000" },
          /The API key was refused/,
        ],
        [
          "missing zone",
          ["--pull-zone", "999999"],
          {},
          /pull zone 999999 has no shield zone, or this API key cannot see it/,
        ],
        [
          "no key",
          ["--pull-zone", String(PULL_ZONE)],
          { BUNNYNET_API_KEY: "" },
          /no bunny\.net API key: set the BUNNYNET_API_KEY environment variable/,
        ],
      ];
      for (const [name, args, extra, message] of cases) {
        const out = path.join(root, name.replace(/ /g, "-"));
        const result = await run(["generate", ...args, "--out", out], { ...env(), ...extra });
        assert.equal(result.code, 1, name);
        assert.match(result.stderr, message, name);
        assert.match(result.stderr, /Nothing was written\.\n$/, name);
        assert.equal(fs.existsSync(out), false, name);
        assert.ok(
          !result.stderr.includes(KEY) && !result.stderr.includes("emu_wrong_key_0000"),
          name,
        );
      }
      const emu = emulator();
      try {
        emu.faults.add({
          route: "listAccessLists",
          envelopeErrorKey: "not_available.access_list",
          times: Infinity,
        });
        const out = path.join(root, "plan");
        const result = await run(
          ["generate", "--pull-zone", String(PULL_ZONE), "--out", out],
          env(),
        );
        assert.equal(result.code, 1);
        assert.match(result.stderr, /pull zone 501001: reading its access lists/);
        assert.equal(fs.existsSync(out), false);
        assert.deepEqual(fs.readdirSync(root), [], "no staging folder left behind");
      } finally {
        emu.faults.clear();
      }
    });

    it("refuses a folder that holds files unless --force, which keeps the folder's other files", async () => {
      const out = temporaryFolder();
      fs.writeFileSync(path.join(out, "Pulumi.dev.yaml"), "config: {}\n");
      fs.writeFileSync(path.join(out, "index.ts"), "// old\n");
      const emu = emulator();
      emu.resetRequests();
      const refused = await run(
        ["generate", "--pull-zone", String(PULL_ZONE), "--out", out],
        env(),
      );
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /is not empty; pass --force/);
      assert.equal(emu.requests.length, 0, "refused before reading anything");
      assert.equal(fs.readFileSync(path.join(out, "index.ts"), "utf8"), "// old\n");

      emu.faults.add({
        route: "getApiGuardian",
        status: 500,
        body: { message: "no" },
        times: Infinity,
      });
      try {
        const failed = await run(
          ["generate", "--pull-zone", String(PULL_ZONE), "--out", out, "--force"],
          env(),
        );
        assert.equal(failed.code, 1);
        assert.deepEqual(fs.readdirSync(out).sort(), ["Pulumi.dev.yaml", "index.ts"]);
        assert.equal(fs.readFileSync(path.join(out, "index.ts"), "utf8"), "// old\n");
      } finally {
        emu.faults.clear();
      }
      const forced = await run(
        ["generate", "--pull-zone", String(PULL_ZONE), "--out", out, "--force"],
        env(),
      );
      assert.equal(forced.code, 0, forced.stderr);
      assert.match(fs.readFileSync(path.join(out, "index.ts"), "utf8"), /new ShieldZone\("zone"/);
      assert.equal(fs.readFileSync(path.join(out, "Pulumi.dev.yaml"), "utf8"), "config: {}\n");
    });
  });
});
