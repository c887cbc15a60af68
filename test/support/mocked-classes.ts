/**
 * The public resource classes declared in this process under Pulumi's mocks: what each one
 * registers (its type and inputs) and what its outputs hold, in a preview or an update, in a
 * fraction of a second. The provider's text is stubbed, since serializing it from the sources
 * would copy zod: the tests that need the real text run an installed copy
 * (`test/support/packed-package.ts`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as resources from "../../src/resources";
import { KINDS, type Kind } from "../../src/resources/kit/registry";
import { saveRuntimeState } from "../functions/helpers";
import { CASES, type Props } from "./kind-cases";

/** One resource registration, as the engine receives it. */
export interface Registration {
  type: string;
  name: string;
  inputs: Props;
}

/** What the engine answers a registration with: the resource's id and output properties. */
export type Answer = (registration: Registration) => { id: string; state: Props };

/** The text that stands for a serialized provider in {@link declareUnderMocks}. */
export const STUBBED_PROVIDER = "(provider text stubbed)";

/**
 * Runs `program` (which declares resources and reads their outputs) under Pulumi's mocks, as a
 * preview or an update, and returns its value with what it registered. `answer` gives each
 * registration's id and outputs (default: the name as id, no outputs). The runtime, the closure
 * serializer and the provider cache are put back afterwards.
 */
export async function declareUnderMocks<T>(
  preview: boolean,
  program: () => Promise<T>,
  answer: Answer = (r) => ({ id: `${r.name}-id`, state: {} }),
): Promise<{ value: T; registrations: Registration[] }> {
  const restoreRuntime = saveRuntimeState();
  // The serializer's own module object: dynamic.Resource looks the function up on it per call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const closure = require("@pulumi/pulumi/runtime/closure/serializeClosure") as {
    serializeFunction: (...args: unknown[]) => Promise<{ text: string; containsSecrets: boolean }>;
  };
  const serializeFunction = closure.serializeFunction;
  closure.serializeFunction = () =>
    Promise.resolve({ text: STUBBED_PROVIDER, containsSecrets: false });
  const registrations: Registration[] = [];
  try {
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          const registration = { type: args.type, name: args.name, inputs: args.inputs as Props };
          registrations.push(registration);
          return answer(registration);
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      preview,
    );
    // Not cached: a later test serializing the same provider object gets its real text.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { getStore } = require("@pulumi/pulumi/runtime/state") as {
      getStore(): { settings: { options: { cacheDynamicProviders?: boolean } } };
    };
    getStore().settings.options.cacheDynamicProviders = false;
    const value = await program();
    return { value, registrations };
  } finally {
    closure.serializeFunction = serializeFunction;
    restoreRuntime();
  }
}

/** A resource of `kind` named `name`, declared with `args` (default: its CLI case's first step). */
export function declareKind(kind: Kind, name: string, args: Props = CASES[kind].create) {
  const constructors = resources as unknown as Record<
    Kind,
    new (name: string, args: Props) => pulumi.CustomResource
  >;
  return new constructors[kind](name, args);
}

/** Waits until the engine has answered `resource`'s registration. */
export function registered(resource: pulumi.CustomResource): Promise<unknown> {
  return (resource.id as unknown as { promise(): Promise<unknown> }).promise();
}

let types: Promise<Record<Kind, string>> | undefined;

/**
 * The type each kind's class registers, read from an instance of every class (once per process):
 * what the engine, and so a policy, sees as the resource's type.
 */
export function registeredTypes(): Promise<Record<Kind, string>> {
  return (types ??= declareUnderMocks(false, () =>
    Promise.all(KINDS.map((kind) => registered(declareKind(kind, kind)))),
  ).then(({ registrations }) => {
    const byName = new Map(registrations.map((r) => [r.name, r.type]));
    return Object.fromEntries(KINDS.map((kind) => [kind, byName.get(kind)!])) as Record<
      Kind,
      string
    >;
  }));
}
