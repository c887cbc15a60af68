/** What `generateProgram` does, loaded on its first call. */
import { positiveId, shieldZoneId as checkZoneId } from "../client/arguments";
import { InvalidArgumentError, ShieldError } from "../client/errors";
import { clientFor } from "../resources/kit/clients";
import type { GeneratedProgram, GenerateLanguage, GenerateOptions } from "./index";
import type { ProgramModel } from "./model";
import { buildModel } from "./program";
import { readZones, selectorName, type ZoneSelector } from "./read";
import { packageVersions } from "./program-text";
import { emitGo } from "./go/emit";
import { emitPython } from "./python/emit";
import { emitTypeScript } from "./typescript/emit";
import { emitYaml } from "./yaml/emit";

/** Each language's emitter: a model's files, by name. */
const EMITTERS: Readonly<
  Record<GenerateLanguage, (model: ProgramModel) => Record<string, string>>
> = {
  typescript: (model) => emitTypeScript(model),
  yaml: emitYaml,
  python: emitPython,
  go: emitGo,
};

/** Reads in flight when not told: the client's socket pool, which the benchmark showed is needed. */
export const DEFAULT_CONCURRENCY = 32;

/** A project name Pulumi accepts: letters, digits, `-`, `_` and `.`. */
const PROJECT = /^[A-Za-z0-9_.-]{1,100}$/;

/** The checked selectors. */
function selectors(zones: unknown): ZoneSelector[] {
  if (!Array.isArray(zones) || zones.length === 0) {
    throw new InvalidArgumentError(
      "zones",
      zones,
      "expected at least one { pullZoneId } or { shieldZoneId }",
    );
  }
  return zones.map((zone: unknown, i) => {
    const record = (zone ?? {}) as Record<string, unknown>;
    const document = record.openApiDocument;
    if (document !== undefined && typeof document !== "string") {
      throw new InvalidArgumentError(
        `zones[${i}].openApiDocument`,
        document,
        "expected the document's text",
      );
    }
    const extra = document === undefined ? {} : { openApiDocument: document };
    if ("pullZoneId" in record && !("shieldZoneId" in record)) {
      return { pullZoneId: positiveId(record.pullZoneId, `zones[${i}].pullZoneId`), ...extra };
    }
    if ("shieldZoneId" in record && !("pullZoneId" in record)) {
      return {
        shieldZoneId: checkZoneId(record.shieldZoneId, `zones[${i}].shieldZoneId`),
        ...extra,
      };
    }
    throw new InvalidArgumentError(
      `zones[${i}]`,
      zone,
      "expected { pullZoneId } or { shieldZoneId }",
    );
  });
}

/** `generateProgram`'s work. */
export async function generate(options: GenerateOptions): Promise<GeneratedProgram> {
  const zones = selectors(options.zones);
  const language = options.language ?? "typescript";
  const emit = EMITTERS[language];
  if (!emit) {
    throw new InvalidArgumentError(
      "language",
      language,
      `expected one of ${Object.keys(EMITTERS).join(", ")}`,
    );
  }
  const project = options.project ?? "shield-zones";
  if (!PROJECT.test(project)) {
    throw new InvalidArgumentError(
      "project",
      project,
      "expected a name of letters, digits, '-', '_' and '.'",
    );
  }
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new InvalidArgumentError("concurrency", concurrency, "expected a whole number from 1");
  }
  // The provider's own client and settings (its retries of 429s included), unless one is given.
  const client = options.client ?? clientFor({ ...options.settings }, "generate");
  const { defaults, zones: read } = await readZones(client, zones, {
    concurrency,
    perPage: options.perPage,
    onProgress: options.onProgress,
  });

  const seen = new Map<number, ZoneSelector>();
  for (const zone of read) {
    const other = seen.get(zone.zone.shieldZoneId);
    if (other) {
      throw new ShieldError(
        `${selectorName(other)} and ${selectorName(zone.selector)} are the same shield zone (${zone.zone.shieldZoneId}); name it once.`,
      );
    }
    seen.set(zone.zone.shieldZoneId, zone.selector);
  }
  const documents = new Map(
    read.flatMap((zone) =>
      zone.selector.openApiDocument === undefined
        ? []
        : [[zone.zone.shieldZoneId, zone.selector.openApiDocument] as const],
    ),
  );
  const { name, version } = packageVersions();
  const model = buildModel(defaults, read, {
    all: options.all ?? false,
    project,
    openApiDocuments: documents,
    generator: { name, version },
  });
  return { files: emit(model), model };
}
