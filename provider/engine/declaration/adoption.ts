/**
 * How existing objects of a resource are found, as data on its declaration: what
 * `svc-import` reads to write a program that adopts them. Each resource says how it
 * is listed (or that it is the one object its scope names) and which parent it is
 * listed under; the objects' values come from the resource's own read, so what is
 * written is what `diff` will compare against.
 */
import type { Paging } from "../../google/listing";
import type { State } from "./declaration";

/** The command-line value that scopes a root listing, e.g. `--project my-project`. */
export interface AdoptionScope {
  /** The flag (without dashes). Every root listing of an API with a scope uses the same flag. */
  readonly flag: string;
  /** The flag's value as a template of the listing's placeholders, e.g. `{vcsType}/{username}/{project}`; a value that does not match skips the listing. */
  readonly pattern: string;
  /** An example value, for `--help`. */
  readonly example: string;
}

/** The listing request: a Google list read to its last page (`field` given) or an answer that is the array itself. */
export interface AdoptionList {
  /** Path template; its placeholders come from the scope and the parent. */
  readonly path: string;
  /** A listing by a POST with an empty body (`:getIamPolicy`); default GET. */
  readonly method?: "GET" | "POST";
  readonly field?: string;
  readonly paging?: Paging;
}

/**
 * One object that holds what another resource's objects under one parent say (a zone's record sets as
 * one ZoneRecords): written in their place when more than `above` of them are found under a parent,
 * or always with `--<flag>`, never with `--<apartFlag>`. It is read by its id (its `under` names the
 * parent; no `list`), as its `{ import }` reads it, so what is written is what adopting it compares.
 */
export interface AdoptionGathering {
  /** The type key of the objects it holds (`dns:RecordSet`), found under the same parent. */
  readonly members: string;
  /** More than this many members under one parent are written as one object. */
  readonly above: number;
  /** The boolean flag that writes one object whatever the number, and the one that writes the members each as its own. */
  readonly flag: string;
  readonly apartFlag: string;
  /** Member state properties that, when given, keep a member apart: what this resource cannot say (a record set's routing policy). */
  readonly keepApart?: readonly string[];
  /** What the flags choose, for `--help`. */
  readonly description: string;
}

/** The items listed with an item, and a place to keep what is worked out of them once for all (the claims of a zone's markers). */
export interface Listed {
  readonly items: readonly Record<string, unknown>[];
  readonly worked: Map<string, unknown>;
}

export interface Adoption {
  /** The listing; absent: the scope (and parent) name the one object, which is read by its id (a project's follow). */
  readonly list?: AdoptionList;
  /** Root listings: the command-line value their placeholders come from. Calendar's root listing needs none. */
  readonly scope?: AdoptionScope;
  /** Listed under each adopted object of another resource (by type key); `from` maps a placeholder to that parent's state property. */
  readonly under?: { readonly type: string; readonly from: Readonly<Record<string, string>> };
  /** The id's placeholders that the listed item gives: item fields by placeholder, or `{ idField }` when an item field is the whole id. */
  readonly identity: Readonly<Record<string, string>> | { readonly idField: string };
  /** Adopt only the objects named by a repeatable flag, matched against the item's field (`--zone`, `--calendar`). */
  readonly select?: { readonly flag: string; readonly field: string; readonly description: string };
  /**
   * Why a listed item is not adopted (the API manages it, it cannot be deleted); undefined adopts it.
   * Code: the reasons read the item, its parent's state (the apex of the zone) and the other items
   * listed with it (the ownership markers of other tools that share the zone).
   */
  readonly leaveOut?: (item: Record<string, unknown>, parent: State | undefined, listed: Listed) => string | undefined;
  /**
   * Objects left out unless a boolean flag asks for them (a project's inherited settings, which nobody
   * set): `reason` reads the object's state and says why one is left out; `--<flag>` adopts them too.
   */
  readonly optIn?: { readonly flag: string; readonly description: string; readonly reason: (state: State) => string | undefined };
  /** Inputs never written, left to the API's value: another input says the same (a palette `colorId` says the RGB colors). */
  readonly omit?: readonly string[];
  /** The variable name as a template of state properties (dotted paths allowed), e.g. `{name}_{type}`. */
  readonly naming: string;
  /** Written in place of another resource's objects under one parent, when there are many of them. */
  readonly gathers?: AdoptionGathering;
}

/** A resource whose objects are never adopted, and why (shown as a comment in the written program). */
export interface NotAdopted {
  readonly never: string;
}

export function isAdoptable(adoption: Adoption | NotAdopted | undefined): adoption is Adoption {
  return adoption !== undefined && !("never" in adoption);
}
