/**
 * The command line of `pulumi-bunnynet-shield`, parsed with node:util's parseArgs. No message
 * repeats a value from the command line but the zone ids and paths: a misplaced argument may be
 * the API key, which is read from the environment only.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import { GENERATE_LANGUAGES, type GenerateLanguage } from "./index";

/** The command's own help. */
export const USAGE = `Usage: pulumi-bunnynet-shield <command> [options]

Commands:
  generate    write a Pulumi program that declares existing Shield zones as they are

Run \`pulumi-bunnynet-shield generate --help\` for its options.
`;

/** The help of `generate`. */
export const GENERATE_USAGE = `Usage: pulumi-bunnynet-shield generate (--pull-zone <id> | --shield-zone <id>)... --out <folder> [options]

Reads the zones with the provider's client and writes a program that declares them as they
are, with the files it reads (pages' HTML, OpenAPI documents, long lists): in TypeScript,
index.ts, package.json, Pulumi.yaml and tsconfig.json (the dynamic resources); on the provider
plugin, Pulumi.yaml (YAML), __main__.py, requirements.txt and Pulumi.yaml (Python), or main.go,
go.mod and Pulumi.yaml (Go). \`pulumi up\` in that folder adopts the zones.

  --pull-zone <id>          a zone to read, by its pull zone (repeatable)
  --shield-zone <id>        a zone to read, by its shield zone's id (repeatable)
  --out <folder>            where to write the program; made if missing, and refused when it
                            holds files, unless --force
  --force                   write over a folder that holds files: the program's files replace
                            those of the same name, the others (node_modules, stack settings)
                            stay
  --all                     declare every value, the service's defaults included (default:
                            only the values that differ from them)
  --openapi [<id>=]<file>   a zone's OpenAPI document, for API Guardian's openApiSpec (the
                            service never shows it back); <id> is the zone's --pull-zone or
                            --shield-zone id, and may be left out when one zone is read
  --language <language>     the program's language: ${GENERATE_LANGUAGES.join(", ")}
                            (default typescript)
  --project <name>          the project's name (default: the folder's name)
  --api-url <url>           the API's address (default $BUNNYNET_API_URL, else
                            https://api.bunny.net)
  --allow-insecure-http     accept an http:// address that is not loopback (or
                            $BUNNYNET_ALLOW_INSECURE_HTTP=true); the key then travels in clear
  --concurrency <n>         reads in flight at once (default 32)
  -h, --help                show this help

The API key is read from $BUNNYNET_API_KEY, and only from there: a flag would leave it in the
shell's history and in the process list. Progress goes to stderr. Exit codes: 0 written,
1 failed (nothing written), 2 a bad command line.
`;

/** A bad command line; the message says what is wrong. */
export class UsageError extends Error {}

/** A zone as the command line names it, with the OpenAPI document file given for it. */
export type ZoneArgument = ({ pullZoneId: number } | { shieldZoneId: number }) & {
  openApiFile?: string;
};

/** What `generate` is asked to do. */
export interface GenerateCommand {
  readonly zones: readonly ZoneArgument[];
  readonly out: string;
  readonly force: boolean;
  readonly all: boolean;
  readonly language: GenerateLanguage;
  readonly project: string;
  readonly apiUrl?: string;
  readonly allowInsecureHttp: boolean;
  readonly concurrency?: number;
}

const OPTIONS = {
  "pull-zone": { type: "string", multiple: true },
  "shield-zone": { type: "string", multiple: true },
  out: { type: "string" },
  force: { type: "boolean" },
  all: { type: "boolean" },
  openapi: { type: "string", multiple: true },
  language: { type: "string" },
  project: { type: "string" },
  "api-url": { type: "string" },
  "allow-insecure-http": { type: "boolean" },
  concurrency: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Options that would carry the key, refused with the reason. */
const KEY_FLAGS = /^--?(api-?key|access-?key|key|token)(=|$)/i;

/**
 * Parses the arguments after the command's name. "help" for `-h`/`--help`; throws
 * {@link UsageError} for anything else it cannot take.
 */
export function parseGenerateArguments(args: readonly string[]): GenerateCommand | "help" {
  const keyFlag = args.find((a) => KEY_FLAGS.test(a));
  if (keyFlag !== undefined) {
    throw new UsageError(
      `${keyFlag.split("=")[0]} is not taken: the API key is read from the BUNNYNET_API_KEY environment variable only, so that it never lands in the shell's history or the process list.`,
    );
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new UsageError(describeParseError(error, args));
  }
  if (values.help) return "help";

  const zones: ZoneArgument[] = [
    ...(values["pull-zone"] ?? []).map((v) => ({ pullZoneId: id(v, "--pull-zone") })),
    ...(values["shield-zone"] ?? []).map((v) => ({ shieldZoneId: id(v, "--shield-zone") })),
  ];
  if (zones.length === 0)
    throw new UsageError("name at least one zone: --pull-zone <id> or --shield-zone <id>.");
  if (values.out === undefined || values.out.trim() === "") {
    throw new UsageError("--out <folder> is required: where to write the program.");
  }
  for (const document of values.openapi ?? []) attachDocument(zones, document);
  const language = values.language ?? "typescript";
  if (!(GENERATE_LANGUAGES as readonly string[]).includes(language)) {
    throw new UsageError(`--language must be one of ${GENERATE_LANGUAGES.join(", ")}.`);
  }
  const project = values.project ?? projectName(values.out);
  let concurrency: number | undefined;
  if (values.concurrency !== undefined) {
    concurrency = Number(values.concurrency);
    if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 256) {
      throw new UsageError("--concurrency must be a whole number from 1 to 256.");
    }
  }
  return {
    zones,
    out: values.out,
    force: values.force ?? false,
    all: values.all ?? false,
    language: language as GenerateLanguage,
    project,
    ...(values["api-url"] === undefined ? {} : { apiUrl: values["api-url"] }),
    allowInsecureHttp: values["allow-insecure-http"] ?? false,
    ...(concurrency === undefined ? {} : { concurrency }),
  };
}

function id(value: string, flag: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw new UsageError(`${flag} takes a zone's id, a positive whole number.`);
  }
  return Number(value);
}

/** Gives `--openapi [<id>=]<file>` to the zone it names. */
function attachDocument(zones: ZoneArgument[], argument: string): void {
  const match = /^(\d+)=(.+)$/.exec(argument);
  let zone: ZoneArgument | undefined;
  if (match) {
    const named = zones.filter((z) =>
      "pullZoneId" in z ? z.pullZoneId === Number(match[1]) : z.shieldZoneId === Number(match[1]),
    );
    if (named.length !== 1) {
      throw new UsageError(
        named.length === 0
          ? `--openapi ${match[1]}=…: no --pull-zone or --shield-zone has the id ${match[1]}.`
          : `--openapi ${match[1]}=…: both a pull zone and a shield zone have the id ${match[1]}.`,
      );
    }
    zone = named[0];
  } else if (zones.length === 1) {
    zone = zones[0];
  } else {
    throw new UsageError(
      "--openapi <file> alone is for one zone; with several, name it: --openapi <id>=<file>.",
    );
  }
  if (zone!.openApiFile !== undefined)
    throw new UsageError("--openapi is given twice for one zone.");
  zone!.openApiFile = match ? match[2]! : argument;
}

/** A Pulumi project name from the folder's: letters, digits, `-`, `_` and `.`. */
export function projectName(out: string): string {
  const name = path
    .basename(path.resolve(out))
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return name === "" ? "shield-zones" : name.slice(0, 100);
}

/** parseArgs' complaint, said without the values it quotes (one may be the key). */
function describeParseError(error: unknown, args: readonly string[]): string {
  const code = (error as { code?: string }).code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const known = new Set(
      Object.keys(OPTIONS)
        .map((o) => `--${o}`)
        .concat("-h"),
    );
    const unknown = args.find((a) => a.startsWith("-") && !known.has(a.split("=")[0]!));
    return `unknown option ${unknown === undefined ? "" : `${unknown.split("=")[0]} `}(see --help).`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    return "an argument that is not an option's value (not shown: it may be a secret); options take their values as --name <value>.";
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const option = /'(--?[\w-]+)/.exec((error as Error).message)?.[1];
    return `${option ?? "an option"} needs a value, or takes none (see --help).`;
  }
  return "the command line could not be read (see --help).";
}
