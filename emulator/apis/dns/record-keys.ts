/** How a zone keys its record sets: by canonical name and type (its own module: the store and its snapshot both need it). */
import { canonicalName } from "./domain-names";

export function rrsetKey(name: string, type: string): string {
  return `${canonicalName(name)} ${type}`;
}
