/**
 * Every custom-code point of the declarations: each function-valued field of every declaration,
 * by its place (`toState`, `equal.*`, `steps.create.query`, ...), with its users and why it is
 * code and not data. The places are a closed list: a function in a place not listed below fails
 * the generator, so a new kind of custom code is a decision written here, with its reason, and
 * DEVELOPERS.md's table (generated from this) cannot go stale.
 */
import type { ResourceDeclaration } from "../../provider/engine/declaration";
import { typeKey } from "../../provider/engine/declaration";
import { cell } from "./text";

/** Why each place holds code. Places whose last part varies by resource are written with `*`. */
const WHY: Readonly<Record<string, string>> = {
  toCreateBody: "the create body is the inputs reshaped: renamed, nested or split fields (a zone's visibility config, an event's times)",
  toState: "the state is the answer reshaped: defaults the API leaves out, nested fields flattened, outputs picked",
  crossCheck: "rules across inputs (exactly one of project, folder, organization; a record type's data)",
  "equal.*":
    "a comparison no named one (equality.ts: caseInsensitive, falseWhenUnset, serviceChosenWhenAbsent) says: record data as a set of canonical forms, IAM bindings and members as sets, times by instant, ACL scopes, key material",
  deleteBeforeReplace: "whether two objects exclude each other depends on both (a CNAME and any other set at one name)",
  "derived.*.from": "a path value that is no input: which of project/folder/organization names the parent, the API version",
  "steps.create.path": "the collection depends on the inputs (a watch channel on one of several collections)",
  "steps.create.query": "query parameters from inputs that are part of the object (a client-chosen id)",
  "steps.create.toWire": "the object from a create answer that is not the object (a follow answers with the project's builds)",
  "steps.delete.abandon": "the words of what stays behind, from the state (a quota preference's value)",
  "steps.delete.body": "a delete that names the object in its body (an SSH key by hostname and fingerprint)",
  "steps.move.query": "the destination of a move, from the inputs",
  "steps.read.list.match": "which entry of a listing is the object (a project by its VCS URL)",
  "steps.read.list.toWire": "the object from a listing entry of another shape",
  "steps.read.sharedListing.key.*": "the key of an entry and of an identity, so one listing answers many reads",
  "steps.read.sharedListing.match": "which entry of the shared listing is the object (names compared case-insensitively)",
  "steps.wait.outcome": "the words for the log of what a finished wait found (a grant)",
  "steps.wait.seconds": "an opt-in wait whose length is an input (`waitForGrant`)",
  "update.query": "query parameters of an update from local inputs (`ignoreSafetyChecks` as a comma list)",
  "update.putMerged.query": "query parameters of a merged PUT from the inputs",
  "adoption.leaveOut": "why a listed object is not adopted (a conditional binding, the primary calendar), read from the object",
  "hooks.explainRefusal": "which refusal means what is read from the API's reason and message text",
  "hooks.applyCreate": "the write joins others of its zone in one atomic change",
  "hooks.applyUpdate": "the request depends on what changed, and a lost answer is settled by comparing the live set",
  "hooks.applyDelete": "the delete joins others of its zone in one atomic change",
  "hooks.beforeDelete": "lists and deletes other objects first (a zone's record sets)",
  "hooks.policy.*": "what a grant adds, removes or finds in an IAM policy's bindings",
};

/** The place of a function field, with the parts that vary by resource written `*`. */
function placeOf(path: readonly string[]): string {
  const variable = new Set(["equal", "derived", "key", "policy"]);
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
  // zod schemas (inputs, outputs, wire forms) are data, whatever functions they carry.
  if ("_zod" in value) return;
  for (const [key, inner] of Object.entries(value)) functionFields(inner, [...path, key], found, seen);
}

/** Each place with its users, in the order of the list above. */
export function customCodePoints(declarations: readonly ResourceDeclaration[]): Map<string, string[]> {
  const users = new Map<string, string[]>(Object.keys(WHY).map((place) => [place, []]));
  for (const declaration of declarations) {
    const found: string[][] = [];
    functionFields(declaration, [], found, new Set());
    for (const path of found) {
      const place = placeOf(path);
      const list = users.get(place);
      if (list === undefined) {
        throw new Error(
          `${typeKey(declaration)}: ${path.join(".")} is code in a place scripts/generator/customCode.ts does not list; make it data, or add the place with why it is code`,
        );
      }
      if (!list.includes(typeKey(declaration))) list.push(typeKey(declaration));
    }
  }
  return users;
}

/** DEVELOPERS.md's table of custom-code points. */
export function customCodeTable(declarations: readonly ResourceDeclaration[]): string {
  const points = customCodePoints(declarations);
  const rows = [...points].map(
    ([place, users]) => `| \`${place}\` | ${cell(WHY[place] ?? "")} | ${users.length === 0 ? "none now" : users.map((user) => `\`${user}\``).join(", ")} |`,
  );
  const count = [...points.values()].filter((users) => users.length > 0).length;
  return [`${count} places hold code today.`, "", "| place | why it is code | used by |", "|---|---|---|", ...rows].join("\n");
}
