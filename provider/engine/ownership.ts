/**
 * What this stack made: a record per resource, written before its create is sent and kept while the
 * object lives, so that a create interrupted after the service made the object (a killed `up`, an
 * answer lost with the process) is recognised by the next `up` as this stack's own and adopted,
 * instead of failing as "already exists". An object another stack or a person made has no record
 * under this resource's owner, so it is never taken over.
 *
 * The record is the provider's own, on disk (`svc:ownershipDir` / SVC_OWNERSHIP_DIR, default
 * `<PULUMI_HOME or ~/.pulumi>/svc-ownership`): none of these APIs can carry a marker on every
 * object (a record set, an ACL rule or a follow has no label or description), and a marker in a
 * field the program manages would show as drift. Each file is written whole and renamed into place,
 * so a process killed at any moment leaves the old record or the new one (what a killed process
 * wrote stays with the machine; a machine that loses power may lose its last records, and then the
 * next `up` fails on that object naming the `{ import }` that adopts it, as without a record).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readSetting } from "../stackConfig";

/** Who makes an object: the stack and the resource in it (`project::stack::module:Type::name`), as the program names it. */
export type Owner = string;

export interface OwnershipRecord {
  readonly owner: Owner;
  /** The object's id, once known (before the create for ids the program gives; after it for ids the server assigns). */
  readonly id?: string;
  /** For a server-assigned id: the ids the collection held before the create, so the new one can be told apart. */
  readonly before?: readonly string[];
  /** When the create was first sent (ISO 8601), for messages. */
  readonly since: string;
}

export const OWNERSHIP_SETTING = ["svc:ownershipDir", "SVC_OWNERSHIP_DIR"] as const;

/** Where the records live. */
export function ownershipDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = readSetting(...OWNERSHIP_SETTING, env);
  if (own !== undefined) return path.resolve(own);
  return path.join(env["PULUMI_HOME"] ?? path.join(os.homedir(), ".pulumi"), "svc-ownership");
}

function fileOf(owner: Owner): string {
  return path.join(ownershipDir(), `${createHash("sha256").update(owner).digest("hex").slice(0, 40)}.json`);
}

/** This resource's record, when it made an object. */
export function recordOf(owner: Owner | undefined): OwnershipRecord | undefined {
  if (owner === undefined) return undefined;
  try {
    const record = JSON.parse(readFileSync(fileOf(owner), "utf8")) as OwnershipRecord;
    // A hash collision is no claim: the record names its owner.
    return record.owner === owner ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the record whole and renames it into place, before the create it stands for is sent. */
export function keepRecord(record: OwnershipRecord): void {
  const file = fileOf(record.owner);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** The object `id` is gone: its record goes too (a replacement made first keeps the record of the new one). */
export function dropRecord(owner: Owner | undefined, id: string): void {
  if (owner !== undefined && recordOf(owner)?.id === id) rmSync(fileOf(owner), { force: true });
}
