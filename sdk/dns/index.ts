/** DNS management: managed zones and their record sets. */
export { ManagedZone, type ManagedZoneArgs } from "./managedZone";
export { RecordSet, type RecordSetArgs } from "./recordSet";
