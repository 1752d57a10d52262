/**
 * The names of an acceptance run's objects: `svc-acc-<purpose>-<unix>-<rand>`, as CircleCI's
 * provider names its test objects, so concurrent runs never touch each other's and the sweeper
 * (sweep.ts) knows an object's age from its name where the API gives no creation time. The seed
 * (the run's start and its random part) is kept in the cassette, so a replay names alike.
 */
import { createHash, randomBytes } from "node:crypto";

export const PREFIX = "svc-acc-";

export interface Seed {
  /** The run's start, in seconds since the epoch. */
  readonly unix: number;
  /** Six lowercase letters and digits. */
  readonly rand: string;
}

export function newSeed(now = Date.now()): Seed {
  return { unix: Math.floor(now / 1000), rand: randomBytes(8).toString("hex").slice(0, 6) };
}

/** The words of a sample value as a purpose: lowercase letters, digits and dashes. */
export function purposeOf(value: string): string {
  const words = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words === "" ? "object" : words.slice(0, 24).replace(/-+$/, "");
}

/**
 * The run's name for a sample value. `scope` tells apart objects of one run named alike in their
 * samples (each resource's own parent zone): the random part is the seed's, mixed with it.
 */
export function acceptanceName(purpose: string, seed: Seed, scope = ""): string {
  const rand = scope === "" ? seed.rand : createHash("sha256").update(`${seed.rand}/${scope}`).digest("hex").slice(0, 6);
  return `${PREFIX}${purposeOf(purpose)}-${seed.unix}-${rand}`;
}

const NAME = /^svc-acc-([a-z0-9]+(?:-[a-z0-9]+)*?)-(\d{9,11})-([a-z0-9]{4,12})$/;

/** The purpose and creation time (seconds) a name carries, anywhere in a dotted name or path; undefined for a name of no run. */
export function parseAcceptanceName(text: string): { readonly name: string; readonly purpose: string; readonly unix: number } | undefined {
  for (const part of text.split(/[./@:\s]+/)) {
    const match = NAME.exec(part);
    if (match !== null) return { name: part, purpose: match[1] ?? "", unix: Number(match[2]) };
  }
  return undefined;
}
