/**
 * Writing a generated program to its folder all at once: the files go into a temporary folder
 * beside it first, and move into place only once every one is written, so that a failure leaves
 * no partial program behind.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ShieldError } from "../client/errors";

/** How {@link writeProgram} treats a folder that holds files already. */
export interface WriteOptions {
  /**
   * Write over a folder that is not empty: the program's files replace those of the same name,
   * and the folder's other files (`node_modules`, a stack's `Pulumi.<stack>.yaml`) stay.
   */
  readonly force?: boolean;
}

/** The names a program may give its files: plain names (`__main__.py` too), in the folder itself. */
const PLAIN = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Writes `files` (names to texts) into the folder `out`, made if missing. A folder that is not
 * empty is refused unless `force`. Nothing is left behind on failure (but for a forced write that
 * failed half-way through moving the files into place).
 */
export async function writeProgram(
  files: Readonly<Record<string, string>>,
  out: string,
  options: WriteOptions = {},
): Promise<void> {
  for (const name of Object.keys(files)) {
    if (!PLAIN.test(name))
      throw new ShieldError(`refusing to write a file named ${JSON.stringify(name)}`);
  }
  const target = path.resolve(out);
  const existing = await fs.promises.readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined && existing.length > 0 && !options.force) {
    throw new ShieldError(
      `${out} is not empty; pass --force to write the program over it (its other files stay), or choose another folder.`,
    );
  }
  const parent = path.dirname(target);
  await fs.promises.mkdir(parent, { recursive: true });
  // Beside the target, so that the moves below are renames within one file system.
  const staging = await fs.promises.mkdtemp(
    path.join(parent, `.${path.basename(target)}.generate-`),
  );
  try {
    for (const [name, text] of Object.entries(files)) {
      await fs.promises.writeFile(path.join(staging, name), text, "utf8");
    }
    if (existing === undefined) {
      await fs.promises.rename(staging, target);
      return;
    }
    if (existing.length === 0) {
      await fs.promises.rmdir(target);
      await fs.promises.rename(staging, target);
      return;
    }
    for (const name of Object.keys(files)) {
      await fs.promises.rename(path.join(staging, name), path.join(target, name));
    }
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
