/**
 * Parity, as LocalStack holds its emulator to snapshots taken against AWS: the same run (same seed,
 * so the same names) recorded against a real service and against the emulator, each exchange's
 * answer compared field by field: the status, every field present on one side only, each field's
 * JSON type, and the values that are the service's vocabulary (enums, kinds, states). Values the
 * service makes up (ids, times, etags, generated addresses) differ by nature and are not compared.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Cassette, Interaction } from "../../provider/cassette";
import { cassetteFiles } from "./run";

/** A value of the service's vocabulary: an enum (`ACTIVE`, `dns#managedZone`) or a short state word. */
const VOCABULARY = /^([A-Z][A-Z0-9_]*|[a-z]+#[A-Za-z]+|pending|done|reader|writer|owner|user|group|domain|default)$/;

function typeOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function compareValues(where: string, real: unknown, emulated: unknown, out: string[]): void {
  const [a, b] = [typeOf(real), typeOf(emulated)];
  if (a !== b) {
    out.push(`${where}: the service answered ${a}, the emulator ${b}`);
    return;
  }
  if (a === "object") {
    const [x, y] = [real as Record<string, unknown>, emulated as Record<string, unknown>];
    for (const key of Object.keys(x)) if (!(key in y)) out.push(`${where}.${key}: only the service answers it`);
    for (const key of Object.keys(y)) if (!(key in x)) out.push(`${where}.${key}: only the emulator answers it`);
    for (const key of Object.keys(x)) if (key in y) compareValues(`${where}.${key}`, x[key], y[key], out);
    return;
  }
  if (a === "array") {
    const [x, y] = [real as unknown[], emulated as unknown[]];
    if (x.length !== y.length) out.push(`${where}: the service answered ${x.length} items, the emulator ${y.length}`);
    for (let i = 0; i < Math.min(x.length, y.length); i++) compareValues(`${where}[${i}]`, x[i], y[i], out);
    return;
  }
  if (typeof real === "string" && (VOCABULARY.test(real) || VOCABULARY.test(String(emulated))) && real !== emulated) {
    out.push(`${where}: the service answered ${JSON.stringify(real)}, the emulator ${JSON.stringify(emulated)}`);
  }
}

const shapeOf = (interaction: Interaction): string => `${interaction.request.method} ${new URL(interaction.request.url).pathname.split("/").length}`;

/** The differences between a run recorded against a service and the same run against the emulator; empty when they agree. */
export function compareRuns(realFolder: string, emulatorFolder: string): string[] {
  const out: string[] = [];
  const files = cassetteFiles(realFolder);
  const theirs = new Set(cassetteFiles(emulatorFolder));
  for (const file of files) {
    if (!theirs.has(file)) {
      out.push(`${file}: the emulator's run has no such operation`);
      continue;
    }
    const read = (folder: string): Interaction[] => (JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Cassette).interactions;
    const [real, emulated] = [read(realFolder), read(emulatorFolder)];
    const used = new Set<number>();
    for (const [index, interaction] of real.entries()) {
      const where = `${file} #${index + 1} ${interaction.request.method} ${new URL(interaction.request.url).pathname}`;
      // The same request, else the next unused one of its method and path shape (server-made ids in the path differ).
      let match = emulated.findIndex(
        (other, i) =>
          !used.has(i) &&
          other.request.method === interaction.request.method &&
          new URL(other.request.url).pathname === new URL(interaction.request.url).pathname,
      );
      if (match < 0) match = emulated.findIndex((other, i) => !used.has(i) && shapeOf(other) === shapeOf(interaction));
      if (match < 0) {
        out.push(`${where}: the emulator's run sent no such request`);
        continue;
      }
      used.add(match);
      const other = emulated[match]!;
      if (other.response.status !== interaction.response.status)
        out.push(`${where}: status ${interaction.response.status} from the service, ${other.response.status} from the emulator`);
      else compareValues(`${where} answer`, interaction.response.body, other.response.body, out);
    }
  }
  return out;
}
