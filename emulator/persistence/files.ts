/**
 * The files of a data folder (`--data-dir`, `--import`, `--export-on-exit`): one JSON file per
 * API, `<api>.json` = `{ format, api, savedAt, state }`, each replaced atomically (written to a
 * temporary file, flushed to disk, renamed over the old one, the folder flushed), so a kill at any
 * moment leaves every file either as it was or as it became, never half written. Files are
 * readable by their owner only: they hold the channels' tokens (the receivers' secrets).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import * as path from "node:path";
import { z } from "zod";
import { SnapshotError } from "../store";

export const DATA_FORMAT = 1;
const TEMPORARY = /^\..+\.tmp$/;

const fileSchema = z.object({
  format: z.literal(DATA_FORMAT),
  api: z.string().regex(/^[a-z][a-z0-9-]*$/),
  savedAt: z.string(),
  state: z.unknown(),
});

export function fileOf(dir: string, api: string): string {
  return path.join(dir, `${api}.json`);
}

/** The file's text around a state already serialized (a large state is not parsed again to be wrapped). */
export function serializeState(api: string, stateJson: string): string {
  return `{"format":${DATA_FORMAT},"api":${JSON.stringify(api)},"savedAt":${JSON.stringify(new Date().toISOString())},"state":${stateJson}}\n`;
}

/** Replaces `<dir>/<api>.json`; resolves once the new content and the rename are on disk. */
export async function writeStateFile(dir: string, api: string, text: string): Promise<void> {
  const target = fileOf(dir, api);
  const temporary = path.join(dir, `.${api}.json.${process.pid}.tmp`);
  const handle = await open(temporary, "w", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, target);
  const folder = await open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Every API's saved state in `dir`, by API name; an empty map for an empty or new folder. */
export function readStateFiles(dir: string): Map<string, unknown> {
  const states = new Map<string, unknown>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return states;
    throw error;
  }
  for (const name of names.sort()) {
    // A write cut short by a kill: the file it was to replace is intact beside it.
    if (TEMPORARY.test(name)) continue;
    if (!name.endsWith(".json")) continue;
    const file = path.join(dir, name);
    let content: unknown;
    try {
      content = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new SnapshotError(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = fileSchema.safeParse(content);
    if (!parsed.success) throw new SnapshotError(`${file} is not a saved state of this emulator (format ${DATA_FORMAT}):\n${z.prettifyError(parsed.error)}`);
    if (`${parsed.data.api}.json` !== name) throw new SnapshotError(`${file} holds the state of '${parsed.data.api}', not of '${name.slice(0, -5)}'`);
    states.set(parsed.data.api, parsed.data.state);
  }
  return states;
}

/** Removes temporary files a kill left behind. */
export function removeTemporaryFiles(dir: string): void {
  for (const name of readdirSync(dir)) if (TEMPORARY.test(name)) rmSync(path.join(dir, name), { force: true });
}

export function ensureFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

const LOCK = "emulator.pid";

/**
 * Claims `dir` for this process: two emulators writing one folder would overwrite each other's
 * state. A lock whose process is gone (killed) is taken over.
 */
export function lockFolder(dir: string): () => void {
  const file = path.join(dir, LOCK);
  const folder = path.resolve(dir);
  if (lockedHere.has(folder)) throw new SnapshotError(`${dir} is the data folder of another emulator in this process (pid ${process.pid}); close it first`);
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(file, "utf8").trim());
  } catch {
    holder = undefined;
  }
  if (holder !== undefined && Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new SnapshotError(`${dir} is the data folder of another emulator (pid ${holder}); stop it or choose another folder`);
  }
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  const descriptor = openSync(file, "r");
  fsyncSync(descriptor);
  closeSync(descriptor);
  lockedHere.add(folder);
  return () => {
    lockedHere.delete(folder);
    rmSync(file, { force: true });
  };
}

/** Folders locked by emulators of this process (their lock file names this process, so it cannot tell them apart). */
const lockedHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process its parent has not reaped yet still answers the signal: a zombie holds nothing.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}
