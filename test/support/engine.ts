/**
 * A minimal engine over one provider, doing what Pulumi's engine and dynamic-provider plugin
 * do around its methods: `up` checks, then creates what has no state and diffs/updates what
 * has; an init failure ("created but failed to initialise") keeps its `properties` as state;
 * any other failure keeps the state as it was. `refresh` reads (no id: gone), `destroy` deletes.
 */
import { strict as assert } from "node:assert";
import type * as dynamic from "@pulumi/pulumi/dynamic";

/** What the plugin adds to every bag of properties (check's inputs, create's outputs, ...). */
export const PROVIDER_TEXT = "exports.handler = __f0; /* the serialized provider */";

type Props = Record<string, unknown>;

/** What the engine holds for one resource between runs. */
export interface Held {
  id: string;
  outs: Props;
}

/** The outcome of one step: what it did, or the error it threw. */
export interface StepResult {
  action: "create" | "update" | "same" | "replace" | "read" | "gone" | "delete";
  error?: unknown;
}

/** One resource's state, driven through a provider's methods. */
export class MiniEngine {
  held: Held | undefined;

  constructor(private readonly provider: dynamic.ResourceProvider) {}

  /** Check, then create, or diff and update (replace: delete, then create). */
  async up(news: Props): Promise<StepResult> {
    const checked = await this.provider.check!(this.held?.outs ?? {}, {
      ...news,
      __provider: PROVIDER_TEXT,
    });
    assert.deepEqual(checked.failures ?? [], [], "check passes");
    const inputs = { ...checked.inputs, __provider: PROVIDER_TEXT };
    let action: StepResult["action"] = "create";
    try {
      if (this.held) {
        const diff = await this.provider.diff!(this.held.id, this.held.outs, inputs);
        if (!diff.changes) return { action: "same" };
        if ((diff.replaces ?? []).length > 0) {
          action = "replace";
          await this.provider.delete!(this.held.id, this.held.outs);
          this.held = undefined;
        } else {
          action = "update";
          const updated = await this.provider.update!(this.held.id, this.held.outs, inputs);
          this.held = { id: this.held.id, outs: { ...updated.outs, __provider: PROVIDER_TEXT } };
          return { action };
        }
      }
      const created = await this.provider.create(inputs);
      this.held = { id: created.id, outs: { ...created.outs, __provider: PROVIDER_TEXT } };
      return { action };
    } catch (error) {
      const partial = error as { id?: string; properties?: Props };
      if (partial.id && partial.properties)
        this.held = { id: partial.id, outs: partial.properties };
      return { action, error };
    }
  }

  /** `pulumi refresh` of the resource. */
  async refresh(): Promise<StepResult> {
    assert.ok(this.held, "refresh needs state");
    try {
      const read = await this.provider.read!(this.held.id, this.held.outs);
      if (!read.id) {
        this.held = undefined;
        return { action: "gone" };
      }
      this.held = { id: read.id, outs: { ...read.props, __provider: PROVIDER_TEXT } };
      return { action: "read" };
    } catch (error) {
      return { action: "read", error };
    }
  }

  /** `pulumi destroy` of the resource. */
  async destroy(): Promise<StepResult> {
    assert.ok(this.held, "destroy needs state");
    try {
      await this.provider.delete!(this.held.id, this.held.outs);
      this.held = undefined;
      return { action: "delete" };
    } catch (error) {
      return { action: "delete", error };
    }
  }

  /** The held outputs, without `__provider`. */
  get outputs(): Props {
    assert.ok(this.held, "the resource has state");
    const { __provider: _text, ...rest } = this.held.outs;
    return rest;
  }
}
