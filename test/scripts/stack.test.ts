/**
 * What `npm run example` (scripts/stack.ts) tells a newcomer: the one-time CLI build says what it
 * is, how long and where it is cached, with progress while it lasts; a program's error is the
 * CLI's `error:` line, printed once.
 */
import { strict as assert } from "node:assert";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { failureText, pulumiCliRoot } from "../../scripts/stack";

// How the Automation API makes the error it throws (not in its type declarations).
/* eslint-disable @typescript-eslint/no-require-imports */
const { CommandResult } = require("@pulumi/pulumi/automation/cmd") as {
  CommandResult: new (stdout: string, stderr: string, code: number, err?: Error) => unknown;
};
const { createCommandError } = require("@pulumi/pulumi/automation/errors") as {
  createCommandError(result: unknown): Error;
};
/* eslint-enable @typescript-eslint/no-require-imports */

describe("scripts/stack.ts: a first run as a newcomer sees it", function () {
  this.timeout(60_000);

  it("a program's error is the CLI's error line, once, without the Automation API's wrapping", () => {
    const line =
      'error: pulumi-nodejs:dynamic/bunnynet:ShieldZone resource \'zone\': property wafExecutionMode value {Blok} has a problem: wafExecutionMode must be one of "Log" (0), "Block" (1); got "Blok".';
    const stderr = `Command failed with exit code 1: pulumi preview --diff\n${line}\nPreviewing update (dev):\nResources:\n    1 unchanged\n`;
    const error = createCommandError(
      new CommandResult("", stderr, 1, new Error(`Command failed with exit code 1\n${stderr}`)),
    );
    assert.match(error.message, /code: .*stdout:.*stderr:.*err\?:/s, "what used to be printed");
    assert.equal(failureText(error), line);
    assert.equal(failureText(new Error("no API key")), "no API key");
  });

  it("the CLI build says it is a one-time build, where it is cached, and shows progress", async () => {
    // A stand-in `go` that takes a moment and writes the binaries it is asked for.
    const dir = await mkdtemp(path.join(tmpdir(), "shield-cli-build-"));
    await writeFile(
      path.join(dir, "go"),
      `#!/bin/sh
if [ "$1" = get ]; then echo "go: downloading example.com/a v1.0.0" >&2; echo "go: downloading example.com/b v1.0.0" >&2; sleep 0.5; fi
if [ "$1" = build ]; then while [ $# -gt 0 ]; do if [ "$1" = -o ]; then touch "$2"; fi; shift; done; sleep 0.5; fi
exit 0
`,
    );
    await chmod(path.join(dir, "go"), 0o755);
    const saved = { path: process.env.PATH, cache: process.env.PULUMI_CLI_CACHE };
    process.env.PATH = `${dir}${path.delimiter}${process.env.PATH}`;
    process.env.PULUMI_CLI_CACHE = path.join(dir, "cache");
    const lines: string[] = [];
    try {
      const root = await pulumiCliRoot((line) => lines.push(line), 200);
      assert.equal(root, path.join(dir, "cache"));
    } finally {
      process.env.PATH = saved.path;
      if (saved.cache === undefined) delete process.env.PULUMI_CLI_CACHE;
      else process.env.PULUMI_CLI_CACHE = saved.cache;
    }
    const text = lines.join("\n");
    assert.match(text, /once: about 10-15 minutes/);
    assert.ok(text.includes(`cached in ${path.join(dir, "cache")}`), text);
    assert.match(text, /downloading its modules/);
    assert.match(text, /compiling it/);
    assert.match(text, /\.\.\. 0 min \d s: .*\(2 modules downloaded\)/, text);
  });
});
