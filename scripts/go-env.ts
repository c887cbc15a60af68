/**
 * The environment Go builds the SDK's Go module in, for scripts and tests: the module and
 * build caches the CLI's and the SDK generator's builds have filled already (scripts/
 * pulumi-cli.sh, scripts/sdk.sh), so that building on the Pulumi Go SDK downloads and compiles
 * nothing twice.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";

/**
 * `process.env` with `GOPATH` and `GOCACHE` (unless set) those of the CLI's and the SDK
 * generator's builds, `GOFLAGS` (default `-mod=readonly`: a go.sum must be complete, as users
 * build it) and `GOSUMDB` off (the checksum database is not reachable here; go.sum is
 * committed).
 */
export function goEnv(goflags = "-mod=readonly"): NodeJS.ProcessEnv {
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
    GOFLAGS: goflags,
    GOSUMDB: process.env.GOSUMDB ?? "off",
  };
}
