/**
 * Reading a large OpenAPI document, as ApiGuardian's `check` (and the emulator's upload) does:
 * `parseOpenApiDocument` on the same content written in YAML and in JSON, at `paths`, twice and
 * four times as many path items, and at the most path items that fit in `largeDocumentChars`.
 * Within each run the two formats alternate which goes first. The per-path cost at four times
 * the paths against the first size shows whether reading is linear (1) or quadratic (4). The
 * YAML reader as 0.2.0 called it (`yaml.parse` with its own duplicate-key check) is timed at
 * `previousReaderPaths`, in the same runs.
 */
import { parseOpenApiDocument } from "../src/openapi/document";
import { manyPathsJson, manyPathsYaml, pathsWithin } from "../test/openapi/document.fixtures";
import { collectGarbage, countLabel, median, now, repeat, type Sizes } from "./measure";

/** One document size: both formats, medians over the runs. */
export interface ReadingSize {
  paths: number;
  yamlChars: number;
  jsonChars: number;
  yamlMs: number;
  jsonMs: number;
  /** YAML ÷ JSON, the median of the runs' ratios. */
  yamlToJsonRatio: number;
  yamlMicrosPerPath: number;
}

/** What `openApiReading` adds to results.json. */
export interface OpenApiReadingResult {
  /** Keyed `at20k`, `at40k`, `at80k` (by path count) and `large`. */
  sizes: Record<string, ReadingSize>;
  /** `sizes`' YAML and JSON times alone, by the same keys, to print as a table. */
  yamlMs: Record<string, number>;
  jsonMs: Record<string, number>;
  /** YAML µs per path at four times `paths` ÷ at `paths`, median of the runs': 1 is linear. */
  perPathGrowth: number;
  /** The most-paths document (about `largeDocumentChars`) in YAML, seconds. */
  largeYamlSeconds: number;
  /** 0.2.0's reading against today's, same YAML text, same runs (absent when not measured). */
  previousReader?: { paths: number; previousMs: number; currentMs: number; speedup: number };
  runs: number;
  /** Documents whose operations did not come out one per path item. */
  failures: number;
}

interface Texts {
  label: string;
  paths: number;
  yaml: string;
  json: string;
}

/** Reads every document in both formats `runs` times; see the file comment. */
export async function openApiReading(size: Sizes["openApiReading"]): Promise<OpenApiReadingResult> {
  const documents: Texts[] = [1, 2, 4].map((factor) => {
    const paths = size.paths * factor;
    return { label: `at${countLabel(paths)}`, paths, yaml: "", json: "" };
  });
  documents.push({
    label: "large",
    paths: pathsWithin(size.largeDocumentChars),
    yaml: "",
    json: "",
  });
  for (const d of documents) {
    d.yaml = manyPathsYaml(d.paths);
    d.json = manyPathsJson(d.paths);
  }
  let failures = 0;
  const current = (text: string) => parseOpenApiDocument(text).operations.length;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const yaml = require("yaml") as typeof import("yaml");
  /** 0.2.0's YAML reading, without extracting the operations (linear; one per path here). */
  const previous = (text: string) =>
    Object.keys((yaml.parse(text, { maxAliasCount: 100 }) as { paths: object }).paths).length;
  /** Reads `text` once after a collection; its time in ms. A wrong count is a failure. */
  const read = (text: string, paths: number, reader = current): number => {
    collectGarbage();
    const start = now();
    const count = reader(text);
    const ms = now() - start;
    if (count !== paths) failures++;
    return ms;
  };
  const previousText = size.previousReaderPaths > 0 ? manyPathsYaml(size.previousReaderPaths) : "";

  // Warm-up: load the reader and compile its code.
  read(documents[0]!.yaml, documents[0]!.paths);
  read(documents[0]!.json, documents[0]!.paths);
  const runs = await repeat(size.runs, async (run) => {
    const times: Record<string, { yamlMs: number; jsonMs: number }> = {};
    for (const d of documents) {
      const yamlFirst = run % 2 === 0;
      const first = read(yamlFirst ? d.yaml : d.json, d.paths);
      const second = read(yamlFirst ? d.json : d.yaml, d.paths);
      times[d.label] = yamlFirst
        ? { yamlMs: first, jsonMs: second }
        : { yamlMs: second, jsonMs: first };
    }
    let before: { previousMs: number; currentMs: number } | undefined;
    if (previousText) {
      const paths = size.previousReaderPaths;
      const currentFirst = run % 2 === 0;
      const a = read(previousText, paths, currentFirst ? current : previous);
      const b = read(previousText, paths, currentFirst ? previous : current);
      before = currentFirst ? { currentMs: a, previousMs: b } : { currentMs: b, previousMs: a };
    }
    return { times, before };
  });

  const sizes: Record<string, ReadingSize> = {};
  for (const d of documents) {
    const yamlMs = median(runs.map((r) => r.times[d.label]!.yamlMs));
    sizes[d.label] = {
      paths: d.paths,
      yamlChars: d.yaml.length,
      jsonChars: d.json.length,
      yamlMs,
      jsonMs: median(runs.map((r) => r.times[d.label]!.jsonMs)),
      yamlToJsonRatio: median(runs.map((r) => r.times[d.label]!.yamlMs / r.times[d.label]!.jsonMs)),
      yamlMicrosPerPath: (yamlMs * 1000) / d.paths,
    };
  }
  const [smallest, , largest] = documents;
  const perPath = (ms: number, d: Texts) => ms / d.paths;
  const result: OpenApiReadingResult = {
    sizes,
    perPathGrowth: median(
      runs.map(
        (r) =>
          perPath(r.times[largest!.label]!.yamlMs, largest!) /
          perPath(r.times[smallest!.label]!.yamlMs, smallest!),
      ),
    ),
    yamlMs: Object.fromEntries(Object.entries(sizes).map(([key, s]) => [key, s.yamlMs])),
    jsonMs: Object.fromEntries(Object.entries(sizes).map(([key, s]) => [key, s.jsonMs])),
    largeYamlSeconds: sizes.large!.yamlMs / 1000,
    runs: size.runs,
    failures,
  };
  if (previousText) {
    const pairs = runs.map((r) => r.before!);
    result.previousReader = {
      paths: size.previousReaderPaths,
      previousMs: median(pairs.map((p) => p.previousMs)),
      currentMs: median(pairs.map((p) => p.currentMs)),
      speedup: median(pairs.map((p) => p.previousMs / p.currentMs)),
    };
  }
  return result;
}
