/**
 * The base of every SDK resource class: a Pulumi dynamic resource whose
 * provider is a thin forwarder to `pulumi-svc/dist/provider`, and which makes
 * the standard `{ import: id }` option work (Pulumi's own import of dynamic
 * resources is broken upstream, pulumi/pulumi#3550).
 */
import * as pulumi from "@pulumi/pulumi";

/** The package entry the provider process loads; resolved from the program's folder. */
const PROVIDER_MODULE = "pulumi-svc/dist/provider";

const forwarders = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * One forwarder per type (the serializer caches per object). Its methods
 * capture only the type key and load the real provider in the provider
 * process, so each resource's serialized provider is under a kilobyte.
 */
function forwarder(key: string): pulumi.dynamic.ResourceProvider {
  let provider = forwarders.get(key);
  if (provider === undefined) {
    /* eslint-disable @typescript-eslint/no-require-imports -- resolved at run time in the provider process, by design */
    provider = {
      configure: async (request) => require(PROVIDER_MODULE).providerFor(key).configure(request),
      check: async (olds, news) => require(PROVIDER_MODULE).providerFor(key).check(olds, news),
      diff: async (id, olds, news) => require(PROVIDER_MODULE).providerFor(key).diff(id, olds, news),
      create: async (inputs) => require(PROVIDER_MODULE).providerFor(key).create(inputs),
      read: async (id, props) => require(PROVIDER_MODULE).providerFor(key).read(id, props),
      update: async (id, olds, news) => require(PROVIDER_MODULE).providerFor(key).update(id, olds, news),
      delete: async (id, props) => require(PROVIDER_MODULE).providerFor(key).delete(id, props),
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
    forwarders.set(key, provider);
  }
  return provider;
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

export abstract class SvcResource extends pulumi.dynamic.Resource {
  protected constructor(
    shape: ResourceShape,
    name: string,
    args: object,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const { import: importId, ...options } = opts ?? {};
    const given = args as Record<string, unknown>;
    const props: Record<string, unknown> = {};
    for (const input of shape.inputs) props[input] = given[input];
    for (const output of shape.outputs) props[output] = undefined;
    // An import becomes an input that `create` handles by adopting the existing object.
    if (importId !== undefined) props["__import"] = importId;
    const secrets = [...(options.additionalSecretOutputs ?? []), ...(shape.secretOutputs ?? [])];
    super(
      forwarder(`${shape.module}:${shape.name}`),
      name,
      props,
      { ...options, ...(secrets.length > 0 && { additionalSecretOutputs: secrets }) },
      shape.module,
      shape.name,
    );
  }
}
