/** Fully qualified DNS names as Cloud DNS takes them: absolute, i.e. ending with a dot. */

const LABEL_PATTERN = /^[A-Za-z0-9_]([-A-Za-z0-9_]*[A-Za-z0-9_])?$/;
const MAX_NAME_LENGTH = 254; // 253 characters plus the final dot
const MAX_LABEL_LENGTH = 63;

export function isDomainName(name: string, options: { allowWildcard: boolean }): boolean {
  if (!name.endsWith(".") || name.length < 2 || name.length > MAX_NAME_LENGTH) return false;
  const labels = name.slice(0, -1).split(".");
  return labels.every((label, index) => {
    if (options.allowWildcard && index === 0 && label === "*") return true;
    return label.length <= MAX_LABEL_LENGTH && LABEL_PATTERN.test(label);
  });
}

/** DNS names compare case-insensitively. */
export function canonicalName(name: string): string {
  return name.toLowerCase();
}

/** True when `name` is the zone's apex or below it. */
export function isInZone(name: string, zoneDnsName: string): boolean {
  const candidate = canonicalName(name);
  const apex = canonicalName(zoneDnsName);
  return candidate === apex || candidate.endsWith(`.${apex}`);
}

export function isApex(name: string, zoneDnsName: string): boolean {
  return canonicalName(name) === canonicalName(zoneDnsName);
}

export function isWildcard(name: string): boolean {
  return name.startsWith("*.");
}
