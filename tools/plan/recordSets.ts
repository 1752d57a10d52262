/**
 * The record sets a run touches, zone by zone, as the blast-radius limits count them (limits.ts):
 * every set the stack manages before the run (a RecordSet's old state, the keys of a ZoneRecords'
 * stored records map) with what the run does to it, and the sets it adds. A ZoneRecords' sets are
 * compared by its declaration's own `detail` (the per-set diff `diff` and the report show), so a
 * respelled set is no change here either. From the preview alone: a set left as it is is known by
 * its resource's `same` step, which the preview lists only with `--show-sames`.
 */
import { managedZone } from "../../provider/apis/dns/managedZone";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { zoneRecords } from "../../provider/apis/dns/zoneRecords";
import { absoluteName, APEX, mapKey, recordPath } from "../../provider/apis/dns/zoneRecords/model";
import { keyParts } from "../../provider/apis/dns/zoneRecords/storedForm";
import { typeKey, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import type { DetailChange } from "../../provider/engine/plan/diff";
import type { PreviewStep } from "./preview";
import type { Operation } from "./schema";
import { properties } from "./values";

/** What the run does to one record set: left as it is, added, changed in place, or deleted. */
export type SetChange = "same" | "add" | "update" | "delete";

export interface ZoneSet {
  readonly project: string;
  /** The managed zone's name. */
  readonly zone: string;
  /** Absolute, but for a ZoneRecords entry whose zone's DNS name the state does not hold. */
  readonly name: string;
  readonly type: string;
  readonly change: SetChange;
  /** Known for a ZoneRecords entry (`@`); for a RecordSet, from the zone's DNS name when the preview has it. */
  readonly apex?: boolean;
  readonly urn: string;
  /** The SDK class and the resource's name, e.g. `svc.dns.RecordSet www`. */
  readonly resource: string;
  /** The set's entry in its resource, e.g. `records["@ MX"]`. */
  readonly property?: string;
}

/** A zone's DNS name, from its ManagedZone or a ZoneRecords' state: what tells the apex from a delegation. */
export interface ZoneName {
  readonly project: string;
  readonly zone: string;
  readonly dnsName: string;
}

export interface ZoneFacts {
  readonly sets: readonly ZoneSet[];
  readonly names: readonly ZoneName[];
}

const NONE: ZoneFacts = { sets: [], names: [] };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A stored records map, or none when the preview does not show one (a value not known yet). */
function recordsOf(values: Readonly<Record<string, unknown>>): Readonly<Record<string, string>> {
  const records = values["records"];
  return typeof records === "object" && records !== null && !Array.isArray(records) ? (records as Record<string, string>) : {};
}

/** The stored key a detail path names (`records["www A"]`, as model.ts's recordPath writes it). */
function keyOfPath(path: string): string | undefined {
  const quoted = /^records\[("(?:[^"\\]|\\.)*")\]$/.exec(path)?.[1];
  return quoted === undefined ? undefined : (JSON.parse(quoted) as string);
}

function recordSetFacts(
  operation: Operation | "same",
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  base: Pick<ZoneSet, "urn" | "resource">,
): ZoneSet[] {
  const setOf = (values: Record<string, unknown>, change: SetChange): ZoneSet => ({
    project: text(values["project"]),
    zone: text(values["managedZone"]),
    name: text(values["name"]),
    type: text(values["type"]),
    change,
    ...base,
  });
  switch (operation) {
    case "same":
    case "update":
    case "delete":
      return [setOf(olds, operation)];
    case "create":
      return [setOf(news, "add")];
    case "replace": {
      // A replacement with the same zone, name and type changes the set; any other deletes one and adds another.
      const [before, after] = [setOf(olds, "delete"), setOf(news, "add")];
      const same =
        before.project === after.project && before.zone === after.zone && before.type === after.type && before.name.toLowerCase() === after.name.toLowerCase();
      return same ? [{ ...before, change: "update" }] : [before, after];
    }
    default:
      // An adoption writes nothing unless the object differs; a read manages nothing.
      return [];
  }
}

function zoneRecordsFacts(
  operation: Operation | "same",
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  base: Pick<ZoneSet, "urn" | "resource">,
): ZoneSet[] {
  const dnsName = text(olds["dnsName"]) || undefined;
  const entry = (values: Record<string, unknown>, key: string, change: SetChange, property?: string): ZoneSet => {
    const { relative, type } = keyParts(key);
    return {
      project: text(values["project"]),
      zone: text(values["managedZone"]),
      name: dnsName === undefined ? relative : absoluteName(relative, dnsName),
      type,
      change,
      apex: relative === APEX,
      ...base,
      property: property ?? recordPath(relative, type),
    };
  };
  const each = (values: Record<string, unknown>, change: SetChange): ZoneSet[] => Object.keys(recordsOf(values)).map((key) => entry(values, key, change));
  switch (operation) {
    case "same":
    case "delete":
      return each(olds, operation);
    case "create":
      return each(news, "add");
    case "replace":
      return [...each(olds, "delete"), ...each(news, "add")];
    case "update": {
      const changes: readonly DetailChange[] = zoneRecords.detail?.records?.(recordsOf(olds), recordsOf(news), news) ?? [];
      const changed = new Set<string>();
      const sets = changes.flatMap((change) => {
        const key = keyOfPath(change.path);
        if (key === undefined) return [];
        const { relative, type } = keyParts(key);
        changed.add(mapKey(relative, type));
        return [entry(change.kind === "add" ? news : olds, key, change.kind, change.path)];
      });
      const unchanged = Object.keys(recordsOf(olds)).filter((key) => {
        const { relative, type } = keyParts(key);
        return !changed.has(mapKey(relative, type));
      });
      return [...sets, ...unchanged.map((key) => entry(olds, key, "same"))];
    }
    default:
      return [];
  }
}

/** The record sets of one resource's steps (and the DNS name of a zone it shows), by what the report found it does. */
export function zoneFacts(steps: readonly PreviewStep[], declaration: ResourceDeclaration, operation: Operation | "same"): ZoneFacts {
  const [first] = steps;
  if (first === undefined) return NONE;
  const oldState = steps.map((step) => step.oldState).find((state) => state !== undefined);
  const newState = steps.map((step) => step.newState).find((state) => state !== undefined);
  const olds = properties(oldState?.outputs ?? oldState?.inputs);
  const news = properties(newState?.inputs);
  const base = { urn: first.urn, resource: `svc.${declaration.module}.${declaration.name} ${first.urn.split("::").pop() ?? first.urn}` };
  switch (typeKey(declaration)) {
    case typeKey(recordSet):
      return { sets: recordSetFacts(operation, olds, news, base), names: [] };
    case typeKey(zoneRecords): {
      const dnsName = text(olds["dnsName"]);
      const names = dnsName === "" ? [] : [{ project: text(olds["project"]), zone: text(olds["managedZone"]), dnsName }];
      return { sets: zoneRecordsFacts(operation, olds, news, base), names };
    }
    case typeKey(managedZone): {
      const values = Object.keys(olds).length > 0 ? olds : news;
      const dnsName = text(values["dnsName"]);
      return { sets: [], names: dnsName === "" ? [] : [{ project: text(values["project"]), zone: text(values["name"]), dnsName }] };
    }
    default:
      return NONE;
  }
}
