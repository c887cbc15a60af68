/**
 * Pulumi's own dynamic-provider plugin (`@pulumi/pulumi/cmd/dynamic-provider`), started
 * the way the engine starts it and driven over gRPC with the `ResourceProvider` stubs
 * that ship with `@pulumi/pulumi`.
 *
 * Everything at run time (the stubs, `@grpc/grpc-js`, `google-protobuf`) is loaded from
 * the program folder's copy of `@pulumi/pulumi`, so that the client and the plugin
 * speak through the very same generated code. Only types come from the repo's copy.
 */
import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as readline from "node:readline";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import type * as providerGrpcTypes from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import type * as statusTypes from "@pulumi/pulumi/proto/status_pb";

/** A JSON-like property bag, as it travels in a `google.protobuf.Struct`. */
export type PropertyBag = Record<string, unknown>;

/** The engine's marker for a value not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

// How the engine marks a secret inside a Struct (`runtime/rpc.ts`: specialSigKey, specialSecretSig).
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A value wrapped as a secret, the way the engine sends secrets when it keeps them. */
export function secret(value: unknown): PropertyBag {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** `DiffResponse.DiffChanges`, by name. */
export type DiffChanges = "DIFF_UNKNOWN" | "DIFF_NONE" | "DIFF_SOME";

/** What `ErrorResourceInitFailed` carries: the resource exists, but did not get to its desired state. */
export interface InitFailure {
  id: string;
  properties: PropertyBag;
  reasons: string[];
}

/** A failed call: the gRPC status, its message, and the init-failure details if the plugin sent any. */
export class PluginCallError extends Error {
  constructor(
    readonly method: string,
    /** The gRPC status code (2 = UNKNOWN for provider errors, 4 = DEADLINE_EXCEEDED). */
    readonly code: number,
    /** The message as the plugin sent it (no "2 UNKNOWN:" prefix). */
    readonly details: string,
    /** Decoded from the `grpc-status-details-bin` trailer, for Create/Update. */
    readonly initFailure: InitFailure | undefined,
  ) {
    super(`${method}: gRPC status ${code}: ${details}`);
    this.name = "PluginCallError";
  }
}

/** Options of {@link DynamicProviderPlugin.start}. */
export interface StartOptions {
  /** The engine address argument; the plugin only checks that one is given. Default "127.0.0.1:1". */
  engineAddress?: string;
  /** The plugin's environment; default PATH only, so no BUNNYNET_* variable leaks in. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the port on stdout; default 60 s. */
  startTimeoutMs?: number;
  /** Default deadline of every call; default 60 s. */
  callTimeoutMs?: number;
}

/** Options of one call. */
export interface CallOptions {
  /** Deadline of this call in ms. */
  timeoutMs?: number;
}

/** What Configure sends: `variables` (string map) and `args` (a Struct, which the 3.248 plugin reads). */
export interface ConfigureInput {
  variables?: Record<string, string>;
  /** Omit to send no `args` at all. */
  args?: PropertyBag;
  acceptSecrets?: boolean;
  acceptResources?: boolean;
}

export interface ConfigureOutput {
  acceptSecrets: boolean;
  acceptResources: boolean;
  supportsPreview: boolean;
}

export interface CheckOutput {
  inputs: PropertyBag;
  failures: { property: string; reason: string }[];
}

export interface DiffOutput {
  changes: DiffChanges;
  replaces: string[];
  stables: string[];
  diffs: string[];
  deleteBeforeReplace: boolean;
  /** Whether the response carried a detailed diff (property → kind). */
  hasDetailedDiff: boolean;
}

export interface CreateOutput {
  id: string;
  properties: PropertyBag;
}

export interface ReadOutput {
  /** "" when the provider reported the resource gone. */
  id: string;
  properties: PropertyBag | undefined;
  inputs: PropertyBag | undefined;
}

interface Runtime {
  grpc: typeof grpcTypes;
  Struct: typeof structTypes.Struct;
  provider: typeof providerTypes;
  providerGrpc: typeof providerGrpcTypes;
  status: typeof statusTypes;
}

/**
 * Loads the stubs and their gRPC/protobuf libraries from the program folder's `@pulumi/pulumi`:
 * `createRequire` anchored in that copy resolves `@grpc/grpc-js` and `google-protobuf` exactly as
 * `require.resolve(name, { paths: [pulumiDir] })` would, i.e. to the copies the stubs use.
 */
function loadRuntime(programDir: string): { pulumiDir: string; runtime: Runtime } {
  const fromProgram = createRequire(path.join(programDir, "package.json"));
  const pulumiDir = path.dirname(fromProgram.resolve("@pulumi/pulumi/package.json"));
  const fromPulumi = createRequire(path.join(pulumiDir, "package.json"));
  return {
    pulumiDir,
    runtime: {
      grpc: fromPulumi("@grpc/grpc-js"),
      Struct: fromPulumi("google-protobuf/google/protobuf/struct_pb").Struct,
      provider: fromPulumi("./proto/provider_pb"),
      providerGrpc: fromPulumi("./proto/provider_grpc_pb"),
      status: fromPulumi("./proto/status_pb"),
    },
  };
}

type Callback<T> = (error: grpcTypes.ServiceError | null, response: T) => void;
type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: grpcTypes.Metadata,
  options: Partial<grpcTypes.CallOptions>,
  callback: Callback<Res>,
) => grpcTypes.ClientUnaryCall;

/** The plugin process and a connected `ResourceProvider` client. */
export class DynamicProviderPlugin {
  private stderrText = "";
  private exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly rt: Runtime,
    private readonly client: providerGrpcTypes.ResourceProviderClient,
    /** The port the plugin printed. */
    readonly port: number,
    private readonly callTimeoutMs: number,
    stderrSoFar: string,
    exited: Promise<number | null>,
  ) {
    this.stderrText = stderrSoFar;
    child.stderr.on("data", (chunk: Buffer) => (this.stderrText += chunk.toString()));
    this.exited = exited;
  }

  /**
   * Spawns `node <program>/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js <engine>`
   * in the program folder (so `require("pulumi-bunnynet-shield/...")` in `__provider`
   * resolves as for users), reads the port it prints and connects.
   */
  static async start(
    programDir: string,
    options: StartOptions = {},
  ): Promise<DynamicProviderPlugin> {
    const { pulumiDir, runtime } = loadRuntime(programDir);
    const entry = path.join(pulumiDir, "cmd", "dynamic-provider", "index.js");
    const child = spawn(process.execPath, [entry, options.engineAddress ?? "127.0.0.1:1"], {
      cwd: programDir,
      env: options.env ?? { PATH: process.env.PATH ?? "" },
    });
    let stderr = "";
    const onStderr = (chunk: Buffer) => (stderr += chunk.toString());
    child.stderr.on("data", onStderr);
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );

    const lines = readline.createInterface({ input: child.stdout });
    let port: number;
    try {
      port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`the plugin printed no port within ${options.startTimeoutMs ?? 60_000} ms`),
            ),
          options.startTimeoutMs ?? 60_000,
        );
        lines.once("line", (line) => {
          clearTimeout(timer);
          const value = Number(line.trim());
          if (Number.isInteger(value) && value > 0) resolve(value);
          else reject(new Error(`the plugin's first line is not a port: ${JSON.stringify(line)}`));
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(
            new Error(`the plugin exited (code ${code}) before printing a port; stderr: ${stderr}`),
          );
        });
      });
    } catch (error) {
      child.kill();
      throw error;
    }
    child.stderr.off("data", onStderr);

    const client = new runtime.providerGrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      runtime.grpc.credentials.createInsecure(),
    );
    return new DynamicProviderPlugin(
      child,
      runtime,
      client,
      port,
      options.callTimeoutMs ?? 60_000,
      stderr,
      exited,
    );
  }

  /** Everything the plugin wrote to stderr so far (its uncaught errors and console.error). */
  get stderr(): string {
    return this.stderrText;
  }

  /** Whether the process is still running. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private struct(bag: PropertyBag): structTypes.Struct {
    return this.rt.Struct.fromJavaScript(bag as Record<string, structTypes.JavaScriptValue>);
  }

  private call<Req, Res>(name: string, request: Req, options: CallOptions = {}): Promise<Res> {
    const method = (this.client as unknown as Record<string, UnaryMethod<Req, Res>>)[name]!.bind(
      this.client,
    );
    const deadline = Date.now() + (options.timeoutMs ?? this.callTimeoutMs);
    return new Promise<Res>((resolve, reject) => {
      method(request, new this.rt.grpc.Metadata(), { deadline }, (error, response) => {
        if (error) reject(this.toCallError(name, error));
        else resolve(response);
      });
    });
  }

  private toCallError(method: string, error: grpcTypes.ServiceError): PluginCallError {
    let initFailure: InitFailure | undefined;
    const [raw] = error.metadata?.get("grpc-status-details-bin") ?? [];
    if (raw !== undefined) {
      const bytes = typeof raw === "string" ? Buffer.from(raw, "base64") : raw;
      const status = this.rt.status.Status.deserializeBinary(new Uint8Array(bytes));
      for (const any of status.getDetailsList()) {
        if (any.getTypeName() !== "pulumirpc.ErrorResourceInitFailed") continue;
        const detail = this.rt.provider.ErrorResourceInitFailed.deserializeBinary(
          any.getValue_asU8(),
        );
        initFailure = {
          id: detail.getId(),
          properties: (detail.getProperties()?.toJavaScript() ?? {}) as PropertyBag,
          reasons: detail.getReasonsList(),
        };
      }
    }
    return new PluginCallError(method, error.code, error.details, initFailure);
  }

  /** Configure, as the engine sends it: variables and args, accepting secrets and resources. */
  async configure(input: ConfigureInput, options?: CallOptions): Promise<ConfigureOutput> {
    const request = new this.rt.provider.ConfigureRequest();
    const variables = request.getVariablesMap();
    for (const [key, value] of Object.entries(input.variables ?? {})) variables.set(key, value);
    if (input.args !== undefined) request.setArgs(this.struct(input.args));
    request.setAcceptsecrets(input.acceptSecrets ?? true);
    request.setAcceptresources(input.acceptResources ?? true);
    const response = await this.call<
      providerTypes.ConfigureRequest,
      providerTypes.ConfigureResponse
    >("configure", request, options);
    return {
      acceptSecrets: response.getAcceptsecrets(),
      acceptResources: response.getAcceptresources(),
      supportsPreview: response.getSupportspreview(),
    };
  }

  async check(
    urn: string,
    olds: PropertyBag,
    news: PropertyBag,
    options?: CallOptions,
  ): Promise<CheckOutput> {
    const request = new this.rt.provider.CheckRequest();
    request.setUrn(urn);
    request.setOlds(this.struct(olds));
    request.setNews(this.struct(news));
    const response = await this.call<providerTypes.CheckRequest, providerTypes.CheckResponse>(
      "check",
      request,
      options,
    );
    return {
      inputs: (response.getInputs()?.toJavaScript() ?? {}) as PropertyBag,
      failures: response
        .getFailuresList()
        .map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    id: string,
    urn: string,
    olds: PropertyBag,
    news: PropertyBag,
    options?: CallOptions,
  ): Promise<DiffOutput> {
    const request = new this.rt.provider.DiffRequest();
    request.setId(id);
    request.setUrn(urn);
    request.setOlds(this.struct(olds));
    request.setNews(this.struct(news));
    const response = await this.call<providerTypes.DiffRequest, providerTypes.DiffResponse>(
      "diff",
      request,
      options,
    );
    const names = Object.entries(this.rt.provider.DiffResponse.DiffChanges);
    const changes = names.find(([, value]) => value === response.getChanges())![0] as DiffChanges;
    return {
      changes,
      replaces: response.getReplacesList(),
      stables: response.getStablesList(),
      diffs: response.getDiffsList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
      hasDetailedDiff: response.getHasdetaileddiff(),
    };
  }

  async create(urn: string, properties: PropertyBag, options?: CallOptions): Promise<CreateOutput> {
    const request = new this.rt.provider.CreateRequest();
    request.setUrn(urn);
    request.setProperties(this.struct(properties));
    const response = await this.call<providerTypes.CreateRequest, providerTypes.CreateResponse>(
      "create",
      request,
      options,
    );
    return {
      id: response.getId(),
      properties: (response.getProperties()?.toJavaScript() ?? {}) as PropertyBag,
    };
  }

  /** Read as `pulumi refresh` sends it: id, stored outputs (and stored inputs, if given). */
  async read(
    id: string,
    urn: string,
    properties: PropertyBag,
    inputs?: PropertyBag,
    options?: CallOptions,
  ): Promise<ReadOutput> {
    const request = new this.rt.provider.ReadRequest();
    request.setId(id);
    request.setUrn(urn);
    request.setProperties(this.struct(properties));
    if (inputs !== undefined) request.setInputs(this.struct(inputs));
    const response = await this.call<providerTypes.ReadRequest, providerTypes.ReadResponse>(
      "read",
      request,
      options,
    );
    return {
      id: response.getId(),
      properties: response.getProperties()?.toJavaScript() as PropertyBag | undefined,
      inputs: response.getInputs()?.toJavaScript() as PropertyBag | undefined,
    };
  }

  async update(
    id: string,
    urn: string,
    olds: PropertyBag,
    news: PropertyBag,
    options?: CallOptions,
  ): Promise<{ properties: PropertyBag }> {
    const request = new this.rt.provider.UpdateRequest();
    request.setId(id);
    request.setUrn(urn);
    request.setOlds(this.struct(olds));
    request.setNews(this.struct(news));
    const response = await this.call<providerTypes.UpdateRequest, providerTypes.UpdateResponse>(
      "update",
      request,
      options,
    );
    return { properties: (response.getProperties()?.toJavaScript() ?? {}) as PropertyBag };
  }

  async delete(
    id: string,
    urn: string,
    properties: PropertyBag,
    options?: CallOptions,
  ): Promise<void> {
    const request = new this.rt.provider.DeleteRequest();
    request.setId(id);
    request.setUrn(urn);
    request.setProperties(this.struct(properties));
    await this.call<providerTypes.DeleteRequest, unknown>("delete", request, options);
  }

  /** Closes the channel and kills the process; resolves once it has exited. */
  async close(): Promise<void> {
    this.client.close();
    if (this.running) this.child.kill();
    await this.exited;
  }
}
