/** Runs a command to its end, whatever its exit code, for suites and benches that judge it. */
import { spawn, type SpawnOptions } from "node:child_process";

/** What a finished command gave. */
export interface Finished {
  /** Its exit code (null when a signal ended it). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` with `args`, its standard input closed; rejects only when it cannot start. */
export async function runToEnd(
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, "cwd" | "env"> = {},
): Promise<Finished> {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  return { code, stdout, stderr };
}
