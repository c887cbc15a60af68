/**
 * The tools the CLI suites of the plugin's languages need, found or made once: the YAML
 * language host (scripts/pulumi-yaml.sh), the Go environment of scripts/sdk.sh, and a fresh
 * Python virtual environment with Pulumi's Python SDK at the CLI's version and `sdk/python`
 * installed as a user installs them.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import * as path from "node:path";
import { runToEnd } from "./child-process";
import { REPO } from "./packed-package";

export { goEnv } from "../../scripts/go-env";

/** The folder of the YAML language host, built (once) by scripts/pulumi-yaml.sh; none without Go. */
export function yamlHost(): string | undefined {
  const built = spawnSync("bash", [path.join(REPO, "scripts", "pulumi-yaml.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const dir = built.stdout.trim().split("\n").pop() ?? "";
  return built.status === 0 && existsSync(path.join(dir, "pulumi-language-yaml")) ? dir : undefined;
}

/** The version of Pulumi's SDKs, and so of the CLI built for them. */
export const PULUMI_VERSION = (
  JSON.parse(
    readFileSync(path.join(REPO, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
  ) as { version: string }
).version;

/** Whether `python3 -m venv` can make an environment here. */
export const hasPythonVenv = (): boolean =>
  spawnSync("python3", ["-m", "venv", "--help"]).status === 0;

/**
 * A fresh virtual environment in `dir`/venv, as a user makes one, with `pulumi==<the CLI's
 * version>`, `sdk/python` (built from a copy: setuptools writes build/ and *.egg-info beside
 * the sources it builds) and `extra` installed from the registry; resolves to its python.
 */
export async function pythonEnvironment(
  dir: string,
  extra: readonly string[] = [],
): Promise<string> {
  const venv = path.join(dir, "venv");
  const made = await runToEnd("python3", ["-m", "venv", venv]);
  assert.equal(made.code, 0, `python3 -m venv failed:\n${made.stderr}`);
  const python = path.join(venv, "bin", "python");
  const sdk = path.join(dir, "sdk-python");
  await cp(path.join(REPO, "sdk", "python"), sdk, { recursive: true });
  const started = Date.now();
  const installed = await runToEnd(python, [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--disable-pip-version-check",
    `pulumi==${PULUMI_VERSION}`,
    sdk,
    ...extra,
  ]);
  assert.equal(installed.code, 0, `pip install failed:\n${installed.stdout}\n${installed.stderr}`);
  console.log(`      pip install: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return python;
}
