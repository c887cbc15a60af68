/**
 * `pulumi-bunnynet-shield generate` as functions: {@link generateProgram} reads zones and returns
 * the files of a program that declares them, {@link writeProgram} writes them. The command runs
 * both; tests and benchmarks call them directly.
 */
import type { ShieldClient } from "../client/shield-client";
import type { ShieldSettings } from "../config";
import type { ProgramModel } from "./model";
import type { GenerateProgress, ZoneSelector } from "./read";

export { writeProgram, type WriteOptions } from "./write";
export type { GenerateProgress, ZoneSelector } from "./read";
export type {
  ProgramArgument,
  ProgramComment,
  ProgramLookup,
  ProgramModel,
  ProgramReference,
  ProgramResource,
  ProgramStatement,
  ProgramValue,
  ProgramZone,
} from "./model";

/**
 * The languages a program can be written in: TypeScript on this package's dynamic resources,
 * and YAML, Python and Go on the provider plugin (its SDKs for Python and Go).
 */
export const GENERATE_LANGUAGES = ["typescript", "yaml", "python", "go"] as const;
/** One of {@link GENERATE_LANGUAGES}. */
export type GenerateLanguage = (typeof GENERATE_LANGUAGES)[number];

/** What {@link generateProgram} reads and writes. */
export interface GenerateOptions {
  /**
   * The zones to declare, each by its pull zone or its shield zone's id, with its OpenAPI
   * document if API Guardian's `openApiSpec` is to be declared.
   */
  readonly zones: readonly ZoneSelector[];
  /**
   * The API key and address, as the provider takes them; what is missing comes from the
   * environment (`BUNNYNET_API_KEY`, `BUNNYNET_API_URL`, `BUNNYNET_ALLOW_INSECURE_HTTP`).
   */
  readonly settings?: ShieldSettings;
  /** A client to read with instead of one made from `settings`. */
  readonly client?: ShieldClient;
  /** Declare every value, the service's defaults included; default false. */
  readonly all?: boolean;
  /** The program's language; default `typescript`. */
  readonly language?: GenerateLanguage;
  /** The project's name, in package.json and Pulumi.yaml; default `shield-zones`. */
  readonly project?: string;
  /** Reads in flight at once, across zones; default 16. */
  readonly concurrency?: number;
  /** Items per page of the listings (rules, rate limits); default the client's. */
  readonly perPage?: number;
  /** Called after each read, for a progress display. */
  readonly onProgress?: (event: GenerateProgress) => void;
}

/** A generated program. */
export interface GeneratedProgram {
  /** Its files (the program, what it needs to run, the files it reads), by name. */
  readonly files: Readonly<Record<string, string>>;
  /** What the files declare, before any language. */
  readonly model: ProgramModel;
}

/**
 * Reads `options.zones` (every object once, zones concurrently) and returns the files of a
 * program that declares them as they are: only the values that differ from the service's
 * defaults unless `all`. It fails, writing nothing, on a wrong key, a zone that does not exist,
 * or a read the zone's plan does not explain.
 */
export async function generateProgram(options: GenerateOptions): Promise<GeneratedProgram> {
  // Loaded on first use: the package's main entry exports this function, and a Pulumi
  // program that imports the package should not load every kind's schemas for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generate } = require("./generate") as typeof import("./generate");
  return generate(options);
}
