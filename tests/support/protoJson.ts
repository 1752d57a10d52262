/**
 * Checks a JSON answer against the proto message a gapic client decodes it into, strictly:
 * Google's own decoder skips names it does not know and takes an enum by name or number, so a
 * lenient emulator would pass it. Here an unknown field, a value of the wrong JSON type, an
 * enum value the proto does not define, or an enum in the wrong encoding (names unless
 * `enum-encoding=int` was asked for) is a problem, named by its path.
 */
import * as protobuf from "protobufjs";

const WELL_KNOWN_STRINGS = new Set([
  ".google.protobuf.Timestamp",
  ".google.protobuf.Duration",
  ".google.protobuf.FieldMask",
  ".google.protobuf.Int64Value",
  ".google.protobuf.UInt64Value",
]);

export class ProtoJsonChecker {
  private readonly root: protobuf.Root;

  constructor(protosJson: protobuf.INamespace) {
    this.root = protobuf.Root.fromJSON(protosJson);
    this.root.resolveAll();
  }

  /** Problems of `json` as the message `typeName` (fully qualified, e.g. `google.api.cloudquotas.v1.QuotaInfo`). */
  check(typeName: string, json: unknown, intEnums: boolean): string[] {
    const problems: string[] = [];
    this.message(this.root.lookupType(typeName), json, typeName.split(".").pop() ?? typeName, intEnums, problems);
    return problems;
  }

  private message(type: protobuf.Type, json: unknown, at: string, intEnums: boolean, problems: string[]): void {
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      problems.push(`${at}: expected an object, got ${JSON.stringify(json)}`);
      return;
    }
    for (const [key, value] of Object.entries(json)) {
      const field = type.fields[key] ?? Object.values(type.fields).find((candidate) => candidate.name === key);
      if (field === undefined) {
        problems.push(`${at}.${key}: unknown field of ${type.name}`);
        continue;
      }
      if (field.map) {
        if (typeof value !== "object" || value === null) problems.push(`${at}.${key}: expected a map`);
        else
          for (const [mapKey, item] of Object.entries(value as Record<string, unknown>)) this.value(field, item, `${at}.${key}[${mapKey}]`, intEnums, problems);
      } else if (field.repeated) {
        if (!Array.isArray(value)) problems.push(`${at}.${key}: expected a list`);
        else value.forEach((item, index) => this.value(field, item, `${at}.${key}[${index}]`, intEnums, problems));
      } else {
        this.value(field, value, `${at}.${key}`, intEnums, problems);
      }
    }
  }

  private value(field: protobuf.Field, value: unknown, at: string, intEnums: boolean, problems: string[]): void {
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Enum) {
      const known = intEnums ? typeof value === "number" && resolved.valuesById[value] !== undefined : typeof value === "string" && value in resolved.values;
      if (!known) problems.push(`${at}: ${JSON.stringify(value)} is not a ${intEnums ? "number" : "name"} of ${resolved.name}`);
      return;
    }
    if (resolved instanceof protobuf.Type) {
      if (WELL_KNOWN_STRINGS.has(resolved.fullName)) {
        if (typeof value !== "string") problems.push(`${at}: ${resolved.name} must be a JSON string`);
        return;
      }
      this.message(resolved, value, at, intEnums, problems);
      return;
    }
    const expected = scalarJsonType(field.type);
    if (typeof value !== expected) problems.push(`${at}: ${field.type} must be a JSON ${expected}, got ${JSON.stringify(value)}`);
  }
}

/** proto3 JSON: 64-bit integers and bytes are strings; other numbers are numbers. */
function scalarJsonType(protoType: string): "string" | "number" | "boolean" {
  if (protoType === "bool") return "boolean";
  if (protoType === "string" || protoType === "bytes" || /64$/.test(protoType)) return "string";
  return "number";
}
