#!/usr/bin/env node
/**
 * `pulumi-bunnynet-shield`: the package's command. `generate` reads zones with the provider's
 * client and settings and writes a program that declares them. Exit codes: 0 done, 1 failed
 * (nothing written), 2 a bad command line.
 */
import * as fs from "node:fs";
import { MissingCredentialsError, ShieldError } from "../client/errors";
import { resolveSettings } from "../config";
import {
  GENERATE_USAGE,
  parseGenerateArguments,
  USAGE,
  UsageError,
  type GenerateCommand,
} from "./cli-args";
import {
  generateProgram,
  writeProgram,
  type GenerateLanguage,
  type GenerateProgress,
} from "./index";
import type { ZoneSelector } from "./read";

/** Where the command reads its environment and writes its output. */
export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const NAME = "pulumi-bunnynet-shield";

/** What a user runs in the program's folder to adopt the zones, by language. */
const NEXT_STEPS: Readonly<Record<GenerateLanguage, string>> = {
  typescript: "`npm install` and `pulumi up`",
  // Pulumi makes the virtual environment and installs requirements.txt itself.
  python: "`pulumi up`",
  yaml: "`pulumi up`",
  // go.mod names the modules; `go mod tidy` adds what they need and writes go.sum.
  go: "`go mod tidy` and `pulumi up`",
};

/** Runs the command line `argv` (without node and the script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "-h" || command === "--help") {
    io.stdout(USAGE);
    return 0;
  }
  if (command !== "generate") {
    io.stderr(
      `${NAME}: ${command === undefined ? "no command given" : "unknown command"}\n\n${USAGE}`,
    );
    return 2;
  }
  let parsed: GenerateCommand | "help";
  try {
    parsed = parseGenerateArguments(rest);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${NAME} generate: ${error.message}\n\n${GENERATE_USAGE}`);
    return 2;
  }
  if (parsed === "help") {
    io.stdout(GENERATE_USAGE);
    return 0;
  }
  try {
    await generate(parsed, io);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`${NAME} generate: ${message}\nNothing was written.\n`);
    return 1;
  }
}

async function generate(command: GenerateCommand, io: CliIo): Promise<void> {
  // The key from the environment, as the provider finds it outside a stack; the address from
  // the flag first.
  let settings;
  try {
    settings = resolveSettings(
      {
        ...(command.apiUrl === undefined ? {} : { apiUrl: command.apiUrl }),
        ...(command.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
      },
      undefined,
      io.env,
    );
  } catch (error) {
    if (!(error instanceof MissingCredentialsError)) throw error;
    throw new ShieldError(
      "no bunny.net API key: set the BUNNYNET_API_KEY environment variable to the account's main API key (from the bunny.net dashboard's account settings).",
    );
  }
  const zones: ZoneSelector[] = command.zones.map(({ openApiFile, ...zone }) => {
    if (openApiFile === undefined) return zone;
    try {
      return { ...zone, openApiDocument: fs.readFileSync(openApiFile, "utf8") };
    } catch (error) {
      throw new ShieldError(
        `--openapi: cannot read ${openApiFile} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  });
  // Refused before reading anything: the write would refuse it after every read.
  const existing = fs.existsSync(command.out) ? fs.readdirSync(command.out) : [];
  if (existing.length > 0 && !command.force) {
    throw new ShieldError(
      `${command.out} is not empty; pass --force to write the program over it (its other files stay), or choose another folder.`,
    );
  }
  const progress = ({ zone, message }: GenerateProgress) =>
    io.stderr(`${NAME} generate: ${zone === undefined ? "" : `${zone}: `}${message}\n`);
  const program = await generateProgram({
    zones,
    settings: {
      apiKey: settings.apiKey,
      apiUrl: settings.baseUrl,
      allowInsecureHttp: settings.allowInsecureHttp,
    },
    all: command.all,
    language: command.language,
    project: command.project,
    ...(command.concurrency === undefined ? {} : { concurrency: command.concurrency }),
    onProgress: progress,
  });
  await writeProgram(program.files, command.out, { force: command.force });
  const resources = program.model.zones
    .flatMap((zone) => zone.statements)
    .filter((s) => s.type === "resource").length;
  io.stderr(
    `${NAME} generate: wrote ${Object.keys(program.files).length} files to ${command.out}, ${resources} resources; run ${NEXT_STEPS[command.language]} there to adopt them.\n`,
  );
}

if (require.main === module) {
  runCli(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${NAME}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
