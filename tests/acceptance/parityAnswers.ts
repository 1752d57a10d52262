/**
 * One answer of the service held to the emulator's answer to the same request (parity.ts pairs
 * them), walked along the method's response schema in Google's contract where the API has one.
 * Compared: whether both answer a field, its JSON type; enums and `kind`s; numbers (an int64 in a
 * string too) and booleans; record data as a set of the canonical forms docs/dns.md describes
 * (provider/apis/dns/rrdata.ts). Not compared: what the service makes up (ids, etags, times,
 * addresses) or echoes; where such a value differs, the two runs named one object differently, and
 * the pair is learned into the run's id map. Each difference is named by the resource it is of (the
 * schema's name and the object's own name) and its field.
 */
import type { Contract, SchemaNode } from "../../emulator/google/contracts/contract";
import { canonicalRrdata } from "../../provider/apis/dns/rrdata";
import { timeOf } from "../../provider/cassette";
import type { IdMap } from "./parityIds";

/** What a difference is of: `ManagedZone svc-acc-zone-...`. */
export interface Resource {
  readonly kind: string;
  readonly name: string;
}

export interface AnswerContext {
  /** The API, as the emulator names it (`dns`). */
  readonly api: string;
  readonly contract?: Contract;
  /** The method's response schema. */
  readonly schema?: SchemaNode;
  /** What the answer is of until it names an object itself (the request's last path part). */
  readonly resource: Resource;
  readonly ids: IdMap;
}

/** The service's vocabulary where no schema says what is an enum: `ACTIVE`, `dns#managedZone`, a state word. */
const VOCABULARY = /^([A-Z][A-Z0-9_]*|[a-z]+#[A-Za-z]+|pending|done|reader|writer|owner|user|group|domain|default)$/;
/** Fields whose values the service makes up, whatever their type. */
const SERVER_MADE = /^(id|etag|fingerprint|[a-z][A-Za-z]*Id)$/;
const NUMERIC_FORMATS: ReadonlySet<string> = new Set(["int32", "uint32", "int64", "uint64", "double", "float"]);
/** Record data fields: compared as sets of canonical forms of the record set's type. */
const RECORD_DATA: ReadonlySet<string> = new Set(["rrdatas", "signatureRrdatas"]);

function typeOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function shown(value: unknown): string {
  return typeof value === "string" && value !== "" && !/\s/.test(value) ? value : JSON.stringify(value);
}

interface Walk {
  readonly context: AnswerContext;
  readonly out: string[];
}

interface At {
  readonly resource: Resource;
  /** The field's path inside its resource (`dnssecConfig.state`). */
  readonly field: string;
  readonly key: string;
  readonly schema: SchemaNode | undefined;
  /** The record type of the record set the value is part of. */
  readonly recordType?: string;
  /** The value is the service's choice for the zone (its apex SOA and NS: the name servers it assigned). */
  readonly serviceChosen?: boolean;
}

function resolved(walk: Walk, node: SchemaNode | undefined): { schema: SchemaNode | undefined; name?: string } {
  if (node?.$ref === undefined || walk.context.contract === undefined) return { schema: node };
  return { schema: walk.context.contract.schema(node.$ref), name: node.$ref };
}

function report(walk: Walk, at: At, text: string): void {
  walk.out.push(`${walk.context.api} ${at.resource.kind} ${at.resource.name}: ${at.field === "" ? "" : `${at.field} `}${text}`);
}

const child = (field: string, key: string): string => (field === "" ? key : `${field}.${key}`);

/** The object's own name (a record set's with its type), when it has one. */
function ownName(value: Record<string, unknown>): string | undefined {
  const name = typeof value["name"] === "string" ? value["name"] : typeof value["id"] === "string" ? value["id"] : undefined;
  if (name === undefined) return undefined;
  return typeof value["type"] === "string" && /^[A-Z0-9]+$/.test(value["type"]) ? `${name} ${value["type"]}` : name;
}

function compareObjects(walk: Walk, at: At, real: Record<string, unknown>, emulated: Record<string, unknown>, name: string | undefined): void {
  const own = name === undefined ? undefined : ownName(real);
  const base: At = own === undefined ? at : { ...at, resource: { kind: name!, name: own }, field: "" };
  const recordType = typeof real["type"] === "string" && Object.keys(real).some((key) => RECORD_DATA.has(key)) ? real["type"] : at.recordType;
  for (const key of Object.keys(real)) if (!(key in emulated)) report(walk, { ...base, field: child(base.field, key) }, `only the service answers it`);
  for (const key of Object.keys(emulated)) if (!(key in real)) report(walk, { ...base, field: child(base.field, key) }, `only the emulator answers it`);
  const { schema } = resolved(walk, at.schema);
  for (const key of Object.keys(real)) {
    if (!(key in emulated)) continue;
    const node = schema?.properties?.[key] ?? schema?.additionalProperties;
    compareValues(
      walk,
      {
        resource: base.resource,
        field: child(base.field, key),
        key,
        schema: node,
        ...(recordType !== undefined && { recordType }),
        ...(at.serviceChosen === true && { serviceChosen: true }),
      },
      real[key],
      emulated[key],
    );
  }
}

/** The identity of a listed object, as the emulator's run would name it. */
function identity(item: unknown, map: (text: string) => string): string | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const own = ownName(item as Record<string, unknown>);
  return own === undefined ? undefined : own.split(" ").map(map).join(" ");
}

function compareArrays(walk: Walk, at: At, real: unknown[], emulated: unknown[]): void {
  // A zone's apex SOA and NS name the name servers the service assigned it: not compared, as an id is not.
  if (RECORD_DATA.has(at.key) && at.serviceChosen === true) return;
  if (RECORD_DATA.has(at.key) && at.recordType !== undefined) {
    const canonical = (values: unknown[]): string[] => [...new Set(values.map((value) => canonicalRrdata(at.recordType!, String(value))))].sort();
    if (JSON.stringify(canonical(real)) !== JSON.stringify(canonical(emulated))) report(walk, at, `${shown(real)} -> ${shown(emulated)}`);
    return;
  }
  if (real.length !== emulated.length) report(walk, at, `the service answered ${real.length} items, the emulator ${emulated.length}`);
  // Listed objects are paired by what they are (a record set by its name and type), the rest in order.
  const pairs: Array<[number, number]> = [];
  const left = new Set(emulated.keys());
  for (const [index, item] of real.entries()) {
    const id = identity(item, (text) => walk.context.ids.of(text));
    const match = id === undefined ? -1 : [...left].find((other) => identity(emulated[other], (text) => text) === id);
    if (match !== undefined && match >= 0) {
      pairs.push([index, match]);
      left.delete(match);
    }
  }
  const paired = new Set(pairs.map(([index]) => index));
  const rest = [...left];
  for (const index of real.keys()) if (!paired.has(index) && rest.length > 0) pairs.push([index, rest.shift()!]);
  const { schema } = resolved(walk, at.schema);
  // The zone's apex: where the listing's SOA is.
  const apex = new Set(real.filter((item) => (item as { type?: unknown } | null)?.type === "SOA").map((item) => String((item as { name?: unknown }).name)));
  for (const [index, other] of pairs.sort(([a], [b]) => a - b)) {
    const item = real[index] as { type?: unknown; name?: unknown } | null;
    const zoneOwn = item?.type === "SOA" || (item?.type === "NS" && apex.has(String(item.name)));
    compareValues(
      walk,
      { ...at, field: `${at.field}[${index}]`, schema: schema?.items, ...(zoneOwn && { serviceChosen: true }) },
      real[index],
      emulated[other],
    );
  }
}

function compareScalars(walk: Walk, at: At, real: unknown, emulated: unknown): void {
  if (real === emulated) return;
  const { schema } = resolved(walk, at.schema);
  const time = timeOf(real) !== undefined || schema?.format === "date-time" || schema?.format === "google-datetime";
  const serverMade = SERVER_MADE.test(at.key) || time;
  const compared =
    !serverMade &&
    (at.key === "kind" ||
      schema?.enum !== undefined ||
      typeof real === "number" ||
      typeof real === "boolean" ||
      (schema?.format !== undefined && NUMERIC_FORMATS.has(schema.format)) ||
      (schema === undefined && typeof real === "string" && (VOCABULARY.test(real) || VOCABULARY.test(String(emulated)))));
  if (compared) report(walk, at, `${shown(real)} -> ${shown(emulated)}`);
  else if (!time) walk.context.ids.learn(String(real), String(emulated));
}

function compareValues(walk: Walk, at: At, real: unknown, emulated: unknown): void {
  const [a, b] = [typeOf(real), typeOf(emulated)];
  if (a !== b) {
    report(
      walk,
      at,
      `the service answered ${a === "object" || a === "array" ? "an" : "a"} ${a}, the emulator ${b === "object" || b === "array" ? "an" : "a"} ${b}`,
    );
    return;
  }
  if (a === "object") {
    compareObjects(walk, at, real as Record<string, unknown>, emulated as Record<string, unknown>, resolved(walk, at.schema).name);
    return;
  }
  if (a === "array") {
    compareArrays(walk, at, real as unknown[], emulated as unknown[]);
    return;
  }
  compareScalars(walk, at, real, emulated);
}

/** The differences of the emulator's answer from the service's, one line each; learns the ids they call alike. */
export function compareAnswers(context: AnswerContext, real: unknown, emulated: unknown): string[] {
  const walk: Walk = { context, out: [] };
  const name = context.schema?.$ref ?? context.resource.kind;
  const at: At = { resource: { kind: name, name: context.resource.name }, field: "", key: "", schema: context.schema };
  if (typeOf(real) === "object" && typeOf(emulated) === "object") {
    compareObjects(walk, at, real as Record<string, unknown>, emulated as Record<string, unknown>, name);
  } else {
    compareValues(walk, at, real, emulated);
  }
  return walk.out;
}
