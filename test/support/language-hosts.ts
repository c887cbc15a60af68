/**
 * The language tools the CLI suites run programs with, found or built as scripts/ builds them
 * (cached outside the repository); each gives nothing where Go is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
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

/**
 * The Go environment of scripts/sdk.sh: the CLI build's module cache (it holds the Pulumi SDK's
 * modules already) and the SDK generator's build cache.
 */
export function goEnv(): NodeJS.ProcessEnv {
  const root = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
    "bunnynet-shield-pulumi",
  );
  const cliGopath = path.join(root, "cli-v3.248.0", "gopath");
  const sdkGen = path.join(root, "sdk-gen-v3.248.0");
  return {
    ...process.env,
    GOPATH:
      process.env.GOPATH ??
      (existsSync(path.join(cliGopath, "pkg", "mod")) ? cliGopath : path.join(sdkGen, "gopath")),
    GOCACHE: process.env.GOCACHE ?? path.join(sdkGen, "gocache"),
    GOFLAGS: "-mod=readonly",
    // The checksum database is not reachable here; go.sum is committed.
    GOSUMDB: process.env.GOSUMDB ?? "off",
  };
}
