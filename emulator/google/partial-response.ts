/**
 * Google's `fields` system parameter (partial responses): the client names
 * the parts of the response it wants and gets only those.
 *
 * Syntax, as Google documents it for its JSON APIs:
 *   fields     := selection ("," selection)*
 *   selection  := path ["(" fields ")"]
 *   path       := name ("/" name)*          name: a field name or "*"
 * `a/b` selects `b` inside `a`; `a(b,c)` selects `b` and `c` inside `a`; `*`
 * selects every field at its level. Inside an array, a selection applies to
 * each element. A malformed selection is a 400 `invalidParameter` before the
 * request is processed. The emulator knows no response schemas, so a name
 * that matches nothing selects nothing instead of being refused.
 */
import type { QueryParams } from "../api";
import { firstQueryValue } from "../api";
import { invalidParameter } from "./errors";

/** What to keep of an object: every field, or the named ones (and `*`) with what to keep of each. */
export interface FieldSelection {
  all: boolean;
  children: Map<string, FieldSelection>;
}

const NAME = /^(\*|[A-Za-z_$][A-Za-z0-9_$.-]*)/;

/** The `fields` parameter of a request; `undefined` when absent or empty (the whole response). */
export function fieldsParameter(query: QueryParams): FieldSelection | undefined {
  const raw = firstQueryValue(query, "fields");
  if (raw === undefined || raw.trim() === "") return undefined;
  return parseFieldSelection(raw);
}

export function parseFieldSelection(raw: string): FieldSelection {
  const text = raw.replace(/\s+/g, "");
  let position = 0;
  const fail = (why: string): never => {
    throw invalidParameter("fields", `Invalid field selection '${raw}': ${why} at position ${position}.`);
  };

  const parseList = (into: FieldSelection, closing: boolean): void => {
    for (;;) {
      parseSelection(into);
      const next = text[position];
      if (next === ",") {
        position += 1;
        continue;
      }
      if (next === ")" && closing) return;
      if (next === undefined && !closing) return;
      fail(next === undefined ? "missing ')'" : `unexpected '${next}'`);
    }
  };

  const parseSelection = (into: FieldSelection): void => {
    let node = into;
    for (;;) {
      const match = NAME.exec(text.slice(position));
      if (match === null) fail("expected a field name");
      const name = match?.[1] ?? "";
      position += name.length;
      node = childOf(node, name);
      if (text[position] !== "/") break;
      position += 1;
    }
    if (text[position] === "(") {
      position += 1;
      const group: FieldSelection = { all: false, children: new Map() };
      parseList(group, true);
      position += 1;
      merge(node, group);
    } else {
      node.all = true;
    }
  };

  const root: FieldSelection = { all: false, children: new Map() };
  parseList(root, false);
  return root;
}

/** The parts of a response body the selection keeps. */
export function selectFields(value: unknown, selection: FieldSelection): unknown {
  if (selection.all) return value;
  if (Array.isArray(value)) return value.map((item) => selectFields(item, selection));
  // Sub-fields of a scalar select nothing.
  if (value === null || typeof value !== "object") return undefined;
  const wildcard = selection.children.get("*");
  const selected: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childSelection = selection.children.get(key) ?? wildcard;
    if (childSelection === undefined) continue;
    const kept = selectFields(child, childSelection);
    if (kept === undefined || isEmptyObject(kept)) continue;
    selected[key] = kept;
  }
  return selected;
}

function childOf(node: FieldSelection, name: string): FieldSelection {
  let child = node.children.get(name);
  if (child === undefined) {
    child = { all: false, children: new Map() };
    node.children.set(name, child);
  }
  return child;
}

function merge(into: FieldSelection, from: FieldSelection): void {
  if (from.all) into.all = true;
  for (const [name, child] of from.children) merge(childOf(into, name), child);
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
}
