/**
 * A Terraform state, read as Terraform 1.x writes it: the state file itself (`terraform.tfstate`,
 * format version 4: resources with their module path, mode and instances, each with its
 * `index_key` under `count` or `for_each`, its `schema_version` and `attributes`), or the JSON of
 * `terraform show -json` (`values.root_module` with nested `child_modules`, each resource with its
 * full `address`). Both become one flat list of instances, each with the address Terraform gives it
 * (`module.dns.google_dns_record_set.www[0]`, `data.google_project.this`). A deposed object (the old
 * object of a `create_before_destroy` replacement, which Terraform deletes next) has the address of
 * its instance and its deposed key (`deposed` in the file, `deposed_key` in `terraform show -json`).
 */
import { z } from "zod";

export interface TerraformInstance {
  /** The instance's address, as `terraform state list` prints it. */
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  /** The module path (`module.dns`, `module.a.module.b["x"]`), absent at the root. */
  readonly module?: string;
  /** The `count` index or the `for_each` key, absent for a single instance. */
  readonly indexKey?: number | string;
  /** The deposed key of an object Terraform put aside to delete (`create_before_destroy`); absent for the instance's current object. */
  readonly deposed?: string;
  /** The provider's address (`registry.terraform.io/hashicorp/google`), without the `provider[...]` wrapping. */
  readonly provider: string;
  readonly schemaVersion: number;
  readonly attributes: Readonly<Record<string, unknown>>;
}

const attributes = z.record(z.string(), z.unknown());
const indexKey = z.union([z.number(), z.string()]);

/** Format version 4 (Terraform 0.12 and every 1.x). */
const stateFileV4 = z.object({
  version: z.literal(4),
  terraform_version: z.string().optional(),
  resources: z
    .array(
      z.object({
        module: z.string().optional(),
        mode: z.enum(["managed", "data"]),
        type: z.string(),
        name: z.string(),
        provider: z.string(),
        instances: z.array(
          z.object({
            index_key: indexKey.optional(),
            deposed: z.string().optional(),
            schema_version: z.number().int().default(0),
            attributes: attributes.optional(),
            // Terraform 0.11's flat form, upgraded by Terraform itself: read only to say so.
            attributes_flat: z.record(z.string(), z.string()).optional(),
          }),
        ),
      }),
    )
    .default([]),
});

interface ShowModule {
  readonly address?: string | undefined;
  readonly resources?: ShowResource[] | undefined;
  readonly child_modules?: ShowModule[] | undefined;
}
interface ShowResource {
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  readonly index?: number | string | undefined;
  readonly deposed_key?: string | undefined;
  readonly provider_name: string;
  readonly schema_version?: number | undefined;
  readonly values?: Record<string, unknown> | undefined;
}
const showResource: z.ZodType<ShowResource> = z.object({
  address: z.string(),
  mode: z.enum(["managed", "data"]),
  type: z.string(),
  name: z.string(),
  index: indexKey.optional(),
  deposed_key: z.string().optional(),
  provider_name: z.string(),
  schema_version: z.number().int().optional(),
  values: attributes.optional(),
});
const showModule: z.ZodType<ShowModule> = z.lazy(() =>
  z.object({ address: z.string().optional(), resources: z.array(showResource).optional(), child_modules: z.array(showModule).optional() }),
);
/** `terraform show -json` (format version 1.x) of a state. */
const showJson = z.object({
  format_version: z.string().regex(/^1\./, { error: (issue) => `must be a 1.x format_version; got ${JSON.stringify(issue.input)}` }),
  terraform_version: z.string().optional(),
  values: z.object({ root_module: showModule }).optional(),
});

/** `provider["registry.terraform.io/hashicorp/google"]` (or a module's `module.x.provider[...]`, or an alias `.beta`) is `registry.terraform.io/hashicorp/google`. */
export function providerAddress(text: string): string {
  return /provider\["([^"]+)"\]/.exec(text)?.[1] ?? text;
}

/** The index part of an address: `[0]` for a count index, `["key"]` for a for_each key. */
export const indexSuffix = (key: number | string | undefined): string =>
  key === undefined ? "" : typeof key === "number" ? `[${key}]` : `[${JSON.stringify(key)}]`;

function fromStateFile(state: z.infer<typeof stateFileV4>): TerraformInstance[] {
  return state.resources.flatMap((resource) =>
    resource.instances.map((instance): TerraformInstance => {
      if (instance.attributes === undefined) {
        throw new Error(
          `${resource.type}.${resource.name} holds Terraform 0.11's flat attributes (attributes_flat): run \`terraform apply -refresh-only\` with Terraform 1.x first, which writes them in today's form`,
        );
      }
      const base = `${resource.mode === "data" ? "data." : ""}${resource.type}.${resource.name}${indexSuffix(instance.index_key)}`;
      return {
        address: resource.module === undefined ? base : `${resource.module}.${base}`,
        mode: resource.mode,
        type: resource.type,
        name: resource.name,
        ...(resource.module !== undefined && { module: resource.module }),
        ...(instance.index_key !== undefined && { indexKey: instance.index_key }),
        ...(instance.deposed !== undefined && { deposed: instance.deposed }),
        provider: providerAddress(resource.provider),
        schemaVersion: instance.schema_version,
        attributes: instance.attributes,
      };
    }),
  );
}

function fromShow(module: ShowModule): TerraformInstance[] {
  const own = (module.resources ?? []).map((resource): TerraformInstance => {
    const local = `${resource.mode === "data" ? "data." : ""}${resource.type}.${resource.name}${indexSuffix(resource.index)}`;
    // The module's part of the address: what precedes the resource's own part.
    const prefix = resource.address.endsWith(local) ? resource.address.slice(0, -local.length).replace(/\.$/, "") : (module.address ?? "");
    return {
      address: resource.address,
      mode: resource.mode,
      type: resource.type,
      name: resource.name,
      ...(prefix !== "" && { module: prefix }),
      ...(resource.index !== undefined && { indexKey: resource.index }),
      ...(resource.deposed_key !== undefined && { deposed: resource.deposed_key }),
      provider: resource.provider_name,
      schemaVersion: resource.schema_version ?? 0,
      attributes: resource.values ?? {},
    };
  });
  return [...own, ...(module.child_modules ?? []).flatMap(fromShow)];
}

/** The instances of a state file's or `terraform show -json`'s text; an error saying what the text is not. */
export function readTerraformState(text: string, where: string): TerraformInstance[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON (${(error as Error).message}): give a terraform.tfstate file or the output of \`terraform show -json\``, {
      cause: error,
    });
  }
  const record = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if ("format_version" in record) {
    const parsed = showJson.safeParse(json);
    if (!parsed.success) throw new Error(`${where}: not the JSON of \`terraform show -json\`: ${issues(parsed.error)}`);
    return parsed.data.values === undefined ? [] : fromShow(parsed.data.values.root_module);
  }
  if (typeof record["version"] === "number" && record["version"] !== 4) {
    throw new Error(
      `${where} is a state of format version ${String(record["version"])}; this reads version 4, what Terraform 0.12 and every 1.x write: ` +
        "let Terraform 1.x upgrade it first (`terraform apply -refresh-only`), or give `terraform show -json`",
    );
  }
  const parsed = stateFileV4.safeParse(json);
  if (!parsed.success) throw new Error(`${where}: not a Terraform state (version 4) nor \`terraform show -json\`: ${issues(parsed.error)}`);
  return fromStateFile(parsed.data);
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(the top)"} ${issue.message}`)
    .join("; ");
}
