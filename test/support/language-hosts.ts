/**
 * The language tools the CLI suites run programs with, found or built as scripts/ builds them
 * (cached outside the repository); each gives nothing where Go is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { REPO } from "./packed-package";

/** The folder of the YAML language host, built (once) by scripts/pulumi-yaml.sh; none without Go. */
export function yamlHost(): string | undefined {
  const built = spawnSync("bash", [path.join(REPO, "scripts", "pulumi-yaml.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const dir = built.stdout.trim().split("\n").pop() ?? "";
  return built.status === 0 && existsSync(path.join(dir, "pulumi-language-yaml")) ? dir : undefined;
}

export { goEnv } from "../../scripts/go-env";
