/**
 * A zone's records map as the engine holds it: one string per record set, keyed by its name and
 * type (`"www A": "300 192.0.2.10"`, `"@ MX": "3600 10 mail.example.com. | 20 mx2.example.com."`).
 * The engine passes every value of every step through a protobuf Struct, whose cost grows with the
 * number of values: a nested map of 10,000 sets (objects holding arrays) takes seconds per pass,
 * the same sets as 10,000 strings milliseconds, and its state is one short line per set. The program
 * gives the nested map; `check` turns it into this form, and a reader of a diff still sees each set
 * by name and type. No imports: the SDK encodes with it before anything is sent.
 */

/** One record set as a program gives it. */
export interface ProgramRecordData {
  readonly ttl?: number | undefined;
  readonly rrdatas: readonly string[];
}

export type ProgramRecords = Readonly<Record<string, Readonly<Record<string, ProgramRecordData>>>>;

/** The engine's form: `"<name> <TYPE>"` to `"<ttl> <data> | <data>"`. */
export type StoredRecords = Readonly<Record<string, string>>;

/** The key of a record set in the stored form. */
export const storedKey = (relative: string, type: string): string => `${relative} ${type}`;

/** The name and type of a stored key (a name holds no space; the type is the last word). */
export function keyParts(key: string): { relative: string; type: string } {
  const at = key.lastIndexOf(" ");
  return at < 0 ? { relative: key, type: "" } : { relative: key.slice(0, at), type: key.slice(at + 1) };
}

const SEPARATOR = " | ";

/** A set's data in the stored form: its TTL, then its records separated by ` | ` (as JSON when a record could be misread so). */
export function encodeData(ttl: number, rrdatas: readonly string[]): string {
  const plain = rrdatas.every((value) => value !== "" && !value.includes("|") && !value.startsWith("[") && value.trim() === value);
  return `${ttl} ${plain ? rrdatas.join(SEPARATOR) : JSON.stringify(rrdatas)}`;
}

/** A set's data read back from the stored form; undefined when the text is not of that form. */
export function decodeData(text: string): { ttl: number; rrdatas: string[] } | undefined {
  const match = /^(\d+) (.*)$/s.exec(text);
  if (match === null) return undefined;
  const [, ttl = "", rest = ""] = match;
  if (rest.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(rest);
      return Array.isArray(parsed) && parsed.every((value) => typeof value === "string") ? { ttl: Number(ttl), rrdatas: parsed } : undefined;
    } catch {
      return undefined;
    }
  }
  return { ttl: Number(ttl), rrdatas: rest.split(SEPARATOR) };
}

/**
 * What the SDK sends for a program's map before `check` fills the TTLs in: the same keys, each
 * set's data as JSON text (a string, so the engine's Struct stays flat). `check` reads it back.
 */
export function encodeForCheck(records: ProgramRecords): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [relative, types] of Object.entries(records)) {
    for (const [type, data] of Object.entries(types)) flat[storedKey(relative, type)] = JSON.stringify(data);
  }
  return flat;
}

/**
 * The program's nested map from any form the engine may pass: the nested map itself, the SDK's
 * JSON text per set, or the stored form. A value that is none of these is kept as it is, so that
 * `check`'s schema names what is wrong with it.
 */
export function toProgramRecords(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || entries.some(([, data]) => typeof data !== "string")) return value;
  const nested: Record<string, Record<string, unknown>> = {};
  for (const [key, text] of entries as [string, string][]) {
    const { relative, type } = keyParts(key);
    let data: unknown = decodeData(text);
    if (data === undefined) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    (nested[relative] ??= {})[type] = data;
  }
  return nested;
}

/** The stored form of a checked program map, every TTL given (the set's own, else the default). */
export function toStoredRecords(records: ProgramRecords, defaultTtl: number): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [relative, types] of Object.entries(records)) {
    for (const [type, data] of Object.entries(types)) stored[storedKey(relative, type)] = encodeData(data.ttl ?? defaultTtl, data.rrdatas);
  }
  return stored;
}
