/**
 * Large OpenAPI documents for the reading tests and the `openApiReading` benchmark: the same
 * content written in YAML and in JSON, with as many path items as asked.
 */

const YAML_HEADER = "openapi: 3.0.3\ninfo: { title: Many, version: '1' }\npaths:\n";
const pathOf = (i: number) => `/r${i}/{id}`;
const yamlItem = (i: number) => `  ${pathOf(i)}:\n    get: {}\n`;

/** `paths` path items (`/r0/{id}`, `/r1/{id}`, …), each with one operation, in YAML. */
export function manyPathsYaml(paths: number): string {
  const items: string[] = [];
  for (let i = 0; i < paths; i++) items.push(yamlItem(i));
  return YAML_HEADER + items.join("");
}

/** The document of {@link manyPathsYaml} in JSON. */
export function manyPathsJson(paths: number): string {
  const items: Record<string, unknown> = {};
  for (let i = 0; i < paths; i++) items[pathOf(i)] = { get: {} };
  return JSON.stringify({ openapi: "3.0.3", info: { title: "Many", version: "1" }, paths: items });
}

/** The most path items {@link manyPathsYaml} fits in `chars` characters. */
export function pathsWithin(chars: number): number {
  let size = YAML_HEADER.length;
  let paths = 0;
  while (size + yamlItem(paths).length <= chars) size += yamlItem(paths++).length;
  return paths;
}
