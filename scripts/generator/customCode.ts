/**
 * Every custom-code point of the declarations: each function-valued field of every declaration,
 * by its place (`toState`, `equal.*`, `hooks.planUpdate`, ...), grouped in a closed list of
 * kinds, each with why it is code and not data. A function in a place no kind lists fails the
 * generator, so a new kind of custom code is a decision written here, with its reason, and
 * DEVELOPERS.md's table (generated from this) cannot go stale. What is data stays data: query
 * parameters from inputs (`{ input, as }`), a path an input chooses, a body naming the object,
 * an opt-in wait's input, request options and the named comparisons (engine/declaration/comparisons.ts).
 */
import { type ResourceDeclaration, typeKey } from "../../provider/engine/declaration/declaration";
import { cell } from "./text";

interface Kind {
  /** The places (paths of function fields, with the parts that vary by resource written `*`). */
  readonly places: readonly string[];
  readonly why: string;
}

/** The kinds of custom code, in the order DEVELOPERS.md lists them. */
const KINDS: Readonly<Record<string, Kind>> = {
  "request from the inputs": {
    places: ["toCreateBody", "derived.*.from"],
    why:
      "the body and path values are the inputs reshaped: renamed, nested or split fields (a zone's visibility config, an event's times), " +
      "a parent named by whichever of project/folder/organization is given",
  },
  "object from an answer": {
    places: ["toState", "steps.create.toWire", "steps.read.list.toWire"],
    why:
      "the state is the answer reshaped: defaults the API leaves out, nested fields flattened, outputs picked; some answers are not " +
      "the object (a follow answers with the project's builds, a listing entry has another shape)",
  },
  "the object in a listing": {
    places: ["steps.read.list.match", "steps.read.sharedListing.key.*", "steps.read.sharedListing.match"],
    why: "which entry of a listing is the object, and the key that finds it in an index (a project by its VCS URL, names compared case-insensitively)",
  },
  "the state's form of an input": {
    places: ["stored.*.toProgram", "stored.*.toStored"],
    why:
      "an input the engine would pay dearly for in the program's form (every step passes it through a protobuf Struct) is held in a " +
      "flat one: a zone's records map as one string per record set, read back for validation",
  },
  "rules across inputs": {
    places: ["crossCheck"],
    why: "a rule on several inputs at once (exactly one of project, folder, organization; a record type's data)",
  },
  comparison: {
    places: ["equal.*", "detail.*"],
    why:
      "a comparison no named one (comparisons.ts: caseInsensitive, falseWhenUnset, serviceChosenWhenAbsent) says: record data as a set " +
      "of canonical forms, IAM bindings and members as sets, times by instant, ACL scopes, key material; what changed inside a map " +
      "a reviewer reads entry by entry (a zone's record sets by name and type)",
  },
  "replacement order": {
    places: ["deleteBeforeReplace"],
    why: "whether the old and the new object exclude each other depends on both (a CNAME and any other set at one name; a pinned channel id)",
  },
  words: {
    places: ["hooks.explainRefusal", "steps.delete.abandon", "steps.wait.outcome", "review.*.says"],
    why:
      "what a user reads is worked out from the API's reason and message text, or from the state (what stays behind, what a wait found, " +
      "what a change takes away: members dropped, a quota lowered)",
  },
  adoption: {
    places: ["adoption.leaveOut", "adoption.optIn.reason"],
    why: "why a listed object is not adopted (a conditional binding, the primary calendar, a setting inherited rather than set) is read from the object",
  },
  "write steps": {
    places: ["hooks.planCreate", "hooks.planUpdate", "hooks.planDelete", "hooks.planBeforeDelete"],
    why:
      "the write joins others of its zone in one atomic change, the request depends on what changed (a lost answer settled by " +
      "comparing the live set), or other objects go first (a zone's record sets)",
  },
  "IAM policy": {
    places: ["hooks.policy.*"],
    why: "what a grant adds, removes or finds in an IAM policy's bindings",
  },
};

const KIND_OF_PLACE = new Map(Object.entries(KINDS).flatMap(([kind, { places }]) => places.map((place) => [place, kind] as const)));

/** The place of a function field, with the parts that vary by resource written `*`. */
function placeOf(path: readonly string[]): string {
  const variable = new Set(["equal", "detail", "stored", "derived", "key", "policy", "review"]);
  const parts = path.map((part, index) => (index > 0 && variable.has(path[index - 1] ?? "") ? "*" : part));
  return parts.join(".");
}

function functionFields(value: unknown, path: string[], found: string[][], seen: Set<unknown>): void {
  if (typeof value === "function") {
    found.push(path);
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  // zod schemas (inputs, outputs, wire forms) are data, whatever functions they carry; so is the
  // kind of work a wait polls, named by value (google/poll.ts's shared kinds, an API's own).
  if ("_zod" in value || path.join(".") === "steps.wait.poll") return;
  for (const [key, inner] of Object.entries(value)) functionFields(inner, [...path, key], found, seen);
}

/** Each place with its users, in the order of the kinds above. */
export function customCodePoints(declarations: readonly ResourceDeclaration[]): Map<string, string[]> {
  const users = new Map<string, string[]>([...KIND_OF_PLACE.keys()].map((place) => [place, []]));
  for (const declaration of declarations) {
    const found: string[][] = [];
    functionFields(declaration, [], found, new Set());
    for (const path of found) {
      const list = users.get(placeOf(path));
      if (list === undefined) {
        throw new Error(
          `${typeKey(declaration)}: ${path.join(".")} is code in a place scripts/generator/customCode.ts does not list; make it data, or add the place to a kind with why it is code`,
        );
      }
      if (!list.includes(typeKey(declaration))) list.push(typeKey(declaration));
    }
  }
  return users;
}

/** DEVELOPERS.md's table of custom-code kinds, each with its places and users. */
export function customCodeTable(declarations: readonly ResourceDeclaration[]): string {
  const points = customCodePoints(declarations);
  const kinds = Object.entries(KINDS).map(([name, kind]) => {
    const used = kind.places.filter((place) => (points.get(place) ?? []).length > 0);
    const places = kind.places.map((place) => `\`${place}\`${used.includes(place) ? "" : " (none now)"}`).join(", ");
    const users = [...new Set(kind.places.flatMap((place) => points.get(place) ?? []))].sort();
    return { row: `| ${name} | ${places} | ${cell(kind.why)} | ${users.length === 0 ? "none now" : users.map((user) => `\`${user}\``).join(", ")} |`, used };
  });
  const usedPlaces = kinds.reduce((sum, kind) => sum + kind.used.length, 0);
  const usedKinds = kinds.filter((kind) => kind.used.length > 0).length;
  return [
    `${usedKinds} kinds of custom code, in ${usedPlaces} places, today.`,
    "",
    "| kind | places | why it is code | used by |",
    "|---|---|---|---|",
    ...kinds.map((kind) => kind.row),
  ].join("\n");
}
