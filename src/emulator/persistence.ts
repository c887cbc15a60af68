/** The state file: read once at start, rewritten atomically after every change. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The parsed JSON of a state file, or undefined when there is none yet. */
export function readStateFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`State file ${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

let writes = 0;

/**
 * Writes `value` as JSON through a temporary file and a rename, so that a reader (or a crash)
 * never sees a half-written file.
 */
export function writeJsonFileAtomically(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++writes}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, path);
}
