/**
 * The response schemas of a Google API as Google's own Node client
 * (`googleapis`) types them, read at test time from the client's `.d.ts`
 * with the TypeScript compiler API, to check what an emulator answers, in
 * the manner of fake-gcs-server's tests against the GCS client's types.
 *
 * `readClientSchemas` maps each `Schema$X` interface to its fields and their
 * JSON types (int64 fields are `string` in the client, as on the wire), and
 * each method of the client's resources (`managedZones.create`) to the schema
 * its promise resolves to. `schemaProblems` walks a response recursively and
 * lists every field the schema does not have, every value of the wrong JSON
 * type, and every object whose schema has a `kind` that is not filled with
 * the fixed value. Reusable for any Google API of the client (calendar,
 * quotas, ...).
 */
import { readFileSync } from "node:fs";
import ts from "typescript";

export type JsonType =
  | { type: "string" }
  | { type: "number" }
  | { type: "boolean" }
  | { type: "any" }
  | { type: "array"; items: JsonType }
  | { type: "map"; values: JsonType }
  | { type: "schema"; name: string };

export interface ClientSchemas {
  /** `ManagedZone` -> field -> type. */
  schemas: Map<string, Map<string, JsonType>>;
  /** `managedZones.create` -> the response schema (`undefined`: no body, e.g. a delete). */
  methods: Map<string, string | undefined>;
  /** The fixed `kind` of each schema that has one. */
  kinds: Map<string, string>;
}

export interface ClientSchemaOptions {
  /** Path of the client's declaration file, e.g. `googleapis/build/src/apis/dns/v1.d.ts`. */
  declarationFile: string;
  /** The namespace it declares, e.g. `dns_v1`. */
  namespace: string;
  /** The API's class in that namespace, e.g. `Dns`. */
  apiClass: string;
  /**
   * The fixed kind of a schema whose `kind` field's comment does not quote
   * it (Cloud DNS's comments are empty; its discovery document gives every
   * kind as `"<api>#" + the schema name with a lowercase first letter`).
   */
  kindOf?: (schemaName: string) => string;
}

export function readClientSchemas(options: ClientSchemaOptions): ClientSchemas {
  const source = ts.createSourceFile(options.declarationFile, readFileSync(options.declarationFile, "utf8"), ts.ScriptTarget.Latest, true);
  const namespace = findNamespace(source, options.namespace);
  const schemas = new Map<string, Map<string, JsonType>>();
  const kinds = new Map<string, string>();
  const classes = new Map<string, ts.ClassDeclaration>();

  for (const statement of namespace.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text.startsWith("Schema$")) {
      const name = statement.name.text.slice("Schema$".length);
      const fields = new Map<string, JsonType>();
      for (const member of statement.members) {
        if (!ts.isPropertySignature(member) || member.type === undefined) continue;
        const field = propertyName(member.name);
        fields.set(field, jsonTypeOf(member.type));
        if (field === "kind") {
          const kind = documentedKind(member) ?? options.kindOf?.(name);
          if (kind !== undefined) kinds.set(name, kind);
        }
      }
      schemas.set(name, fields);
    }
    if (ts.isClassDeclaration(statement) && statement.name !== undefined) classes.set(statement.name.text, statement);
  }

  const methods = new Map<string, string | undefined>();
  const api = classes.get(options.apiClass);
  if (api === undefined) throw new Error(`no class ${options.apiClass} in ${options.namespace}`);
  // Resources nest (AdMob's `accounts.adSources.adapters.list`): a resource class's properties are its sub-resources.
  const addResources = (owner: ts.ClassDeclaration, prefix: string): void => {
    for (const member of owner.members) {
      if (!ts.isPropertyDeclaration(member) || member.type === undefined || !ts.isTypeReferenceNode(member.type)) continue;
      const resourceClass = classes.get(member.type.typeName.getText());
      if (resourceClass === undefined) continue;
      const resource = `${prefix}${propertyName(member.name)}`;
      for (const method of resourceClass.members) {
        if (!ts.isMethodDeclaration(method) || method.type === undefined) continue;
        const response = promisedSchema(method.type);
        if (response === null) continue;
        methods.set(`${resource}.${propertyName(method.name)}`, response);
      }
      addResources(resourceClass, `${resource}.`);
    }
  };
  addResources(api, "");
  return { schemas, methods, kinds };
}

/**
 * Every difference between `value` and the schema `schemaName`; empty when
 * the value conforms. `path` names the value in the messages.
 */
export function schemaProblems(client: ClientSchemas, schemaName: string, value: unknown, path = "$"): string[] {
  return problemsOf(client, { type: "schema", name: schemaName }, value, path);
}

/** The objects in `value` whose schema has a fixed kind: what a test can count. */
export function kindedObjects(client: ClientSchemas, schemaName: string, value: unknown, path = "$"): Array<{ path: string; schema: string }> {
  const found: Array<{ path: string; schema: string }> = [];
  const visit = (type: JsonType, current: unknown, at: string): void => {
    if (current === null || current === undefined) return;
    if (type.type === "array" && Array.isArray(current)) current.forEach((item, index) => visit(type.items, item, `${at}[${index}]`));
    if (type.type === "map" && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) visit(type.values, item, `${at}.${key}`);
    }
    if (type.type === "schema" && typeof current === "object" && !Array.isArray(current)) {
      if (client.kinds.has(type.name)) found.push({ path: at, schema: type.name });
      const fields = client.schemas.get(type.name);
      for (const [key, item] of Object.entries(current)) {
        const fieldType = fields?.get(key);
        if (fieldType !== undefined) visit(fieldType, item, `${at}.${key}`);
      }
    }
  };
  visit({ type: "schema", name: schemaName }, value, path);
  return found;
}

/** The schemas with a fixed kind that a response of one of `roots` can hold, at any depth. */
export function kindedSchemasReachableFrom(client: ClientSchemas, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const reachable = new Set<string>();
  const visitType = (type: JsonType): void => {
    if (type.type === "array") visitType(type.items);
    if (type.type === "map") visitType(type.values);
    if (type.type === "schema") visitSchema(type.name);
  };
  const visitSchema = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    if (client.kinds.has(name)) reachable.add(name);
    for (const type of client.schemas.get(name)?.values() ?? []) visitType(type);
  };
  roots.forEach(visitSchema);
  return reachable;
}

function problemsOf(client: ClientSchemas, type: JsonType, value: unknown, path: string): string[] {
  // The client types every field as `T | null`; Google omits empty fields rather than sending null.
  if (value === null) return [`${path}: null (Google omits empty fields)`];
  switch (type.type) {
    case "any":
      return [];
    case "string":
    case "number":
    case "boolean":
      return typeof value === type.type ? [] : [`${path}: expected a JSON ${type.type}, got ${describe(value)}`];
    case "array":
      if (!Array.isArray(value)) return [`${path}: expected an array, got ${describe(value)}`];
      return value.flatMap((item, index) => problemsOf(client, type.items, item, `${path}[${index}]`));
    case "map":
      if (!isObject(value)) return [`${path}: expected an object (map), got ${describe(value)}`];
      return Object.entries(value).flatMap(([key, item]) => problemsOf(client, type.values, item, `${path}.${key}`));
    case "schema": {
      const fields = client.schemas.get(type.name);
      if (fields === undefined) return [`${path}: the client has no schema ${type.name}`];
      if (!isObject(value)) return [`${path}: expected a ${type.name} object, got ${describe(value)}`];
      const problems: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        const fieldType = fields.get(key);
        if (fieldType === undefined) problems.push(`${path}.${key}: not a field of ${type.name}`);
        else problems.push(...problemsOf(client, fieldType, item, `${path}.${key}`));
      }
      const kind = client.kinds.get(type.name);
      if (kind !== undefined && value.kind !== kind) {
        problems.push(`${path}.kind: ${type.name} must carry kind ${JSON.stringify(kind)}, got ${describe(value.kind)}`);
      }
      return problems;
    }
  }
}

function findNamespace(source: ts.SourceFile, name: string): ts.ModuleBlock {
  for (const statement of source.statements) {
    if (ts.isModuleDeclaration(statement) && statement.name.text === name && statement.body !== undefined && ts.isModuleBlock(statement.body)) {
      return statement.body;
    }
  }
  throw new Error(`no namespace ${name} in ${source.fileName}`);
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText();
}

/** A documented kind: a quoted `api#name` in the comment of the `kind` field, e.g. `Type of the resource ("calendar#acl").`. */
function documentedKind(member: ts.PropertySignature): string | undefined {
  const comment = ts
    .getJSDocCommentsAndTags(member)
    .map((doc) => doc.getText())
    .join("\n");
  return /"([a-zA-Z0-9]+#[a-zA-Z0-9]+)"/.exec(comment)?.[1];
}

function jsonTypeOf(node: ts.TypeNode): JsonType {
  if (ts.isParenthesizedTypeNode(node)) return jsonTypeOf(node.type);
  if (ts.isUnionTypeNode(node)) {
    const types = node.types.filter((member) => !isNullish(member));
    const [only] = types;
    return types.length === 1 && only !== undefined ? jsonTypeOf(only) : { type: "any" };
  }
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { type: "string" };
    case ts.SyntaxKind.NumberKeyword:
      return { type: "number" };
    case ts.SyntaxKind.BooleanKeyword:
      return { type: "boolean" };
    default:
      break;
  }
  if (ts.isArrayTypeNode(node)) return { type: "array", items: jsonTypeOf(node.elementType) };
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText();
    const [argument] = node.typeArguments ?? [];
    if (name === "Array" && argument !== undefined) return { type: "array", items: jsonTypeOf(argument) };
    if (name.startsWith("Schema$")) return { type: "schema", name: name.slice("Schema$".length) };
    return { type: "any" };
  }
  if (ts.isTypeLiteralNode(node)) {
    const index = node.members.find(ts.isIndexSignatureDeclaration);
    if (index !== undefined) return { type: "map", values: jsonTypeOf(index.type) };
  }
  return { type: "any" };
}

function isNullish(node: ts.TypeNode): boolean {
  if (node.kind === ts.SyntaxKind.UndefinedKeyword) return true;
  return ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
}

/** `Promise<GaxiosResponseWithHTTP2<Schema$X>>` -> `X`; `<void>` -> undefined; any other return type (streams, callbacks) -> null. */
function promisedSchema(node: ts.TypeNode): string | undefined | null {
  if (!ts.isTypeReferenceNode(node) || node.typeName.getText() !== "Promise") return null;
  const [response] = node.typeArguments ?? [];
  if (response === undefined || !ts.isTypeReferenceNode(response)) return null;
  const [body] = response.typeArguments ?? [];
  if (body === undefined) return null;
  if (body.kind === ts.SyntaxKind.VoidKeyword) return undefined;
  if (ts.isTypeReferenceNode(body) && body.typeName.getText().startsWith("Schema$")) return body.typeName.getText().slice("Schema$".length);
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "nothing";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * A client method call made through `run`, recorded in `called` and checked: the method must be
 * one the client has, and its answer must match the client's schema for it (no schema: a 204).
 * `checked` sees each schema-checked answer (e.g. to collect the kinded objects it holds).
 */
export function checkedCaller(
  client: () => ClientSchemas,
  called: Set<string>,
  checked?: (schema: string, data: unknown) => void,
): <Data>(method: string, run: () => Promise<{ status: number; data: Data }>) => Promise<Data> {
  return async (method, run) => {
    expect(client().methods.has(method)).toBe(true);
    const response = await run();
    called.add(method);
    const schema = client().methods.get(method);
    if (schema === undefined) {
      expect(response.status).toBe(204);
      return response.data;
    }
    expect({ method, problems: schemaProblems(client(), schema, response.data) }).toEqual({ method, problems: [] });
    checked?.(schema, response.data);
    return response.data;
  };
}
