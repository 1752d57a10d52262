/**
 * For soak runs: compares what a stack's state says exists with what the
 * emulator holds, object by object, in the ids the provider uses.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "./emulatorControl";
import type { TestStack } from "./stacks";

export interface Reconciliation {
  /** `<kind> <id>` of every provider resource in the state. */
  readonly state: string[];
  /** `<kind> <id>` of every object the emulator holds that a program can create. */
  readonly live: string[];
  /** In the state, not in the emulator. */
  readonly lost: string[];
  /** In the emulator, not in the state (orphans, extra copies). */
  readonly leftOver: string[];
  /** Twice or more in the state or in the emulator. */
  readonly duplicated: string[];
}

interface Objects {
  dns: {
    managedZones: Array<{ project: string; name: string }>;
    resourceRecordSets: Array<{ project: string; managedZone: string; name: string; type: string }>;
    policies: Array<{ project: string; name: string }>;
    responsePolicies: Array<{ project: string; responsePolicyName: string }>;
    responsePolicyRules: Array<{ project: string; responsePolicy: string; ruleName: string }>;
  };
  ci: {
    checkoutKeys: Array<{ project: string; fingerprint: string }>;
    sshKeys: Array<{ project: string; hostname: string; fingerprint: string }>;
    follows: Array<{ project: string }>;
  };
}

function duplicates(list: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(list.filter((item) => seen.has(item) || !seen.add(item)))];
}

/** Every object the emulator holds, as `<kind> <id>`; IAM grants are read from each zone's policy. */
export async function liveObjects(emulator: RunningEmulator): Promise<string[]> {
  const { dns, ci } = (await emulator.objects()) as unknown as Objects;
  const live = [
    ...dns.managedZones.map((z) => `dns:ManagedZone projects/${z.project}/managedZones/${z.name}`),
    ...dns.resourceRecordSets.map((r) => `dns:RecordSet projects/${r.project}/managedZones/${r.managedZone}/rrsets/${r.name}/${r.type}`),
    ...dns.policies.map((p) => `dns:Policy projects/${p.project}/policies/${p.name}`),
    ...dns.responsePolicies.map((p) => `dns:ResponsePolicy projects/${p.project}/responsePolicies/${p.responsePolicyName}`),
    ...dns.responsePolicyRules.map((r) => `dns:ResponsePolicyRule projects/${r.project}/responsePolicies/${r.responsePolicy}/rules/${r.ruleName}`),
    ...ci.follows.map((f) => `ci:ProjectFollow ${f.project}`),
    ...ci.checkoutKeys.map((k) => `ci:CheckoutKey ${k.project}/${k.fingerprint}`),
    ...ci.sshKeys.map((k) => `ci:SshKey ${k.project}/${k.hostname}/${k.fingerprint}`),
  ];
  for (const zone of dns.managedZones) {
    const path = `/dns/v1/projects/${zone.project}/managedZones/${zone.name}`;
    const { status, body } = await emulator.api("POST", `${path}:getIamPolicy`, {});
    if (status !== 200) throw new Error(`getIamPolicy of ${zone.name}: ${status}`);
    for (const binding of (body as { bindings?: Array<{ role: string; members: string[]; condition?: unknown }> }).bindings ?? []) {
      if (binding.condition !== undefined) continue;
      for (const member of binding.members) live.push(`dns:ManagedZoneIamMember projects/${zone.project}/managedZones/${zone.name} ${binding.role} ${member}`);
    }
  }
  return live.sort();
}

/** The state's provider resources against the emulator's objects (faults must be off while this reads). */
export async function reconcile(test: TestStack, emulator: RunningEmulator): Promise<Reconciliation> {
  const state = (await test.stateResources())
    .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/"))
    .map((resource) => `${resource.type.slice("pulumi-nodejs:dynamic/".length)} ${resource.id ?? ""}`)
    .sort();
  const live = await liveObjects(emulator);
  const liveSet = new Set(live);
  const stateSet = new Set(state);
  return {
    state,
    live,
    lost: state.filter((id) => !liveSet.has(id)),
    leftOver: live.filter((id) => !stateSet.has(id)),
    duplicated: [...duplicates(state), ...duplicates(live)],
  };
}

/** A fresh ed25519 private key in OpenSSH form, made with ssh-keygen as a user would, for the soak program's SshKey. */
export function soakSshKey(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-soak-"));
  try {
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "soak", "-f", path.join(dir, "key")]);
    return readFileSync(path.join(dir, "key"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
