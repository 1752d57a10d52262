/**
 * What this stack made: a record per resource, written before its create is sent and kept while the
 * object lives, so that a create interrupted after the service made the object (a killed `up`, an
 * answer lost with the process) is recognised as this stack's own and adopted, instead of failing
 * as "already exists". An object another stack or a person made is never taken over.
 *
 * The record is the provider's own, on disk (`svc:ownershipDir` / SVC_OWNERSHIP_DIR, default
 * `<PULUMI_HOME or ~/.pulumi>/svc-ownership`): none of these APIs can carry a marker on every
 * object (a record set, an ACL rule or a follow has no label or description), and a marker in a
 * field the program manages would show as drift. Each file is written whole and renamed into place,
 * so a process killed at any moment leaves the old record or the new one (what a killed process
 * wrote stays with the machine; a machine that loses power may lose its last records, and then the
 * next `up` fails on that object naming the `{ import }` that adopts it, as without a record).
 *
 * A record is keyed by the stack's and the resource's names, which a same-named stack of another
 * backend (or one removed and made again) shares; so the name alone never lets a create adopt. It
 * may adopt the object a record names only when the record is
 * - **this resource's**: the record holds the nonce the resource's inputs carry in this stack's
 *   state (`__ownerNonce`, made by its first check and carried by every later one), which no other
 *   stack's state holds: a replacement; or
 * - **released**: its object is in no stack's state, because the create ended with an unknown
 *   outcome (the engine keeps no failed create), a destroy left the object behind (an API without a
 *   delete), svc-recover found it made by a pending create it clears, or svc-recover found the run
 *   that wrote it killed (its lock, in this stack's backend, names one of the processes the record
 *   was written under) and its state without it.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readSetting } from "../../stackConfig";

/** Who makes an object: the stack and the resource in it (`project::stack::module:Type::name`), as the program names it. */
export type Owner = string;

/** A create's claim: its owner, and the nonce its resource's inputs carry in the stack's state (undefined: none given). */
export interface Creator {
  readonly owner: Owner;
  readonly nonce?: string;
}

export interface OwnershipRecord {
  readonly owner: Owner;
  /** The object's id, once known (before the create for ids the program gives; after it for ids the server assigns). */
  readonly id?: string;
  /** For a server-assigned id: the ids the collection held before the create, so the new one can be told apart. */
  readonly before?: readonly string[];
  /** When the create was first sent (ISO 8601), for messages. */
  readonly since: string;
  /** The nonce of the resource whose create wrote it: what only its stack's state holds. */
  readonly nonce?: string;
  /** The machine and the processes it was written under (the provider and its parents, the Pulumi CLI among them). */
  readonly run?: { readonly host: string; readonly pids: readonly number[] };
  /** When it was written (ISO 8601): a killed run's lock is older than what the run wrote. */
  readonly written?: string;
  /** Its object is in no stack's state: any create of its owner may adopt it. */
  readonly released?: true;
}

export const OWNERSHIP_SETTING = ["svc:ownershipDir", "SVC_OWNERSHIP_DIR"] as const;

/** Where the records live. */
export function ownershipDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = readSetting(...OWNERSHIP_SETTING, env);
  if (own !== undefined) return path.resolve(own);
  return path.join(env["PULUMI_HOME"] ?? path.join(os.homedir(), ".pulumi"), "svc-ownership");
}

/** The file of `owner`'s record (named in messages: removing it lets a create make a new object). */
export function recordFile(owner: Owner): string {
  return path.join(ownershipDir(), `${createHash("sha256").update(owner).digest("hex").slice(0, 40)}.json`);
}

function readRecord(file: string): OwnershipRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as OwnershipRecord;
  } catch {
    return undefined;
  }
}

/** The record under `owner`'s name, whoever wrote it (`mayAdopt` says whether a create may act on it). */
export function recordOf(owner: Owner | undefined): OwnershipRecord | undefined {
  if (owner === undefined) return undefined;
  const record = readRecord(recordFile(owner));
  // A hash collision is no claim: the record names its owner.
  return record?.owner === owner ? record : undefined;
}

/** Whether a create with `nonce` may adopt what `record` names: the record is its resource's, or released. */
export function mayAdopt(record: OwnershipRecord | undefined, nonce: string | undefined): record is OwnershipRecord {
  return record !== undefined && (record.released === true || (record.nonce !== undefined && record.nonce === nonce));
}

/** `project/stack` of an owner, for messages. */
export function stackOf(owner: Owner): string {
  const [project = "", stack = ""] = owner.split("::");
  return `${project}/${stack}`;
}

const PARENT_DEPTH = 4;
let thisRun: OwnershipRecord["run"] | undefined;

/** The parent of a process: from /proc (Linux), else `ps` (macOS); undefined where neither answers. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command may hold spaces and parentheses: the fields after the last ")" are fixed.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    try {
      return Number(execFileSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
}

/** This process and its parents up to the Pulumi CLI (the provider runs under it, at most through a launcher script), once per process. */
function runOfThisProcess(): NonNullable<OwnershipRecord["run"]> {
  if (thisRun === undefined) {
    const pids = [process.pid];
    for (let parent = parentOf(process.pid); parent !== undefined && parent > 1 && pids.length <= PARENT_DEPTH; parent = parentOf(parent)) pids.push(parent);
    thisRun = { host: os.hostname(), pids };
  }
  return thisRun;
}

/** A record of `creator`'s create, claimed by its nonce, stamped with this run. */
export function recordFor(creator: Creator, fields: { readonly id?: string; readonly before?: readonly string[]; readonly since: string }): OwnershipRecord {
  return {
    owner: creator.owner,
    ...fields,
    ...(creator.nonce !== undefined && { nonce: creator.nonce }),
    run: runOfThisProcess(),
    written: new Date().toISOString(),
  };
}

/** Writes the record whole and renames it into place, before the create it stands for is sent. */
export function keepRecord(record: OwnershipRecord): void {
  const file = recordFile(record.owner);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** The object `id` is gone (undefined: a create that named none yet made nothing): its record goes too (a replacement made first keeps the record of the new one). */
export function dropRecord(owner: Owner | undefined, id: string | undefined): void {
  if (owner !== undefined && recordOf(owner)?.id === id) rmSync(recordFile(owner), { force: true });
}

/** The object `id` stays but leaves this stack's state (a destroy of an object the API cannot delete): any later create of its owner may adopt it. */
export function releaseRecord(owner: Owner | undefined, id: string): void {
  const record = recordOf(owner);
  if (record?.id === id) keepRecord({ ...record, released: true });
}

/** A lock a killed run left in its stack's backend: the CLI's process, its machine and when the run began. */
export interface DeadRun {
  readonly host: string;
  readonly pid: number;
  /** When the lock was taken (ISO 8601 or RFC 3339); what the run wrote is younger. */
  readonly since: string;
}

/**
 * svc-recover found what a pending create made: the next create of its owner adopts it. The record
 * is written anew when none is left (the folder lost with a runner).
 */
export function handOver(owner: Owner, id: string): void {
  const record = recordOf(owner);
  const now = new Date().toISOString();
  keepRecord({ owner, id, since: record?.since ?? now, ...(record?.nonce !== undefined && { nonce: record.nonce }), written: now, released: true });
}

/**
 * Releases what a killed run wrote: the records written under its CLI process (on its machine, after
 * its lock was taken), whose objects the run's state never came to hold; `inState` says which owners
 * the stack's state holds (their records stay theirs). Returns how many.
 */
export function releaseRun(run: DeadRun, inState: (owner: Owner) => boolean = () => false): number {
  const began = Date.parse(run.since);
  let released = 0;
  let files: string[];
  try {
    files = readdirSync(ownershipDir()).filter((name) => name.endsWith(".json"));
  } catch {
    return 0;
  }
  for (const name of files) {
    const record = readRecord(path.join(ownershipDir(), name));
    if (record === undefined || record.released === true || record.run?.host !== run.host || !record.run.pids.includes(run.pid)) continue;
    // A create the killed run completed and checkpointed: its object is in the state, and stays this stack's alone.
    if (inState(record.owner)) continue;
    // A later process may reuse the pid: only what was written after the lock is the run's.
    if (!(Date.parse(record.written ?? "") >= began)) continue;
    keepRecord({ ...record, released: true });
    released++;
  }
  return released;
}
