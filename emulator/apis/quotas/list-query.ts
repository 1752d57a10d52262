/**
 * quotaPreferences.list's `filter` and `orderBy` (AIP-160, AIP-132), as far as
 * the reference shows them: conjunctions of `field=value` over `reconciling`,
 * `service`, `quota_id` and `request_type`, and orderings by `create_time`
 * (the default), `update_time`, `service` and `quota_id`, each optionally `desc`.
 */
import { invalidArgument } from "./names";
import type { StoredPreference } from "./state";

type Field = "reconciling" | "service" | "quota_id" | "request_type";
const FILTER_FIELDS: readonly Field[] = ["reconciling", "service", "quota_id", "request_type"];

function valueOf(preference: StoredPreference, field: Field): string {
  switch (field) {
    case "reconciling":
      return String(preference.decideAt !== undefined);
    case "service":
      return preference.service;
    case "quota_id":
      return preference.quotaId;
    case "request_type":
      // Preferences made through the API have no console or auto-adjuster origin.
      return "ORIGIN_UNSPECIFIED";
  }
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function parseFilter(filter: string | undefined): (preference: StoredPreference) => boolean {
  if (filter === undefined || filter.trim() === "") return () => true;
  const terms = filter.split(/\s+AND\s+/).map((term) => {
    const match = /^\s*([A-Za-z_]+)\s*=\s*(?:"([^"]*)"|(\S+))\s*$/.exec(term);
    const field = FILTER_FIELDS.find((name) => name === snake(match?.[1] ?? ""));
    if (match === null || field === undefined) {
      throw invalidArgument(`Invalid filter '${filter}': expected field=value terms joined by AND over ${FILTER_FIELDS.join(", ")}.`, { field: "filter" });
    }
    return { field, value: match[2] ?? match[3] ?? "" };
  });
  return (preference) => terms.every(({ field, value }) => valueOf(preference, field) === value);
}

type OrderField = "create_time" | "update_time" | "service" | "quota_id";
const ORDER_FIELDS: readonly OrderField[] = ["create_time", "update_time", "service", "quota_id"];

function orderValue(preference: StoredPreference, field: OrderField): string | number {
  switch (field) {
    case "create_time":
      return preference.sequence;
    case "update_time":
      return preference.updateTime.getTime();
    case "service":
      return preference.service;
    case "quota_id":
      return preference.quotaId;
  }
}

export interface Ordering {
  /** The sort key of a preference, which `compare` orders (the name last, so keys are unique). */
  keyOf: (preference: StoredPreference) => string;
  compare: (a: string, b: string) => number;
}

export function parseOrderBy(orderBy: string | undefined): Ordering {
  const text = orderBy === undefined || orderBy.trim() === "" ? "create_time" : orderBy;
  const terms = text.split(",").map((term) => {
    const [name = "", direction, ...rest] = term.trim().split(/\s+/);
    const field = ORDER_FIELDS.find((candidate) => candidate === snake(name));
    if (field === undefined || rest.length > 0 || (direction !== undefined && direction !== "desc" && direction !== "asc")) {
      throw invalidArgument(`Invalid order_by '${text}': fields are ${ORDER_FIELDS.join(", ")}, each optionally followed by desc.`, { field: "order_by" });
    }
    return { field, descending: direction === "desc" };
  });
  const compareValues = (a: unknown, b: unknown): number => (a === b ? 0 : (a as string | number) < (b as string | number) ? -1 : 1);
  return {
    keyOf: (preference) => JSON.stringify([...terms.map(({ field }) => orderValue(preference, field)), preference.name]),
    compare: (a, b) => {
      const left = JSON.parse(a) as unknown[];
      const right = JSON.parse(b) as unknown[];
      for (const [index, { descending }] of terms.entries()) {
        const order = compareValues(left[index], right[index]);
        if (order !== 0) return descending ? -order : order;
      }
      return compareValues(left[terms.length], right[terms.length]);
    },
  };
}
