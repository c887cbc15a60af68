/**
 * Pulumi's provider protocol as `@pulumi/pulumi` ships it: the generated messages and service
 * definition, and the `@grpc/grpc-js` and `google-protobuf` copies they were built with
 * (resolved from `@pulumi/pulumi`'s folder, as its own dynamic-provider plugin loads them).
 * Only these are loaded, not the SDK, so that the plugin starts fast.
 */
import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import type * as anyTypes from "google-protobuf/google/protobuf/any_pb";
import type * as pluginTypes from "@pulumi/pulumi/proto/plugin_pb";
import type * as providerGrpcTypes from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerTypes from "@pulumi/pulumi/proto/provider_pb";
import type * as statusTypes from "@pulumi/pulumi/proto/status_pb";

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi/package.json"));

/** `@grpc/grpc-js`, as the stubs use it. */
export const grpc = fromPulumi("@grpc/grpc-js") as typeof grpcTypes;
/** `google.protobuf.Struct`, the property bags of every request. */
export const Struct = (
  fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof structTypes
).Struct;
/** `google.protobuf.Empty`. */
export const Empty = (fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes)
  .Empty;
/** `google.protobuf.Any`, which carries an error's details. */
export const Any = (fromPulumi("google-protobuf/google/protobuf/any_pb") as typeof anyTypes).Any;
/** The provider protocol's messages. */
export const proto = fromPulumi("./proto/provider_pb") as typeof providerTypes;
/** The plugin messages (`PluginInfo`, `PluginAttach`). */
export const pluginProto = fromPulumi("./proto/plugin_pb") as typeof pluginTypes;
/** `google.rpc.Status`, for an error with details. */
export const statusProto = fromPulumi("./proto/status_pb") as typeof statusTypes;
/** The `ResourceProvider` service definition and client. */
export const service = fromPulumi("./proto/provider_grpc_pb") as typeof providerGrpcTypes;

/** A Struct's contents as plain values; an absent Struct is an empty bag. */
export const fromStruct = (struct: structTypes.Struct | undefined): Record<string, unknown> =>
  (struct?.toJavaScript() ?? {}) as Record<string, unknown>;

/** A bag as a Struct (it must be Struct-safe: see `wire.ts`). */
export const toStruct = (bag: Record<string, unknown>): structTypes.Struct =>
  Struct.fromJavaScript(bag as Record<string, structTypes.JavaScriptValue>);
