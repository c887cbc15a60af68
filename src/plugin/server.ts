/**
 * The provider plugin `pulumi-resource-bunnynet-shield`: a gRPC server of Pulumi's
 * `ResourceProvider` service over the kit. Each kind's lifecycle is the kit's (`dispatch`, as
 * the dynamic resources call it); this file only translates: the engine's property bags to plain
 * values and back (secrets, references, unknowns: `wire.ts`), its requests to the kit's calls,
 * and errors to gRPC statuses. Previews (`preview.ts`), the detailed diff (`diff.ts`), imports
 * (`read.ts`), data functions (`invoke.ts`) and the configuration (`settings.ts`) each have
 * their file.
 */
import type * as grpcTypes from "@grpc/grpc-js";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import type { ShieldSettings } from "../config";
import { dispatch, type Kind } from "../resources/kit/registry";
import { detailedDiff, type DiffKind } from "./diff";
import { invoke } from "./invoke";
import { kindOf, PACKAGE } from "./kinds";
import { pluginVersion, schemaJson } from "./package-info";
import { previewCreate, previewUpdate } from "./preview";
import {
  Any,
  Empty,
  fromStruct,
  grpc,
  pluginProto,
  proto,
  service,
  statusProto,
  toStruct,
} from "./protocol";
import { readResource } from "./read";
import { configFailures, pluginMessage, SETTING_NAMES, settingsOf } from "./settings";
import { unwrap, wrap, type Bag } from "./wire";

/** The largest message the engine sends or takes (the SDK's `maxRPCMessageSize`, 400 MiB). */
const MAX_MESSAGE_BYTES = 400 * 1024 * 1024;

/** The key `Struct`s carried the serialized provider under in dynamic resources; never ours. */
const PROVIDER_KEY = "__provider";

/** A failure that the engine records as "created, but failed to initialise" (see `kit/failures.ts`). */
interface InitFailure extends Error {
  id: string;
  properties: Bag;
  reasons: string[];
}

const isInitFailure = (error: unknown): error is InitFailure =>
  error instanceof Error && typeof (error as Partial<InitFailure>).id === "string";

/** A gRPC status for `error`; an init failure carries its id and properties as details. */
function statusOf(error: unknown, secrets: Iterable<string> = []): Partial<grpcTypes.StatusObject> {
  const message = pluginMessage(error instanceof Error ? error.message : String(error));
  const metadata = new grpc.Metadata();
  if (isInitFailure(error)) {
    const detail = new proto.ErrorResourceInitFailed();
    detail.setId(error.id);
    const { [PROVIDER_KEY]: _dropped, ...properties } = error.properties ?? {};
    detail.setProperties(toStruct(wrap(properties, secrets)));
    detail.setReasonsList(error.reasons ?? [message]);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusProto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/** A request handled by an async function; its error becomes the call's status. */
function unary<Req, Res>(
  handle: (request: Req) => Promise<Res> | Res,
): grpcTypes.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handle(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const status = (error as { grpcStatus?: Partial<grpcTypes.StatusObject> }).grpcStatus;
          callback(status ?? statusOf(error), null);
        },
      );
  };
}

/** Rethrows `error` with its status, init-failure properties secret where `secrets` says. */
function failWith(error: unknown, secrets: Iterable<string>): never {
  throw Object.assign(new Error("provider call failed"), { grpcStatus: statusOf(error, secrets) });
}

/** A method the plugin does not offer. */
function unimplemented(name: string): grpcTypes.handleUnaryCall<unknown, unknown> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${PACKAGE} does not implement ${name}` });
}

const DIFF_KINDS: Record<DiffKind, providerTypes.PropertyDiff.Kind> = {
  ADD: proto.PropertyDiff.Kind.ADD,
  ADD_REPLACE: proto.PropertyDiff.Kind.ADD_REPLACE,
  DELETE: proto.PropertyDiff.Kind.DELETE,
  DELETE_REPLACE: proto.PropertyDiff.Kind.DELETE_REPLACE,
  UPDATE: proto.PropertyDiff.Kind.UPDATE,
  UPDATE_REPLACE: proto.PropertyDiff.Kind.UPDATE_REPLACE,
};

/** The configuration of a Configure request: its `args`, or else its `variables` (`<package>:config:<key>`). */
function configOf(request: providerTypes.ConfigureRequest): Bag {
  if (request.hasArgs()) return unwrap(fromStruct(request.getArgs())).values;
  const config: Bag = {};
  const prefix = `${PACKAGE}:config:`;
  request.getVariablesMap().forEach((value, key) => {
    if (key.startsWith(prefix)) config[key.slice(prefix.length)] = value;
  });
  return config;
}

/** The implementation of every `ResourceProvider` method, with the provider's settings. */
class ResourceProvider {
  /** Set by Configure; the key inside is not enumerable (see `settingsOf`). */
  private settings: ShieldSettings = settingsOf({});

  private async kindDiff(
    kind: Kind,
    request: providerTypes.DiffRequest | providerTypes.UpdateRequest,
  ) {
    const olds = unwrap(fromStruct(request.getOlds()));
    const news = unwrap(fromStruct(request.getNews()));
    const oldInputs = request.hasOldInputs()
      ? unwrap(fromStruct(request.getOldInputs())).values
      : undefined;
    const diff = await detailedDiff(
      kind,
      this.settings,
      request.getId(),
      olds.values,
      news.values,
      oldInputs,
    );
    return { olds, news, oldInputs, diff };
  }

  readonly handlers = {
    handshake: unary(() => {
      const response = new proto.ProviderHandshakeResponse();
      response.setAcceptSecrets(true);
      response.setAcceptResources(true);
      response.setAcceptOutputs(false);
      return response;
    }),
    attach: unary(() => new Empty()),
    getPluginInfo: unary(() => new pluginProto.PluginInfo().setVersion(pluginVersion())),
    getSchema: unary(() => new proto.GetSchemaResponse().setSchema(schemaJson())),
    getMapping: unary(() => new proto.GetMappingResponse().setProvider("").setData("")),
    getMappings: unary(() => new proto.GetMappingsResponse()),
    cancel: unary(() => new Empty()),

    checkConfig: unary((request: providerTypes.CheckRequest) => {
      const news = unwrap(fromStruct(request.getNews()));
      const response = new proto.CheckResponse();
      // The key is a secret whichever way it came (the schema says so).
      response.setInputs(toStruct(wrap(news.values, [...news.secrets, "apiKey"])));
      response.setFailuresList(
        configFailures(news.values).map((f) =>
          new proto.CheckFailure().setProperty(f.property).setReason(f.reason),
        ),
      );
      return response;
    }),

    diffConfig: unary((request: providerTypes.DiffRequest) => {
      const olds = unwrap(fromStruct(request.getOlds())).values;
      const news = unwrap(fromStruct(request.getNews())).values;
      const changed = SETTING_NAMES.filter((name) => olds[name] !== news[name]);
      const response = new proto.DiffResponse();
      response.setChanges(
        changed.length > 0
          ? proto.DiffResponse.DiffChanges.DIFF_SOME
          : proto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      response.setDiffsList(changed);
      return response;
    }),

    configure: unary((request: providerTypes.ConfigureRequest) => {
      const config = configOf(request);
      const failures = configFailures(config);
      if (failures.length > 0) throw new Error(failures.map((f) => f.reason).join(" "));
      this.settings = settingsOf(config);
      const response = new proto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(true);
      response.setAcceptresources(true);
      response.setAcceptoutputs(false);
      return response;
    }),

    check: unary(async (request: providerTypes.CheckRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const olds = unwrap(fromStruct(request.getOlds()));
      const news = unwrap(fromStruct(request.getNews()));
      const result = (await dispatch(kind, "check", this.settings, olds.values, news.values)) as {
        inputs?: Bag;
        failures?: Array<{ property: string; reason: string }>;
      };
      const response = new proto.CheckResponse();
      response.setInputs(toStruct(wrap(result.inputs ?? news.values, news.secrets)));
      response.setFailuresList(
        (result.failures ?? []).map((f) =>
          new proto.CheckFailure().setProperty(f.property).setReason(f.reason),
        ),
      );
      return response;
    }),

    diff: unary(async (request: providerTypes.DiffRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const { diff } = await this.kindDiff(kind, request);
      const response = new proto.DiffResponse();
      response.setChanges(
        diff.changes
          ? proto.DiffResponse.DiffChanges.DIFF_SOME
          : proto.DiffResponse.DiffChanges.DIFF_NONE,
      );
      response.setReplacesList([...diff.replaces]);
      response.setDeletebeforereplace(diff.deleteBeforeReplace);
      response.setDiffsList([...diff.changed]);
      response.setHasdetaileddiff(true);
      const detailed = response.getDetaileddiffMap();
      for (const [path, entry] of Object.entries(diff.detailed)) {
        detailed.set(
          path,
          new proto.PropertyDiff().setKind(DIFF_KINDS[entry.kind]).setInputdiff(entry.inputDiff),
        );
      }
      return response;
    }),

    create: unary(async (request: providerTypes.CreateRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const inputs = unwrap(fromStruct(request.getProperties()));
      const response = new proto.CreateResponse();
      if (request.getPreview()) {
        response.setProperties(toStruct(wrap(previewCreate(kind, inputs.values), inputs.secrets)));
        return response;
      }
      const created = (await dispatch(kind, "create", this.settings, inputs.values).catch(
        (error: unknown) => failWith(error, inputs.secrets),
      )) as { id: string; outs?: Bag };
      response.setId(created.id);
      response.setProperties(toStruct(wrap(created.outs ?? {}, inputs.secrets)));
      return response;
    }),

    read: unary(async (request: providerTypes.ReadRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const properties = unwrap(fromStruct(request.getProperties()));
      const inputs = request.hasInputs() ? unwrap(fromStruct(request.getInputs())) : undefined;
      const found = await readResource(
        kind,
        this.settings,
        request.getId(),
        properties.values,
        inputs?.values,
      );
      const response = new proto.ReadResponse();
      response.setId(found.id ?? "");
      const secrets = [...properties.secrets, ...(inputs?.secrets ?? [])];
      if (found.properties) response.setProperties(toStruct(wrap(found.properties, secrets)));
      if (found.inputs) response.setInputs(toStruct(wrap(found.inputs, secrets)));
      return response;
    }),

    update: unary(async (request: providerTypes.UpdateRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const response = new proto.UpdateResponse();
      if (request.getPreview()) {
        const { olds, news, oldInputs, diff } = await this.kindDiff(kind, request);
        const outputs = previewUpdate(kind, olds.values, news.values, oldInputs, diff.changed);
        response.setProperties(toStruct(wrap(outputs, news.secrets)));
        return response;
      }
      const olds = unwrap(fromStruct(request.getOlds()));
      const news = unwrap(fromStruct(request.getNews()));
      const updated = (await dispatch(
        kind,
        "update",
        this.settings,
        request.getId(),
        olds.values,
        news.values,
      ).catch((error: unknown) => failWith(error, news.secrets))) as { outs?: Bag };
      response.setProperties(toStruct(wrap(updated.outs ?? olds.values, news.secrets)));
      return response;
    }),

    delete: unary(async (request: providerTypes.DeleteRequest) => {
      const kind = kindOf(request.getType(), request.getUrn());
      const properties = unwrap(fromStruct(request.getProperties())).values;
      await dispatch(kind, "delete", this.settings, request.getId(), properties);
      return new Empty();
    }),

    invoke: unary(async (request: providerTypes.InvokeRequest) => {
      const args = unwrap(fromStruct(request.getArgs()));
      const result = (await invoke(request.getTok(), args.values, this.settings)) as Bag;
      // A result may be derived from any argument, so a secret one makes every result secret
      // (as the engine does for providers that take no secrets, pulumi/pulumi#21959).
      const secrets = args.secrets.size > 0 ? Object.keys(result) : [];
      const response = new proto.InvokeResponse();
      response.setReturn(toStruct(wrap(result, secrets)));
      return response;
    }),

    parameterize: unimplemented("Parameterize"),
    construct: unimplemented("Construct"),
    call: unimplemented("Call"),
    list: (call: grpcTypes.ServerWritableStream<unknown, unknown>) =>
      call.emit("error", {
        code: grpc.status.UNIMPLEMENTED,
        details: `${PACKAGE} does not implement List`,
      }),
  };
}

/** A running plugin server. */
export interface PluginServer {
  /** The port it listens on, on 127.0.0.1. */
  readonly port: number;
  /** Stops it: calls in progress end first. */
  close(): Promise<void>;
}

/** Starts the plugin's gRPC server on a free port of 127.0.0.1. */
export async function startServer(): Promise<PluginServer> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });
  server.addService(
    service.ResourceProviderService,
    new ResourceProvider().handlers as unknown as grpcTypes.UntypedServiceImplementation,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    port,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
