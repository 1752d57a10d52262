/**
 * Cloud Quotas' contract in the discovery form, from the protos Google publishes with its Node
 * client (@google-cloud/cloudquotas): each rpc's HTTP rule (with every additional binding, read from
 * the .proto text, since the package's protos.json keeps only one of them) becomes one method per
 * binding, named as Google's discovery documents name them (`cloudquotas.projects.locations.
 * quotaPreferences.create`, `cloudquotas.projects.locations.getQuotaAdjusterSettings`); the request
 * message's fields outside the body and the path become its query parameters; each message becomes a
 * schema by proto3's JSON mapping (lowerCamel names, int64/uint64 as strings, enums by name,
 * Timestamp/Duration/FieldMask as strings, wrappers as their value, maps as objects), with the
 * enum numbers kept beside the names (`x-enumNumbers`: the REST transport's `enum-encoding=int`).
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import protobuf from "protobufjs";

const NODE_MODULES = path.resolve(__dirname, "..", "..", "node_modules");

interface Binding {
  httpMethod: string;
  template: string;
  body?: string;
}

type Schema = Record<string, unknown>;

const SCALARS: Record<string, Schema> = {
  string: { type: "string" },
  bool: { type: "boolean" },
  bytes: { type: "string", format: "byte" },
  double: { type: "number", format: "double" },
  float: { type: "number", format: "float" },
  int32: { type: "integer", format: "int32" },
  sint32: { type: "integer", format: "int32" },
  sfixed32: { type: "integer", format: "int32" },
  uint32: { type: "integer", format: "uint32" },
  fixed32: { type: "integer", format: "uint32" },
  int64: { type: "string", format: "int64" },
  sint64: { type: "string", format: "int64" },
  sfixed64: { type: "string", format: "int64" },
  uint64: { type: "string", format: "uint64" },
  fixed64: { type: "string", format: "uint64" },
};

/** Well-known types by their JSON form (protobuf's JSON mapping). */
const WELL_KNOWN: Record<string, Schema> = {
  "google.protobuf.Timestamp": { type: "string", format: "google-datetime" },
  "google.protobuf.Duration": { type: "string", format: "google-duration" },
  "google.protobuf.FieldMask": { type: "string", format: "google-fieldmask" },
  "google.protobuf.Int64Value": { type: "string", format: "int64" },
  "google.protobuf.UInt64Value": { type: "string", format: "uint64" },
  "google.protobuf.Int32Value": { type: "integer", format: "int32" },
  "google.protobuf.UInt32Value": { type: "integer", format: "uint32" },
  "google.protobuf.StringValue": { type: "string" },
  "google.protobuf.BoolValue": { type: "boolean" },
  "google.protobuf.DoubleValue": { type: "number", format: "double" },
  "google.protobuf.FloatValue": { type: "number", format: "float" },
  "google.protobuf.BytesValue": { type: "string", format: "byte" },
};

/** The rpcs' HTTP rules from the .proto text: `get: "..."`, `body: "..."`, and each `additional_bindings { ... }`. */
function httpRules(protoText: string): Map<string, Binding[]> {
  const rules = new Map<string, Binding[]>();
  const rpc = /rpc\s+(\w+)\s*\([^)]*\)\s*returns\s*\([^)]*\)\s*\{([\s\S]*?)\n {2}\}/g;
  for (const match of protoText.matchAll(rpc)) {
    const option = /option \(google\.api\.http\) = \{([\s\S]*?)\n {4}\};/.exec(match[2]!);
    if (option === null) continue;
    const blocks = option[1]!.split(/additional_bindings\s*\{/);
    rules.set(
      match[1]!,
      blocks.map((block) => {
        const verb = /(get|post|put|patch|delete):\s*"([^"]+)"/.exec(block);
        if (verb === null) throw new Error(`no verb in the HTTP rule of ${match[1]!}`);
        const body = /body:\s*"([^"]+)"/.exec(block)?.[1];
        return { httpMethod: verb[1]!.toUpperCase(), template: verb[2]!, ...(body !== undefined && { body }) };
      }),
    );
  }
  return rules;
}

const lowerCamel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** `/v1/{parent=projects/*\/locations/*}/quotaPreferences` -> flatPath `v1/projects/{projectsId}/locations/{locationsId}/quotaPreferences`, the variable, its collections. */
function flatten(template: string): { flatPath: string; path: string; variable: string; segments: string[]; singleton: boolean } {
  const match = /^\/([^{]*)\{([\w.]+)=([^}]+)\}(.*)$/.exec(template);
  if (match === null) throw new Error(`unexpected HTTP template ${template}`);
  const [, prefix, variable, pattern, rest] = match as unknown as [string, string, string, string, string];
  const parts = pattern.split("/");
  const flat = parts.map((part, index) => (part === "*" ? `{${parts[index - 1]!}Id}` : part)).join("/");
  // An update's `{quota_preference.name=...}` is the method's `name` parameter, as in Google's discovery documents.
  const lastName = lowerCamel(variable.split(".").pop()!);
  const literals = [...parts.filter((part) => part !== "*"), ...rest.split("/").filter((part) => part !== "")];
  return {
    flatPath: `${prefix}${flat}${rest}`,
    path: `${prefix}{+${lastName}}${rest}`,
    variable: lastName,
    segments: literals,
    singleton: parts[parts.length - 1] !== "*" && rest === "",
  };
}

/** The discovery id of an rpc's binding: the collections of its path, then the verb (a singleton's rpc keeps its name). */
function methodId(rpcName: string, segments: string[], singleton: boolean): string[] {
  if (singleton) return [...segments.slice(0, -1), lowerFirst(rpcName)];
  const standard = /^(List|Get|Create|Update|Delete)(\w+)$/.exec(rpcName);
  const last = segments[segments.length - 1]!;
  const resourceName = standard?.[2] ?? "";
  const collection = lowerFirst(resourceName);
  if (standard !== null && (last === `${collection}s` || last === collection.replace(/y$/, "ies") || segments.includes(`${collection}s`))) {
    const verb = { List: "list", Get: "get", Create: "create", Update: "patch", Delete: "delete" }[standard[1]! as "List"];
    const upTo = segments.lastIndexOf(segments.find((segment) => segment === `${collection}s` || segment === collection.replace(/y$/, "ies"))!);
    return [...segments.slice(0, upTo + 1), verb];
  }
  return [...segments.slice(0, -1), lowerFirst(rpcName)];
}

/**
 * The discovery form of the protos in `folder` of an npm package's `build/protos` (e.g.
 * `@google-cloud/cloudquotas`, `google/api/cloudquotas/v1`): every service of the folder's files.
 */
export function protoContract(npmPackage: string, folder: string): Record<string, unknown> {
  const protos = path.join(NODE_MODULES, npmPackage, "build", "protos");
  const root = protobuf.Root.fromJSON(JSON.parse(readFileSync(path.join(protos, "protos.json"), "utf8")) as protobuf.INamespace);
  root.resolveAll();
  const pkg = folder.replace(/\//g, ".");
  const version = folder.split("/").pop()!;
  let name = "";
  let host = "";
  const schemas: Record<string, Schema> = {};

  const schemaName = (type: protobuf.Type | protobuf.Enum): string => type.fullName.replace(`.${pkg}.`, "").replace(/\./g, "");
  const fieldSchema = (field: protobuf.Field): Schema => {
    const base = ((): Schema => {
      const resolved = field.resolvedType;
      if (resolved === null) {
        const scalar = SCALARS[field.type];
        if (scalar === undefined) throw new Error(`unknown scalar ${field.type}`);
        return { ...scalar };
      }
      const known = WELL_KNOWN[resolved.fullName.slice(1)];
      if (known !== undefined) return { ...known };
      if (resolved instanceof protobuf.Enum) {
        const names = Object.keys(resolved.values);
        return { type: "string", enum: names, "x-enumNumbers": names.map((name) => resolved.values[name]) };
      }
      addMessage(resolved);
      return { $ref: schemaName(resolved) };
    })();
    const behaviors = [field.options?.["(google.api.field_behavior)"]].flat().filter((value) => value !== undefined);
    const readOnly = behaviors.includes("OUTPUT_ONLY") ? { readOnly: true } : {};
    if (field instanceof protobuf.MapField) return { type: "object", additionalProperties: base, ...readOnly };
    if (field.repeated) return { type: "array", items: base, ...readOnly };
    return { ...base, ...readOnly };
  };
  const addMessage = (type: protobuf.Type): void => {
    const name = schemaName(type);
    if (schemas[name] !== undefined) return;
    const schema: Schema = { id: name, type: "object", properties: {} };
    schemas[name] = schema;
    for (const field of type.fieldsArray) (schema["properties"] as Record<string, Schema>)[field.name] = fieldSchema(field);
  };

  const resources: Record<string, unknown> = {};
  const protoFolder = path.join(protos, folder);
  const services = readdirSync(protoFolder)
    .filter((file) => file.endsWith(".proto"))
    .sort()
    .flatMap((file) => {
      const text = readFileSync(path.join(protoFolder, file), "utf8");
      const rules = httpRules(text);
      host ||= /option \(google\.api\.default_host\) =\s*"([^"]+)"/.exec(text)?.[1] ?? "";
      return [...text.matchAll(/^service (\w+) \{/gm)].map((match) => ({ service: root.lookupService(`${pkg}.${match[1]!}`), rules }));
    });
  name = host.split(".")[0]!;
  for (const { service, rules } of services) {
    for (const method of service.methodsArray) {
      method.resolve();
      const request = method.resolvedRequestType!;
      const response = method.resolvedResponseType!;
      addMessage(response);
      for (const binding of rules.get(method.name) ?? []) {
        const { flatPath, path: methodPath, variable, segments, singleton } = flatten(binding.template);
        const id = methodId(method.name, segments, singleton);
        const parameters: Record<string, Schema> = { [variable]: { type: "string", location: "path", required: true } };
        for (const field of request.fieldsArray) {
          if (field.name === lowerCamel(binding.body ?? "") || field.name === variable || binding.body === "*") continue;
          const schema = fieldSchema(field);
          parameters[field.name] = field.repeated ? { ...(schema["items"] as Schema), location: "query", repeated: true } : { ...schema, location: "query" };
        }
        let body: Schema | undefined;
        if (binding.body !== undefined) {
          const bodyField = request.fields[lowerCamel(binding.body)];
          if (bodyField === undefined) throw new Error(`${method.name}: no body field ${binding.body}`);
          body = fieldSchema(bodyField);
        }
        let parent: Record<string, unknown> = { resources };
        for (const segment of id.slice(0, -1)) {
          const children = parent["resources"] as Record<string, Record<string, unknown>>;
          children[segment] ??= { methods: {}, resources: {} };
          parent = children[segment];
        }
        (parent["methods"] as Record<string, unknown>)[id[id.length - 1]!] = {
          id: [name, ...id].join("."),
          httpMethod: binding.httpMethod,
          path: methodPath,
          flatPath,
          parameters,
          ...(body !== undefined && { request: body }),
          ...(response.fullName !== ".google.protobuf.Empty" && { response: { $ref: schemaName(response) } }),
        };
      }
    }
  }
  return {
    kind: "discovery#restDescription",
    discoveryVersion: "v1",
    id: `${name}:${version}`,
    name,
    version,
    rootUrl: `https://${host}/`,
    servicePath: "",
    description: `Converted from the protos of ${npmPackage} (${folder}) by scripts/contracts/protoContracts.ts.`,
    parameters: {},
    resources,
    schemas,
  };
}
