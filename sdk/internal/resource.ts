/**
 * The base of every SDK resource class: a Pulumi dynamic resource (type
 * `pulumi-nodejs:dynamic/<module>:<Name>`) whose provider is one line that
 * loads `pulumi-svc/dist/provider` in the provider process, and which makes
 * the standard `{ import: id }` option work (Pulumi's own import of dynamic
 * resources is broken upstream, pulumi/pulumi#3550).
 */
import * as pulumi from "@pulumi/pulumi";
import { CREDENTIALS_SETTING, PLAIN_TEXT_CREDENTIALS } from "../../provider/google/credentials/plainText";
import { isConfigSecret } from "./config";

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

/**
 * How an SDK class describes itself to the base class. The generated classes
 * (scripts/generate.ts) pass the declaration's full lists.
 */
export interface ResourceShape {
  readonly module: string;
  readonly name: string;
  /** Every input property name, given or not, so each is also an output. */
  readonly inputs: readonly string[];
  /** Output-only property names. */
  readonly outputs: readonly string[];
  /** Properties kept as Pulumi secrets (inputs among them are wrapped as secrets before they leave the program). */
  readonly secretOutputs?: readonly string[];
  /** The provider names an input after the resource (declaration `autoName`): the name is passed as `__resourceName`. */
  readonly autoNamed?: boolean;
  /** Inputs the engine holds in another form (declaration `stored`): what the SDK sends in place of the program's value. */
  readonly encode?: Readonly<Record<string, (value: never) => unknown>>;
}

/** Whether a value holds an Output or a promise anywhere (then it is encoded once they are known). */
function pending(value: unknown): boolean {
  if (pulumi.Output.isInstance(value) || value instanceof Promise) return true;
  if (Array.isArray(value)) return value.some(pending);
  if (typeof value === "object" && value !== null) return Object.values(value).some(pending);
  return false;
}

/** An input in the form the engine holds it: encoded at once when every part is known, else when it is. */
function encoded(value: unknown, encode: (value: never) => unknown): unknown {
  if (value === undefined) return undefined;
  return pending(value) ? pulumi.output(value).apply((known) => encode(known as never)) : encode(value as never);
}

let settingsChecked = false;

/**
 * Refuses a credential set in plain text, once per program. Only the program's process can tell: the
 * engine hands the provider process the configuration without the secret mark, so this check lives
 * here, before the first resource is registered (and so before `preview` shows anything).
 */
function refusePlainTextCredentials(): void {
  if (settingsChecked) return;
  const value = pulumi.runtime.getConfig(CREDENTIALS_SETTING);
  if (value !== undefined && value !== "" && !isConfigSecret(CREDENTIALS_SETTING)) throw new pulumi.RunError(`pulumi-svc: ${PLAIN_TEXT_CREDENTIALS}`);
  settingsChecked = true;
}

export abstract class SvcResource extends pulumi.CustomResource {
  /** Whether `obj` is a resource of the type token `type` (what each class's `isInstance` asks). */
  protected static hasType(obj: unknown, type: string): boolean {
    return typeof obj === "object" && obj !== null && (obj as { __pulumiType?: unknown }).__pulumiType === type;
  }

  /**
   * With `opts.id` the resource is read, not managed (the class's static
   * `get`): `args` is then what is known of its state, and the engine calls
   * the provider's `read` with the id.
   */
  protected constructor(shape: ResourceShape, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
    refusePlainTextCredentials();
    const { import: importId, ...options } = opts ?? {};
    const reading = options.id !== undefined;
    const given = args as Record<string, unknown>;
    const known = reading ? [...shape.inputs, ...shape.outputs] : shape.inputs;
    // TypeScript refuses unknown names in literals, but not in spread objects or JavaScript programs:
    // an argument the provider would never see fails here instead of vanishing.
    const unknownArgs = Object.keys(given).filter((key) => !known.includes(key));
    if (unknownArgs.length > 0) {
      throw new Error(
        `svc.${shape.module}.${shape.name} "${name}": unknown ${unknownArgs.length > 1 ? "arguments" : "argument"} ` +
          `${unknownArgs.map((key) => JSON.stringify(key)).join(", ")}; the ${reading ? "state" : "arguments"} are ${known.join(", ")}`,
      );
    }
    const secrets = new Set(shape.secretOutputs ?? []);
    const props: Record<string, unknown> = { __provider: providerSource(`${shape.module}:${shape.name}`) };
    for (const input of shape.inputs) {
      const encode = reading ? undefined : shape.encode?.[input];
      const value = encode === undefined ? given[input] : encoded(given[input], encode);
      props[input] = secrets.has(input) && value !== undefined ? pulumi.secret(value) : value;
    }
    for (const output of shape.outputs) props[output] = reading ? given[output] : undefined;
    // An import becomes an input that `create` handles by adopting the existing object.
    if (importId !== undefined) props["__import"] = importId;
    if (shape.autoNamed === true && !reading) props["__resourceName"] = name;
    // Who makes the object: this stack and this resource. The provider keeps a record under it of what
    // it made, so a create that finds its own object made by an interrupted run adopts it (ownership.ts).
    if (!reading) props["__owner"] = `${pulumi.getProject()}::${pulumi.getStack()}::${shape.module}:${shape.name}::${name}`;
    const secretOutputs = [...(options.additionalSecretOutputs ?? []), ...secrets];
    super(`pulumi-nodejs:dynamic/${shape.module}:${shape.name}`, name, props, {
      ...options,
      ...(secretOutputs.length > 0 && { additionalSecretOutputs: secretOutputs }),
    });
  }
}
