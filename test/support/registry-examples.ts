/** The examples of the Pulumi Registry's overview page, `docs/_index.md`, as its suites read them. */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";

/** The overview page the Registry shows. */
export const REGISTRY_INDEX = path.resolve(__dirname, "../../docs/_index.md");

/**
 * The code of the overview's example for `language` (as its chooser names it): the one fenced
 * block inside `{{% choosable language <language> %}}`.
 */
export function registryExample(language: string): string {
  const page = readFileSync(REGISTRY_INDEX, "utf8");
  const open = `{{% choosable language ${language} %}}`;
  const start = page.indexOf(open);
  assert.ok(start >= 0, `docs/_index.md has no ${open}`);
  const end = page.indexOf("{{% /choosable %}}", start);
  const blocks = [...page.slice(start, end).matchAll(/```\w*\n([\s\S]*?)```/g)];
  assert.equal(blocks.length, 1, `docs/_index.md: one code block for ${language}`);
  return blocks[0]![1]!;
}
