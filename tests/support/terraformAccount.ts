/**
 * The objects a Terraform configuration made, as the state tests/fixtures/terraform/adopt.tfstate
 * records them: created at the emulator through each API with the bodies the Google provider's
 * create sends (its expand functions: the zone's `effective_labels` with the provider's
 * `goog-terraform-provisioned` label, the description's default "Managed by Terraform", record
 * data as configured, the IAM grants by read-modify-write of the zone's policy). What
 * `svc-import --from-terraform` adopts without a request of its own.
 */
import type { RunningEmulator } from "./emulatorControl";

export const TF = {
  project: "tf-project",
  zone: "tf-zone",
  network: "https://www.googleapis.com/compute/v1/projects/tf-project/global/networks/corp",
} as const;

/** The DKIM key of the state: more than 255 characters, so two strings (as `"a" "b"` in the configuration). */
const DKIM = [
  "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu4V1gLrRuzBZtE3Ip8yPp1mJ0tGlq3v5C8Vt7h4XwY2mQqz0r3WZbNn6pD9T2fHk8eG1cJr5aL7sUo0iBvYy3xK",
  "Qm9HdE4tN2bR6sV1wZ8yXc3aF0gJ5kL7pO2uI4eT6rW9qA1sD3fG5hJ8kZ0xC2vB4nM7lP1oI3uY5tR7eW9qQIDAQAB",
];

async function ok(what: string, call: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`making ${what} as Terraform did: HTTP ${status} ${JSON.stringify(body)}`);
}

export async function seedTerraformAccount(emulator: RunningEmulator): Promise<void> {
  const base = `/dns/v1/projects/${TF.project}`;
  await ok(
    "google_dns_managed_zone.main",
    emulator.api("POST", `${base}/managedZones`, {
      name: TF.zone,
      dnsName: "tf.example.",
      description: "Managed by Terraform",
      labels: { team: "dns", "goog-terraform-provisioned": "true" },
      visibility: "public",
    }),
  );
  const recordSets = [
    { name: "www.tf.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.10", "192.0.2.11"] },
    { name: "www.tf.example.", type: "AAAA", ttl: 600, rrdatas: ["2001:db8::10"] },
    { name: "tf.example.", type: "TXT", ttl: 3600, rrdatas: ['"v=spf1 include:_spf.google.com ~all"'] },
    { name: "mail._domainkey.tf.example.", type: "TXT", ttl: 300, rrdatas: [DKIM.map((part) => `"${part}"`).join(" ")] },
    { name: "tf.example.", type: "MX", ttl: 3600, rrdatas: ["1 aspmx.l.google.com.", "5 alt1.aspmx.l.google.com."] },
    { name: "docs.tf.example.", type: "CNAME", ttl: 300, rrdatas: ["www.tf.example."] },
    { name: "blog.tf.example.", type: "CNAME", ttl: 300, rrdatas: ["www.tf.example."] },
  ];
  // The provider sends one change per record set; one change with them all makes the same sets.
  await ok("the google_dns_record_set instances", emulator.api("POST", `${base}/managedZones/${TF.zone}/changes`, { additions: recordSets }));
  await ok(
    "the zone's IAM grants",
    emulator.api("POST", `${base}/managedZones/${TF.zone}:setIamPolicy`, {
      policy: {
        bindings: [
          { role: "roles/dns.reader", members: ["user:bob@example.com", "group:readers@example.com"] },
          { role: "roles/dns.admin", members: ["user:ann@example.com"] },
        ],
      },
    }),
  );
  await ok(
    "google_dns_policy.resolver",
    emulator.api("POST", `${base}/policies`, {
      name: "tf-resolver",
      description: "Managed by Terraform",
      enableInboundForwarding: true,
      enableLogging: false,
      networks: [{ networkUrl: TF.network }],
      alternativeNameServerConfig: { targetNameServers: [{ ipv4Address: "10.0.0.53" }] },
    }),
  );
  await ok(
    "google_dns_response_policy.overrides",
    emulator.api("POST", `${base}/responsePolicies`, {
      responsePolicyName: "tf-overrides",
      description: "Managed by Terraform",
      networks: [{ networkUrl: TF.network }],
    }),
  );
  await ok(
    "google_dns_response_policy_rule.api",
    emulator.api("POST", `${base}/responsePolicies/tf-overrides/rules`, {
      ruleName: "api",
      dnsName: "api.corp.example.",
      localData: { localDatas: [{ name: "api.corp.example.", type: "A", ttl: 300, rrdatas: ["10.1.2.3"] }] },
    }),
  );
  await ok(
    "google_cloud_quotas_quota_preference.cpus",
    emulator.api("POST", `/v1/projects/${TF.project}/locations/global/quotaPreferences?quotaPreferenceId=tf-cpus`, {
      service: "compute.googleapis.com",
      quotaId: "CPUS-per-project-region",
      dimensions: { region: "us-central1" },
      quotaConfig: { preferredValue: "48" },
      justification: "batch jobs",
      contactEmail: "ops@example.com",
    }),
  );
}
