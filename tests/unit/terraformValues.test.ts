/**
 * Terraform's forms of values as pulumi-svc's inputs, type by type (tools/import/terraform): TXT
 * quoting and splitting, a routing policy, a quota's parent and safety check, a whole IAM policy,
 * a CircleCI slug, and what is left out, refused by the resource's check or reported as not
 * carried. The state fixture as a whole is tests/unit/terraformImport.test.ts.
 */
import { fromState, type FromState } from "../../tools/import/terraform/fromState";
import type { TerraformInstance } from "../../tools/import/terraform/state";
import { terraformTxt } from "../../tools/import/terraform/values";

const GOOGLE = "registry.terraform.io/hashicorp/google";

/** One managed instance of `type` with `attributes`. */
const instance = (type: string, attributes: Record<string, unknown>, extra: Partial<TerraformInstance> = {}): TerraformInstance => ({
  address: `${type}.this`,
  mode: "managed",
  type,
  name: "this",
  provider: GOOGLE,
  schemaVersion: 0,
  attributes,
  ...extra,
});

const only = (result: FromState): { id: string; inputs: Record<string, unknown>; dropped: readonly string[]; afterImport: readonly string[] } => {
  expect(result.notAdopted).toEqual([]);
  expect(result.adopted).toHaveLength(1);
  const [adopted] = result.adopted;
  return { id: adopted!.found.id, inputs: adopted!.found.inputs, dropped: adopted!.dropped, afterImport: adopted!.afterImport };
};

describe("Terraform's forms", () => {
  it.each([
    ['"v=spf1 include:_spf.google.com ~all"', '"v=spf1 include:_spf.google.com ~all"'],
    ["v=spf1 include:_spf.google.com ~all", '"v=spf1" "include:_spf.google.com" "~all"'],
    ['"first""second"', '"first" "second"'],
    ['"a \\"quoted\\" word" tail', '"a \\"quoted\\" word" "tail"'],
  ])("TXT %s is %s, as the API stores it", (given, stored) => {
    expect(terraformTxt(given)).toBe(stored);
  });

  it("a weighted record set's routing policy in the API's form", () => {
    const { inputs } = only(
      fromState([
        instance("google_dns_record_set", {
          project: "p-1",
          managed_zone: "projects/p-1/managedZones/z",
          name: "w.example.",
          type: "A",
          ttl: 60,
          rrdatas: [],
          routing_policy: [
            {
              wrr: [{ weight: 1, rrdatas: ["192.0.2.1"], health_checked_targets: [] }],
              geo: [],
              primary_backup: [],
              enable_geo_fencing: false,
              health_check: "",
            },
          ],
        }),
      ]),
    );
    expect(inputs).toEqual({
      project: "p-1",
      managedZone: "z",
      name: "w.example.",
      type: "A",
      ttl: 60,
      routingPolicy: { wrr: { items: [{ weight: 1, rrdatas: ["192.0.2.1"] }] } },
    });
  });

  it("a signed zone's DNSSEC settings, without what the API keeps of its own (its kind, the key specs it chose)", () => {
    const { inputs, dropped } = only(
      fromState([
        instance("google_dns_managed_zone", {
          project: "p-1",
          name: "z",
          dns_name: "z.example.",
          description: "Managed by Terraform",
          visibility: "public",
          dnssec_config: [
            {
              state: "on",
              non_existence: "nsec3",
              kind: "dns#managedZoneDnsSecConfig",
              default_key_specs: [{ algorithm: "rsasha256", key_length: 2048, key_type: "keySigning", kind: "dns#dnsKeySpec" }],
            },
          ],
          cloud_logging_config: [{ enable_logging: true }],
          private_visibility_config: [],
        }),
      ]),
    );
    expect(inputs).toEqual({
      project: "p-1",
      name: "z",
      dnsName: "z.example.",
      description: "Managed by Terraform",
      dnssecConfig: { state: "on", nonExistence: "nsec3" },
      cloudLoggingConfig: { enableLogging: true },
    });
    expect(dropped).toEqual([]);
  });

  it("a quota preference of a folder, with a safety check to pass, and the contact e-mail to set after the import", () => {
    const { id, inputs, afterImport } = only(
      fromState([
        instance("google_cloud_quotas_quota_preference", {
          parent: "folders/123456789",
          name: "folders/123456789/locations/global/quotaPreferences/cpus",
          service: "compute.googleapis.com",
          quota_id: "CPUS-per-project-region",
          dimensions: {},
          quota_config: [{ preferred_value: "10", annotations: { ticket: "Q-7" } }],
          ignore_safety_checks: "QUOTA_DECREASE_BELOW_USAGE",
          contact_email: "ops@example.com",
          justification: "",
        }),
      ]),
    );
    expect(id).toBe("folders/123456789/locations/global/quotaPreferences/cpus");
    expect(inputs).toEqual({
      folder: "123456789",
      quotaPreferenceId: "cpus",
      service: "compute.googleapis.com",
      quotaId: "CPUS-per-project-region",
      preferredValue: "10",
      annotations: { ticket: "Q-7" },
      ignoreSafetyChecks: ["QUOTA_DECREASE_BELOW_USAGE"],
    });
    expect(afterImport).toEqual([expect.stringMatching(/^contactEmail: "ops@example.com" \(the API never returns it/)]);
  });

  it("a project's quota adjuster settings; a folder's are refused (the API keeps them for projects only)", () => {
    const settings = (parent: string): TerraformInstance =>
      instance("google_cloud_quotas_quota_adjuster_settings", {
        parent,
        enablement: "ENABLED",
        effective_container: parent,
        effective_enablement: "ENABLED",
        inherited: false,
        inherited_from: "",
      });
    expect(only(fromState([settings("projects/p-123456")]))).toEqual({
      id: "projects/p-123456/locations/global/quotaAdjusterSettings",
      inputs: { project: "p-123456", enablement: "ENABLED" },
      dropped: [],
      afterImport: [],
    });
    expect(fromState([settings("folders/42")]).notAdopted[0]?.reason).toBe("the settings of folders/42: the API keeps them for projects only");
  });

  it("a zone's whole IAM policy from its policy_data, conditional bindings left as they are and said", () => {
    const policy = {
      bindings: [
        { role: "roles/dns.admin", members: ["user:b@example.com", "user:a@example.com"] },
        { role: "roles/dns.reader", members: ["user:c@example.com"], condition: { title: "weekdays", expression: "true" } },
      ],
    };
    const { id, inputs, dropped } = only(
      fromState([
        instance("google_dns_managed_zone_iam_policy", {
          project: "p-1",
          managed_zone: "projects/p-1/managedZones/z",
          policy_data: JSON.stringify(policy),
          etag: "x",
        }),
      ]),
    );
    expect({ id, inputs }).toEqual({
      id: "projects/p-1/managedZones/z",
      inputs: { project: "p-1", managedZone: "z", bindings: [{ role: "roles/dns.admin", members: ["user:a@example.com", "user:b@example.com"] }] },
    });
    expect(dropped).toEqual(["policy_data: the conditional binding of roles/dns.reader (kept as it is, not managed)"]);
  });

  it("a CircleCI checkout key and follow by their v1.1 project, the key's fingerprint in its id", () => {
    const key = only(
      fromState([
        instance(
          "circleci_checkout_key",
          {
            id: "c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f",
            project_slug: "gh/acme/api",
            type: "user-key",
            fingerprint: "c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f",
            public_key: "ssh-rsa AAAA",
            preferred: true,
            created_at: "2026-01-01T00:00:00Z",
          },
          { provider: "registry.terraform.io/kelvintaywl/circleci" },
        ),
      ]),
    );
    expect(key).toMatchObject({
      id: "vcs-a/acme/api/c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f",
      inputs: { vcsType: "vcs-a", username: "acme", project: "api", type: "vcs-user-key" },
    });
    const follow = only(
      fromState([
        instance(
          "circleci_project",
          { id: "bitbucket/acme/api", vcs_type: "bitbucket", username: "acme", name: "api" },
          { provider: "registry.terraform.io/mrolla/circleci" },
        ),
      ]),
    );
    expect(follow).toMatchObject({ id: "vcs-b/acme/api", inputs: { vcsType: "vcs-b", username: "acme", project: "api" } });
  });

  it.each([
    [
      "a conditional IAM member",
      instance("google_dns_managed_zone_iam_member", {
        project: "p-1",
        managed_zone: "z",
        role: "roles/dns.admin",
        member: "user:a@example.com",
        condition: [{ title: "t", expression: "true", description: "" }],
      }),
      /^a conditional grant/,
    ],
    [
      "a checkout key whose project comes from the provider's configuration",
      instance("circleci_checkout_key", { project: "api", type: "deploy-key", fingerprint: "x" }, { provider: "registry.terraform.io/sectorlabs/circleci" }),
      /comes? from this provider's configuration/,
    ],
    [
      "a record set of another provider's type of that name",
      instance("google_dns_record_set", { name: "a." }, { provider: "registry.terraform.io/acme/google-fork" }),
      /not of the provider pulumi-svc maps it from \(google, google-beta\)/,
    ],
    [
      "record data the resource's check refuses",
      instance("google_dns_record_set", { project: "p-1", managed_zone: "z", name: "a.example.", type: "A", ttl: 300, rrdatas: ["not-an-address"] }),
      /^its values do not pass svc\.dns\.RecordSet's check: rrdatas/,
    ],
  ])("leaves out %s, saying why", (_what, given, reason) => {
    const result = fromState([given]);
    expect(result.adopted).toEqual([]);
    expect(result.notAdopted).toEqual([{ address: given.address, type: given.type, reason: expect.stringMatching(reason) }]);
  });

  it("reports attributes no input takes, and adopts one object once", () => {
    const zone = (address: string): TerraformInstance =>
      instance(
        "google_dns_managed_zone",
        { project: "p-1", name: "z", dns_name: "z.example.", description: "", visibility: "public", reverse_lookup: true },
        { address },
      );
    const result = fromState([zone("google_dns_managed_zone.a"), zone("google_dns_managed_zone.b")]);
    expect(result.adopted.map(({ address, dropped }) => ({ address, dropped }))).toEqual([
      { address: "google_dns_managed_zone.a", dropped: ["reverse_lookup"] },
    ]);
    expect(result.notAdopted).toEqual([
      {
        address: "google_dns_managed_zone.b",
        type: "google_dns_managed_zone",
        reason: expect.stringMatching(/^the same object as google_dns_managed_zone\.a/),
      },
    ]);
  });
});
