/**
 * The base of every SDK resource class: a Pulumi dynamic resource (type
 * `pulumi-nodejs:dynamic/<module>:<Name>`) whose provider is one line that
 * loads `pulumi-svc/dist/provider` in the provider process, and which makes
 * the standard `{ import: id }` option work (Pulumi's own import of dynamic
 * resources is broken upstream, pulumi/pulumi#3550).
 */
import * as pulumi from "@pulumi/pulumi";

/** The package entry the provider process loads; resolved from the program's folder. */
const PROVIDER_MODULE = "pulumi-svc/dist/provider";

/**
 * The `__provider` text the dynamic-provider plugin evaluates (it calls
 * `exports.handler()` to get the provider). Written by hand rather than by
 * closure serialization: about a hundred bytes per resource instead of
 * several kilobytes, no captured values (so no credentials), and the same
 * text on every machine, so state stays portable.
 */
export function providerSource(key: string): string {
  return `exports.handler = () => require(${JSON.stringify(PROVIDER_MODULE)}).providerFor(${JSON.stringify(key)});\n`;
}

/** How an SDK class describes itself to the base class. */
export interface ResourceShape {
  readonly module: string;
  readonly name: string;
  /** Every input property name, given or not, so each is also an output. */
  readonly inputs: readonly string[];
  /** Output-only property names. */
  readonly outputs: readonly string[];
  readonly secretOutputs?: readonly string[];
}

export abstract class SvcResource extends pulumi.CustomResource {
  protected constructor(
    shape: ResourceShape,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const { import: importId, ...options } = opts ?? {};
    const given = args as Record<string, unknown>;
    const props: Record<string, unknown> = { __provider: providerSource(`${shape.module}:${shape.name}`) };
    for (const input of shape.inputs) props[input] = given[input];
    for (const output of shape.outputs) props[output] = undefined;
    // An import becomes an input that `create` handles by adopting the existing object.
    if (importId !== undefined) props["__import"] = importId;
    const secrets = [...(options.additionalSecretOutputs ?? []), ...(shape.secretOutputs ?? [])];
    super(`pulumi-nodejs:dynamic/${shape.module}:${shape.name}`, name, props, {
      ...options,
      ...(secrets.length > 0 && { additionalSecretOutputs: secrets }),
    });
  }
}
