/**
 * Google's API contracts (their discovery documents, `documents/`) as the emulator reads them: which
 * documented method a request is (by HTTP method and path), and what its query, its body and its
 * answer may hold. One walk of a JSON value against a discovery schema serves both the emulator's
 * own refusals (`guard.ts`) and the test layer's record of what went over the wire (`ledger.ts`).
 *
 * What a value may be follows proto3's JSON mapping, which Google's front end reads and writes:
 * a request may give an int64 or an int32 as a number or a decimal string and a null for any field
 * (the field's default); an answer gives int64/uint64 as strings, int32 as numbers, never a null.
 * Enums are names; the protos' numbers (`x-enumNumbers`, the gapic APIs) are taken in a request and
 * answered when the caller asks for `enum-encoding=int`. An API transcoded from its protos also takes a
 * field by its proto name, in a body and as a query parameter (names.ts).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fieldName, queryByJsonName } from "./names";
import type { ContractDocument } from "./sources";
import { describe, isObject, queryValueProblem, scalarProblem, type SchemaNode } from "./values";

export type { SchemaNode };

export interface DiscoveryMethod {
  readonly id: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly flatPath?: string;
  readonly parameters?: Readonly<Record<string, SchemaNode>>;
  readonly request?: SchemaNode;
  readonly response?: SchemaNode;
}

interface DiscoveryResource {
  readonly methods?: Readonly<Record<string, DiscoveryMethod>>;
  readonly resources?: Readonly<Record<string, DiscoveryResource>>;
}

interface DiscoveryDocument extends DiscoveryResource {
  readonly id: string;
  readonly rootUrl: string;
  readonly servicePath: string;
  readonly parameters?: Readonly<Record<string, SchemaNode>>;
  readonly schemas: Readonly<Record<string, SchemaNode>>;
}

/** One problem of a request or an answer, with where it is (`body.rrdatas[0]`, `query.foo`) and what is wrong. */
export interface ContractProblem {
  readonly where: string;
  readonly problem: string;
  /** `unknown`: a name the contract does not have; `type`: a value of the wrong JSON type or enum. */
  readonly kind: "unknown" | "type" | "method";
  /** The offending value, for the wordings that quote it. */
  readonly value?: unknown;
}

/**
 * Query parameters Google's front end takes on every method of every API (the system parameters of
 * cloud.google.com/apis/docs/system-parameters), whether or not a document lists them: `$alt` is what
 * the gapic REST transports send (`$alt=json;enum-encoding=int`), `access_token` what the clients use
 * without an Authorization header.
 */
export const SYSTEM_PARAMETERS: ReadonlySet<string> = new Set([
  "$alt",
  "$.xgafv",
  "$fields",
  "$prettyPrint",
  "access_token",
  "alt",
  "callback",
  "fields",
  "key",
  "oauth_token",
  "prettyPrint",
  "quotaUser",
  "uploadType",
  "upload_protocol",
  "userIp",
]);

export interface MethodMatch {
  readonly contract: Contract;
  readonly method: DiscoveryMethod;
}

interface IndexedMethod {
  readonly method: DiscoveryMethod;
  readonly pattern: RegExp;
  /** Literal characters of the path: the most specific match wins (`events/watch` over `events/{eventId}`). */
  readonly literals: number;
}

/** One discovery document, indexed by method id and by path. */
export class Contract {
  readonly name: string;
  private readonly methods: IndexedMethod[] = [];
  private readonly byId = new Map<string, DiscoveryMethod>();

  constructor(
    /** The document's file name, e.g. `dns.v1.json`: how errors and violations name the contract. */
    readonly file: string,
    private readonly document: DiscoveryDocument,
    /** Transcoded from its protos: a field is read by its proto name too (`quota_id`, `update_mask`), as Google's front end reads it. */
    readonly readsProtoNames = false,
  ) {
    this.name = document.id;
    const walk = (resource: DiscoveryResource): void => {
      for (const method of Object.values(resource.methods ?? {})) {
        const template = `/${document.servicePath}${method.flatPath ?? method.path}`;
        this.methods.push({ method, pattern: templatePattern(template), literals: template.replace(/\{[^}]*\}/g, "").length });
        this.byId.set(method.id, method);
      }
      for (const child of Object.values(resource.resources ?? {})) walk(child);
    };
    walk(document);
    this.methods.sort((a, b) => b.literals - a.literals);
  }

  method(id: string): DiscoveryMethod | undefined {
    return this.byId.get(id);
  }

  methodIds(): string[] {
    return [...this.byId.keys()];
  }

  /** The documented method of this HTTP method and path; `pathOnly` says whether the path is documented for another method. */
  match(httpMethod: string, urlPath: string): { method?: DiscoveryMethod; pathOnly: boolean } {
    const onPath = this.methods.filter((entry) => entry.pattern.test(urlPath));
    const method = onPath.find((entry) => entry.method.httpMethod === httpMethod)?.method;
    return { ...(method !== undefined && { method }), pathOnly: onPath.length > 0 };
  }

  /** The query parameters a method takes (its own, the document's and the system ones). */
  queryParameter(method: DiscoveryMethod, name: string): SchemaNode | "system" | undefined {
    const own = method.parameters?.[name];
    if (own !== undefined && own.location === "query") return own;
    if (this.document.parameters?.[name] !== undefined || SYSTEM_PARAMETERS.has(name)) return "system";
    return undefined;
  }

  /** Problems of a request's query (names and scalar types) and body against the method. */
  checkRequest(method: DiscoveryMethod, query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): ContractProblem[] {
    const problems: ContractProblem[] = [];
    for (const [name, value] of Object.entries(this.queryByName(method, query))) {
      const parameter = this.queryParameter(method, name);
      if (parameter === undefined) {
        problems.push({ where: `query.${name}`, kind: "unknown", problem: `${method.id} has no query parameter '${name}'` });
        continue;
      }
      if (parameter === "system") continue;
      const values = Array.isArray(value) ? value : [value ?? ""];
      if (values.length > 1 && parameter.repeated !== true) {
        problems.push({ where: `query.${name}`, kind: "type", problem: `'${name}' is not a repeated parameter of ${method.id}`, value });
      }
      for (const single of values) {
        const problem = queryValueProblem(parameter, single);
        if (problem !== undefined) problems.push({ where: `query.${name}`, kind: "type", problem, value: single });
      }
    }
    if (method.request === undefined) {
      if (body !== undefined && body !== null && !(isObject(body) && Object.keys(body).length === 0)) {
        problems.push({ where: "body", kind: "unknown", problem: `${method.id} takes no request body` });
      }
    } else if (body !== undefined) {
      this.walk(method.request, body, "body", "request", false, problems);
    }
    return problems;
  }

  /** The request as its method's fields name it: each by its JSON name, which is all a handler reads (a proto name read as that). */
  inJsonNames(
    method: DiscoveryMethod,
    query: Readonly<Record<string, string | string[] | undefined>>,
    body: unknown,
  ): { query: Record<string, string | string[]>; body: unknown } {
    return { query: this.queryByName(method, query), body: method.request === undefined ? body : this.jsonNamed(method.request, body) };
  }

  private queryByName(method: DiscoveryMethod, query: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | string[]> {
    if (!this.readsProtoNames) return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
    return queryByJsonName(query, (name) => this.queryParameter(method, name) !== undefined);
  }

  private jsonNamed(node: SchemaNode | undefined, value: unknown): unknown {
    if (!this.readsProtoNames || node === undefined) return value;
    const schema = node.$ref !== undefined ? this.schema(node.$ref) : node;
    if (Array.isArray(value)) return schema.type === "array" ? value.map((item) => this.jsonNamed(schema.items, item)) : value;
    if (!isObject(value) || schema.type !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        const named = fieldName(schema, key, true);
        return [named, this.jsonNamed(schema.properties?.[named] ?? schema.additionalProperties, child)];
      }),
    );
  }

  /** Problems of a successful answer's body against the method's response schema. */
  checkAnswer(method: DiscoveryMethod, body: unknown, enumsAsNumbers: boolean): ContractProblem[] {
    const problems: ContractProblem[] = [];
    if (body === undefined) return problems;
    if (method.response === undefined) {
      if (!(isObject(body) && Object.keys(body).length === 0)) problems.push({ where: "answer", kind: "unknown", problem: `${method.id} answers no body` });
      return problems;
    }
    this.walk(method.response, body, "answer", "answer", enumsAsNumbers, problems);
    return problems;
  }

  /** The schema a `$ref` names. */
  schema(name: string): SchemaNode {
    const schema = this.document.schemas[name];
    if (schema === undefined) throw new Error(`${this.file}: no schema ${name}`);
    return schema;
  }

  private walk(node: SchemaNode, value: unknown, where: string, side: "request" | "answer", enumsAsNumbers: boolean, problems: ContractProblem[]): void {
    const schema = node.$ref !== undefined ? this.schema(node.$ref) : node;
    if (value === null) {
      if (side === "answer") problems.push({ where, kind: "type", problem: "null in an answer (proto3 JSON leaves an unset field out)", value });
      return;
    }
    switch (schema.type) {
      case "object": {
        if (!isObject(value)) {
          problems.push({ where, kind: "type", problem: `expected an object, got ${describe(value)}`, value });
          return;
        }
        for (const [key, child] of Object.entries(value)) {
          const at = `${where}.${key}`;
          const named = side === "request" ? fieldName(schema, key, this.readsProtoNames) : key;
          if (named !== key && Object.hasOwn(value, named)) {
            problems.push({ where: at, kind: "type", problem: `'${key}' is '${named}' by its proto name: the field is given twice`, value: child });
            continue;
          }
          const property = schema.properties?.[named] ?? schema.additionalProperties;
          if (property === undefined) {
            problems.push({ where: at, kind: "unknown", problem: `no field '${key}' in ${node.$ref ?? "this object"}` });
            continue;
          }
          if (side === "answer" && key === "kind" && property.default !== undefined && child !== property.default) {
            problems.push({ where: at, kind: "type", problem: `kind must be '${property.default}', got ${describe(child)}`, value: child });
            continue;
          }
          this.walk(property, child, at, side, enumsAsNumbers, problems);
        }
        return;
      }
      case "array":
        if (!Array.isArray(value)) {
          problems.push({ where, kind: "type", problem: `expected an array, got ${describe(value)}`, value });
          return;
        }
        value.forEach((item, index) => this.walk(schema.items ?? {}, item, `${where}[${index}]`, side, enumsAsNumbers, problems));
        return;
      case "any":
      case undefined:
        return;
      default: {
        const problem = scalarProblem(schema, value, side, enumsAsNumbers);
        if (problem !== undefined) problems.push({ where, kind: "type", problem, value });
      }
    }
  }
}

function templatePattern(template: string): RegExp {
  let source = "";
  for (const part of template.split(/(\{[^}]*\})/)) {
    if (part.startsWith("{")) source += part.startsWith("{+") ? "(.+)" : "([^/]+)";
    else source += part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

const DOCUMENTS = path.join(__dirname, "documents");
const loaded = new Map<string, Contract>();

/** A contract of a document an API names, read once per process; one made from protos reads proto names too. */
export function contractOf(document: ContractDocument): Contract {
  const { file } = document;
  let contract = loaded.get(file);
  if (contract === undefined) {
    contract = new Contract(file, JSON.parse(readFileSync(path.join(DOCUMENTS, file), "utf8")) as DiscoveryDocument, "protos" in document);
    loaded.set(file, contract);
  }
  return contract;
}
