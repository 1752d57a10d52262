/**
 * Cloud DNS state: projects (implicit, created on first use) holding managed
 * zones, each with its record sets, change log and operation log. This is a
 * plain container; the rules live in the handlers and the change engine.
 */
import { randomBytes } from 'node:crypto';
import type { ApiStore } from '../../store';
import { canonicalName, isApex } from './domain-names';
import type { Change, ManagedZone, Operation, ResourceRecordSet } from './resources';

/** A change as stored: its wire form minus the status, which is derived from the clock when read. */
export interface StoredChange {
  change: Omit<Change, 'status' | 'isServing'>;
  /** Epoch milliseconds at which the change reports `done`. */
  completesAtMs: number;
}

export interface ZoneEntry {
  project: string;
  zone: ManagedZone;
  /** Creation order across the store; the sort key of managedZones.list. */
  creationSequence: number;
  /** Keyed by `rrsetKey(name, type)`. */
  rrsets: Map<string, ResourceRecordSet>;
  /** Append-only; a change's id is its index. */
  changes: StoredChange[];
  operations: Operation[];
  nextOperationNumber: number;
}

export function rrsetKey(name: string, type: string): string {
  return `${canonicalName(name)} ${type}`;
}

/** The record sets Cloud DNS creates with a zone and that must always exist at its apex. */
export function isApexRecordSet(rrset: Pick<ResourceRecordSet, 'name' | 'type'>, zone: ManagedZone): boolean {
  return (rrset.type === 'SOA' || rrset.type === 'NS') && isApex(rrset.name, zone.dnsName);
}

export interface ManagedZoneSummary {
  project: string;
  name: string;
  id: string;
  dnsName: string;
}

export interface ResourceRecordSetSummary {
  project: string;
  managedZone: string;
  name: string;
  type: string;
}

export class DnsStore implements ApiStore {
  private zonesByProject = new Map<string, Map<string, ZoneEntry>>();
  private assignedZoneIds = new Set<string>();
  private lastCreationSequence = 0;

  zones(project: string): ZoneEntry[] {
    const zones = [...(this.zonesByProject.get(project)?.values() ?? [])];
    return zones.sort((a, b) => a.creationSequence - b.creationSequence);
  }

  /** Cloud DNS addresses a zone by its name or by its numeric id. */
  findZone(project: string, nameOrId: string): ZoneEntry | undefined {
    const zones = this.zonesByProject.get(project);
    if (zones === undefined) return undefined;
    if (/^\d+$/.test(nameOrId)) {
      for (const entry of zones.values()) if (entry.zone.id === nameOrId) return entry;
      return undefined;
    }
    return zones.get(nameOrId);
  }

  addZone(entry: ZoneEntry): void {
    let zones = this.zonesByProject.get(entry.project);
    if (zones === undefined) {
      zones = new Map();
      this.zonesByProject.set(entry.project, zones);
    }
    zones.set(entry.zone.name, entry);
  }

  removeZone(entry: ZoneEntry): void {
    this.zonesByProject.get(entry.project)?.delete(entry.zone.name);
  }

  nextCreationSequence(): number {
    this.lastCreationSequence += 1;
    return this.lastCreationSequence;
  }

  /** A fresh uint64 (kept below 2^63 so it also fits signed 64-bit clients), as Google's zone ids are. */
  allocateZoneId(): string {
    for (;;) {
      const id = (randomBytes(8).readBigUInt64BE() & 0x7fff_ffff_ffff_ffffn).toString();
      if (!this.assignedZoneIds.has(id) && id !== '0') {
        this.assignedZoneIds.add(id);
        return id;
      }
    }
  }

  reset(): void {
    this.zonesByProject.clear();
    this.assignedZoneIds.clear();
    this.lastCreationSequence = 0;
  }

  userObjects(): { managedZones: ManagedZoneSummary[]; resourceRecordSets: ResourceRecordSetSummary[] } {
    const managedZones: ManagedZoneSummary[] = [];
    const resourceRecordSets: ResourceRecordSetSummary[] = [];
    for (const [project, zones] of this.zonesByProject) {
      for (const entry of zones.values()) {
        const { zone } = entry;
        managedZones.push({ project, name: zone.name, id: zone.id, dnsName: zone.dnsName });
        for (const rrset of entry.rrsets.values()) {
          if (isApexRecordSet(rrset, zone)) continue;
          resourceRecordSets.push({ project, managedZone: zone.name, name: rrset.name, type: rrset.type });
        }
      }
    }
    return { managedZones, resourceRecordSets };
  }
}
