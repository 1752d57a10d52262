/**
 * The release folder's checksums file: the sha256 of every other file in it (the module-proxy and
 * Maven folders too), in `sha256sum` form, so `sha256sum -c` checks a download.
 */
import { createHash } from "node:crypto";
import { createReadStream, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export const checksumsName = (version: string): string => `pulumi-svc_${version}_checksums.txt`;

export async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
export function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(name);
      else files.push(name);
    }
  };
  walk("");
  return files.sort();
}

export async function writeChecksums(dir: string, version: string): Promise<string> {
  const name = checksumsName(version);
  const lines: string[] = [];
  for (const file of filesUnder(dir).filter((file) => file !== name)) lines.push(`${await sha256(path.join(dir, file))}  ${file}`);
  const out = path.join(dir, name);
  writeFileSync(out, `${lines.join("\n")}\n`);
  return out;
}

export interface ChecksumReport {
  /** Files whose sha256 is the one listed. */
  readonly verified: string[];
  /** What does not hold: a listed file missing or different, a file not listed. */
  readonly problems: string[];
}

/** Checks the folder against its checksums file: every file listed and matching, and no file left out. */
export async function verifyChecksums(dir: string, version: string): Promise<ChecksumReport> {
  const name = checksumsName(version);
  const listed = new Map<string, string>();
  for (const line of readFileSync(path.join(dir, name), "utf8").split("\n").filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (match === null) throw new Error(`${name}: not a sha256sum line: ${line}`);
    listed.set(match[2]!, match[1]!);
  }
  const verified: string[] = [];
  const problems: string[] = [];
  const present = filesUnder(dir).filter((file) => file !== name);
  for (const file of present) {
    const want = listed.get(file);
    if (want === undefined) problems.push(`${file} is not in ${name}`);
    else if ((await sha256(path.join(dir, file))) !== want) problems.push(`${file} does not match its sha256 in ${name}`);
    else verified.push(file);
  }
  for (const file of listed.keys()) if (!present.includes(file)) problems.push(`${file} is listed in ${name} but missing`);
  return { verified, problems };
}
