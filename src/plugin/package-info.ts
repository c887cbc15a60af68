/**
 * What the plugin tells the engine about its package: its version (the npm package's) and the
 * package schema, `schema.json` at the package's root (`npm run generate` writes it from the
 * declarations). Both are read from the root, which is two folders up from `src/plugin/` and
 * from `dist/plugin/` alike.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

let schemaText: string | undefined;

/** The package version, without a `v`. */
export function pluginVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(path.join(ROOT, "package.json")) as { version: string }).version;
}

/** The package schema, as JSON text. */
export function schemaJson(): string {
  return (schemaText ??= readFileSync(path.join(ROOT, "schema.json"), "utf8"));
}

/** The tokens of the package's data functions, as the schema lists them. */
export function functionTokens(): string[] {
  return Object.keys((JSON.parse(schemaJson()) as { functions?: object }).functions ?? {});
}
