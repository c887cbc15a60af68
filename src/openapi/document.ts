/**
 * Reading an OpenAPI document (JSON or YAML, OpenAPI 3 or Swagger 2) as API Guardian does:
 * its title and version, and one endpoint per operation (`"GET /users/{id}"`) with the
 * parameters it declares by location. Shared by the `ApiGuardian` resource, which checks
 * endpoint keys against the document before any request, and the emulator, which derives the
 * endpoints an upload yields.
 */

import type { Document, LineCounter, Node as YamlNode, Scalar } from "yaml";

/** The HTTP methods an OpenAPI path item can hold operations for. */
export const HTTP_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

/** Where a parameter travels, named as API Guardian names them. */
export type ParameterLocation = "Path" | "Query" | "Header" | "Cookie";
const LOCATIONS: Record<string, ParameterLocation> = {
  path: "Path",
  query: "Query",
  header: "Header",
  cookie: "Cookie",
};

/** One operation of the document. */
export interface DocumentOperation {
  /** `"GET /users/{id}"`: the method in capitals, one space, the path as the document writes it. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  /** The names of the parameters it declares (its own and its path item's), by location. */
  readonly parameters: Record<ParameterLocation, string[]>;
  readonly hasRequestBody: boolean;
}

/** What API Guardian reads from a document. */
export interface OpenApiDocument {
  readonly title: string | null;
  readonly version: string | null;
  readonly operations: readonly DocumentOperation[];
}

/** Why a text is not an OpenAPI document, said so that its author can fix it. */
export class DocumentError extends Error {
  override name = "DocumentError";
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The endpoint key of `method` and `path`, as the resource and the service write it. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * The YAML reader, loaded by the first YAML document: it is most of ApiGuardian's cold start, and
 * a JSON document (or a check without one) does not need it.
 */
let yaml: typeof import("yaml") | undefined;
function parseYaml(text: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  yaml ??= require("yaml") as typeof import("yaml");
  const lineCounter = new yaml.LineCounter();
  // The reader's own duplicate-key check compares each key with every earlier key of its map:
  // quadratic in a map's size (80,000 paths took 35 s). It is off, and refuseDuplicateKeys
  // makes the same check in one pass.
  const document = yaml.parseDocument(text, { uniqueKeys: false, lineCounter });
  // What yaml.parse does with a parsed document: warnings reported, the first error thrown.
  for (const warning of document.warnings) process.emitWarning(warning);
  if (document.errors.length > 0) throw document.errors[0];
  refuseDuplicateKeys(yaml, document, lineCounter);
  return document.toJS({ maxAliasCount: 100 });
}

/** The longest key quoted whole in an error; a longer one is cut, to keep the message readable. */
const MAX_QUOTED_KEY = 80;

/**
 * Throws when a map of `document` has a key twice, naming the key and both places. Keys are
 * compared as the reader compares them (scalars by value), in a lookup table per map, so the
 * check is linear in the document's size.
 */
function refuseDuplicateKeys(
  reader: typeof import("yaml"),
  document: Document,
  lines: LineCounter,
): void {
  const where = (node: YamlNode) => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return `line ${line}, column ${col}`;
  };
  reader.visit(document, {
    Map(_, map) {
      const seen = new Map<unknown, Scalar>();
      for (const { key } of map.items) {
        if (!reader.isScalar(key)) continue;
        const first = seen.get(key.value);
        if (first === undefined) {
          seen.set(key.value, key);
          continue;
        }
        const name = String(key.value);
        const quoted = JSON.stringify(
          name.length > MAX_QUOTED_KEY ? `${name.slice(0, MAX_QUOTED_KEY)}…` : name,
        );
        throw new Error(
          `map keys must be unique, but ${quoted} at ${where(key)} repeats the key at ${where(first)}`,
        );
      }
    },
  });
}

/** Parses a document; throws a {@link DocumentError} that says what is wrong. */
export function parseOpenApiDocument(text: string): OpenApiDocument {
  let root: unknown;
  try {
    // YAML is a superset of JSON, but JSON.parse is much faster on a large JSON document.
    root = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new DocumentError(`it is neither valid JSON nor valid YAML (${reason})`);
  }
  if (!isNode(root)) throw new DocumentError("it is not an object at the top level");
  if (typeof root.openapi !== "string" && typeof root.swagger !== "string") {
    throw new DocumentError('it has no "openapi" (or "swagger") version field');
  }
  if (!isNode(root.paths)) throw new DocumentError('it has no "paths" object');
  const info = isNode(root.info) ? root.info : {};
  const text_ = (value: unknown) => (typeof value === "string" ? value : null);
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(root.paths)) {
    if (!isNode(item)) continue;
    const shared = parametersOf(item.parameters);
    for (const method of HTTP_METHODS) {
      const operation = item[method.toLowerCase()];
      if (!isNode(operation)) continue;
      const own = parametersOf(operation.parameters);
      const parameters = { Path: [], Query: [], Header: [], Cookie: [] } as Record<
        ParameterLocation,
        string[]
      >;
      for (const [location, name] of [...shared, ...own]) {
        if (!parameters[location].includes(name)) parameters[location].push(name);
      }
      operations.push({
        key: endpointKey(method, path),
        method,
        path,
        parameters,
        hasRequestBody: operation.requestBody !== undefined,
      });
    }
  }
  return { title: text_(info.title), version: text_(info.version), operations };
}

/** `[location, name]` of each inline parameter; referenced ones (`$ref`) carry no name here. */
function parametersOf(list: unknown): Array<[ParameterLocation, string]> {
  if (!Array.isArray(list)) return [];
  return list.flatMap((p): Array<[ParameterLocation, string]> => {
    if (!isNode(p) || typeof p.name !== "string" || typeof p.in !== "string") return [];
    const location = LOCATIONS[p.in];
    return location ? [[location, p.name]] : [];
  });
}
