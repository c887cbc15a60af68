/**
 * A gRPC client of the plugin, as the engine calls it: the `ResourceProvider` stubs and
 * `@grpc/grpc-js` that `@pulumi/pulumi` ships (the copies the server uses), with requests built
 * from plain property bags and answers read back as such.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import {
  Empty,
  fromStruct,
  grpc,
  pluginProto,
  proto,
  service,
  toStruct,
} from "../../src/plugin/protocol";
import { startServer, type PluginServer } from "../../src/plugin/server";

/** A property bag. */
export type Bag = Record<string, unknown>;

/** A detailed diff entry, by name. */
export type DiffEntry = { kind: string; inputDiff: boolean };

/** What a Diff answered. */
export interface DiffAnswer {
  changes: "DIFF_UNKNOWN" | "DIFF_NONE" | "DIFF_SOME";
  replaces: string[];
  diffs: string[];
  deleteBeforeReplace: boolean;
  hasDetailedDiff: boolean;
  detailed: Record<string, DiffEntry>;
}

type Unary = (
  request: unknown,
  metadata: grpcTypes.Metadata,
  options: Partial<grpcTypes.CallOptions>,
  callback: (error: grpcTypes.ServiceError | null, response: unknown) => void,
) => void;

const KIND_NAMES = Object.fromEntries(
  Object.entries(proto.PropertyDiff.Kind).map(([name, value]) => [value, name]),
);
const CHANGE_NAMES = Object.fromEntries(
  Object.entries(proto.DiffResponse.DiffChanges).map(([name, value]) => [value, name]),
);

/** The URN of a resource of the stack `test`, project `plugin`. */
export const urnOf = (token: string, name: string) => `urn:pulumi:test::plugin::${token}::${name}`;

/** A server in this process and a client connected to it. */
export class PluginClient {
  private constructor(
    private readonly server: PluginServer,
    private readonly client: grpcTypes.Client,
  ) {}

  /** Starts a server and connects. */
  static async start(): Promise<PluginClient> {
    const server = await startServer();
    const client = new service.ResourceProviderClient(
      `127.0.0.1:${server.port}`,
      grpc.credentials.createInsecure(),
    );
    return new PluginClient(server, client);
  }

  /** Calls `method`; a failed call rejects with the gRPC error (its `details` is the message). */
  call<Res>(method: string, request: unknown): Promise<Res> {
    const fn = (this.client as unknown as Record<string, Unary>)[method].bind(this.client);
    return new Promise((resolve, reject) =>
      fn(request, new grpc.Metadata(), { deadline: Date.now() + 60_000 }, (error, response) =>
        error ? reject(error) : resolve(response as Res),
      ),
    );
  }

  async getSchema(): Promise<string> {
    const response = await this.call<providerTypes.GetSchemaResponse>(
      "getSchema",
      new proto.GetSchemaRequest(),
    );
    return response.getSchema();
  }

  async getPluginInfo(): Promise<string> {
    const response = await this.call<InstanceType<typeof pluginProto.PluginInfo>>(
      "getPluginInfo",
      new Empty(),
    );
    return response.getVersion();
  }

  async checkConfig(news: Bag): Promise<{ inputs: Bag; failures: Array<[string, string]> }> {
    const request = new proto.CheckRequest();
    request.setUrn("urn:pulumi:test::plugin::pulumi:providers:bunnynet-shield::default");
    request.setOlds(toStruct({}));
    request.setNews(toStruct(news));
    const response = await this.call<providerTypes.CheckResponse>("checkConfig", request);
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((f) => [f.getProperty(), f.getReason()]),
    };
  }

  async configure(args: Bag): Promise<providerTypes.ConfigureResponse> {
    const request = new proto.ConfigureRequest();
    request.setArgs(toStruct(args));
    request.setAcceptsecrets(true);
    request.setAcceptresources(true);
    return this.call("configure", request);
  }

  async check(
    token: string,
    olds: Bag,
    news: Bag,
  ): Promise<{ inputs: Bag; failures: Array<[string, string]> }> {
    const request = new proto.CheckRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setOlds(toStruct(olds));
    request.setNews(toStruct(news));
    const response = await this.call<providerTypes.CheckResponse>("check", request);
    return {
      inputs: fromStruct(response.getInputs()),
      failures: response.getFailuresList().map((f) => [f.getProperty(), f.getReason()]),
    };
  }

  async diff(
    token: string,
    id: string,
    olds: Bag,
    news: Bag,
    oldInputs?: Bag,
  ): Promise<DiffAnswer> {
    const request = new proto.DiffRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setId(id);
    request.setOlds(toStruct(olds));
    request.setNews(toStruct(news));
    if (oldInputs) request.setOldInputs(toStruct(oldInputs));
    const response = await this.call<providerTypes.DiffResponse>("diff", request);
    const detailed: Record<string, DiffEntry> = {};
    response.getDetaileddiffMap().forEach((entry, path) => {
      detailed[path] = { kind: KIND_NAMES[entry.getKind()], inputDiff: entry.getInputdiff() };
    });
    return {
      changes: CHANGE_NAMES[response.getChanges()] as DiffAnswer["changes"],
      replaces: response.getReplacesList(),
      diffs: response.getDiffsList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
      hasDetailedDiff: response.getHasdetaileddiff(),
      detailed,
    };
  }

  async create(
    token: string,
    properties: Bag,
    preview = false,
  ): Promise<{ id: string; outs: Bag }> {
    const request = new proto.CreateRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setProperties(toStruct(properties));
    request.setPreview(preview);
    const response = await this.call<providerTypes.CreateResponse>("create", request);
    return { id: response.getId(), outs: fromStruct(response.getProperties()) };
  }

  async read(
    token: string,
    id: string,
    properties?: Bag,
    inputs?: Bag,
  ): Promise<{ id: string; outs?: Bag; inputs?: Bag }> {
    const request = new proto.ReadRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setId(id);
    if (properties) request.setProperties(toStruct(properties));
    if (inputs) request.setInputs(toStruct(inputs));
    const response = await this.call<providerTypes.ReadResponse>("read", request);
    return {
      id: response.getId(),
      outs: response.hasProperties() ? fromStruct(response.getProperties()) : undefined,
      inputs: response.hasInputs() ? fromStruct(response.getInputs()) : undefined,
    };
  }

  async update(
    token: string,
    id: string,
    olds: Bag,
    news: Bag,
    options: { oldInputs?: Bag; preview?: boolean } = {},
  ): Promise<Bag> {
    const request = new proto.UpdateRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setId(id);
    request.setOlds(toStruct(olds));
    request.setNews(toStruct(news));
    if (options.oldInputs) request.setOldInputs(toStruct(options.oldInputs));
    request.setPreview(options.preview ?? false);
    const response = await this.call<providerTypes.UpdateResponse>("update", request);
    return fromStruct(response.getProperties());
  }

  async delete(token: string, id: string, properties: Bag): Promise<void> {
    const request = new proto.DeleteRequest();
    request.setUrn(urnOf(token, "r"));
    request.setType(token);
    request.setId(id);
    request.setProperties(toStruct(properties));
    await this.call("delete", request);
  }

  async invoke(token: string, args: Bag): Promise<Bag> {
    const request = new proto.InvokeRequest();
    request.setTok(token);
    request.setArgs(toStruct(args));
    const response = await this.call<providerTypes.InvokeResponse>("invoke", request);
    return fromStruct(response.getReturn());
  }

  /** Closes the channel and stops the server. */
  async close(): Promise<void> {
    this.client.close();
    await this.server.close();
  }
}
