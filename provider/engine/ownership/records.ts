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
import { readSetting, type Settings } from "../../stackConfig";

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

/** Where the records live: the setting's folder (`svc:ownershipDir` / SVC_OWNERSHIP_DIR), else beside Pulumi's home. */
export function ownershipDir(settings: Settings): string {
  const own = readSetting(...OWNERSHIP_SETTING, settings);
  if (own !== undefined) return path.resolve(own);
  return path.join(settings.env["PULUMI_HOME"] ?? path.join(os.homedir(), ".pulumi"), "svc-ownership");
}

function readRecord(file: string): OwnershipRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as OwnershipRecord;
  } catch {
    return undefined;
  }
}

/** `project/stack` of an owner, for messages. */
export function stackOf(owner: Owner): string {
  const [project = "", stack = ""] = owner.split("::");
  return `${project}/${stack}`;
}

/** Why a record of the same names is not this stack's: for the messages of a create and of svc-recover. */
export function madeElsewhere(record: OwnershipRecord): string {
  return (
    `A record on this machine says a run of a stack named ${stackOf(record.owner)} made it (its create was sent ${record.since}), ` +
    "but this stack's state does not hold it: a same-named stack of another backend, or one removed and made again. " +
    "If this stack's own run was killed, run svc-recover first."
  );
}

const PARENT_DEPTH = 4;

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

/** A lock a killed run left in its stack's backend: the CLI's process, its machine and when the run began. */
export interface DeadRun {
  readonly host: string;
  readonly pid: number;
  /** When the lock was taken (ISO 8601 or RFC 3339); what the run wrote is younger. */
  readonly since: string;
}

/** The records of one folder, as a provider process or a tool keeps them. */
export class OwnershipRecords {
  /** This process and its parents up to the Pulumi CLI, found once. */
  private run: NonNullable<OwnershipRecord["run"]> | undefined;

  constructor(readonly dir: string) {}

  /** The file of `owner`'s record (named in messages: removing it lets a create make a new object). */
  fileOf(owner: Owner): string {
    return path.join(this.dir, `${createHash("sha256").update(owner).digest("hex").slice(0, 40)}.json`);
  }

  /** The record under `owner`'s name, whoever wrote it (`mayAdopt` says whether a create may act on it). */
  recordOf(owner: Owner | undefined): OwnershipRecord | undefined {
    if (owner === undefined) return undefined;
    const record = readRecord(this.fileOf(owner));
    // A hash collision is no claim: the record names its owner.
    return record?.owner === owner ? record : undefined;
  }

  /** Whether a create with `nonce` may adopt what `record` names: the record is its resource's, or released. */
  mayAdopt(record: OwnershipRecord | undefined, nonce: string | undefined): record is OwnershipRecord {
    return record !== undefined && (record.released === true || (record.nonce !== undefined && record.nonce === nonce));
  }

  /** This process and its parents up to the Pulumi CLI (the provider runs under it, at most through a launcher script). */
  private runOfThisProcess(): NonNullable<OwnershipRecord["run"]> {
    if (this.run === undefined) {
      const pids = [process.pid];
      for (let parent = parentOf(process.pid); parent !== undefined && parent > 1 && pids.length <= PARENT_DEPTH; parent = parentOf(parent)) pids.push(parent);
      this.run = { host: os.hostname(), pids };
    }
    return this.run;
  }

  /** A record of `creator`'s create, claimed by its nonce, stamped with this run. */
  recordFor(creator: Creator, fields: { readonly id?: string; readonly before?: readonly string[]; readonly since: string }): OwnershipRecord {
    return {
      owner: creator.owner,
      ...fields,
      ...(creator.nonce !== undefined && { nonce: creator.nonce }),
      run: this.runOfThisProcess(),
      written: new Date().toISOString(),
    };
  }

  /** Writes the record whole and renames it into place, before the create it stands for is sent. */
  keep(record: OwnershipRecord): void {
    const file = this.fileOf(record.owner);
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  }

  /** The object `id` is gone (undefined: a create that named none yet made nothing): its record goes too (a replacement made first keeps the record of the new one). */
  drop(owner: Owner | undefined, id: string | undefined): void {
    if (owner !== undefined && this.recordOf(owner)?.id === id) rmSync(this.fileOf(owner), { force: true });
  }

  /** The object `id` stays but leaves this stack's state (a destroy of an object the API cannot delete): any later create of its owner may adopt it. */
  release(owner: Owner | undefined, id: string): void {
    const record = this.recordOf(owner);
    if (record?.id === id) this.keep({ ...record, released: true });
  }

  /**
   * svc-recover found what a pending create made: the next create of its owner adopts it. The record
   * is written anew when none is left (the folder lost with a runner).
   */
  handOver(owner: Owner, id: string): void {
    const record = this.recordOf(owner);
    const now = new Date().toISOString();
    this.keep({ owner, id, since: record?.since ?? now, ...(record?.nonce !== undefined && { nonce: record.nonce }), written: now, released: true });
  }

  /**
   * Releases what a killed run wrote: the records written under its CLI process (on its machine, after
   * its lock was taken), whose objects the run's state never came to hold; `inState` says which owners
   * the stack's state holds (their records stay theirs). Returns how many.
   */
  releaseRun(run: DeadRun, inState: (owner: Owner) => boolean = () => false): number {
    const began = Date.parse(run.since);
    let released = 0;
    let files: string[];
    try {
      files = readdirSync(this.dir).filter((name) => name.endsWith(".json"));
    } catch {
      return 0;
    }
    for (const name of files) {
      const record = readRecord(path.join(this.dir, name));
      if (record === undefined || record.released === true || record.run?.host !== run.host || !record.run.pids.includes(run.pid)) continue;
      // A create the killed run completed and checkpointed: its object is in the state, and stays this stack's alone.
      if (inState(record.owner)) continue;
      // A later process may reuse the pid: only what was written after the lock is the run's.
      if (!(Date.parse(record.written ?? "") >= began)) continue;
      this.keep({ ...record, released: true });
      released++;
    }
    return released;
  }
}

/** A create's ownership: who makes the object, and the records it is kept in. */
export interface OwnershipOf {
  readonly creator: Creator;
  readonly records: OwnershipRecords;
}
