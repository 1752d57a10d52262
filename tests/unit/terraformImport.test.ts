/**
 * `svc-import --from-terraform` without the engine: reading a state file and `terraform show -json`
 * to the same instances, each mapped type's attributes as the resource's inputs and import id
 * (Terraform's forms: TTL a number, TXT quoting and splitting, effective labels, IAM members as a
 * set, a quota's parent, a CircleCI slug), references to the object a resource lives in, names
 * from addresses, and what is left out with why (each type's forms: terraformValues.test.ts). The end-to-end counterpart, with `pulumi import
 * --file` and the preview, is tests/e2e/terraformImport.e2e.test.ts.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fromState } from "../../tools/import/terraform/fromState";
import { readTerraformState, type TerraformInstance } from "../../tools/import/terraform/state";
import { REPO_ROOT } from "../support/toolchain";

const FIXTURES = path.join(REPO_ROOT, "tests", "fixtures", "terraform");
const stateFile = readTerraformState(readFileSync(path.join(FIXTURES, "adopt.tfstate"), "utf8"), "adopt.tfstate");
const GOOGLE = "registry.terraform.io/hashicorp/google";

describe("reading a state", () => {
  it("gives every instance with its address, module, index key, mode and provider", () => {
    const addresses = stateFile.map((entry) => entry.address);
    expect(addresses).toContain("module.mail.google_dns_record_set.mx");
    expect(addresses).toContain("google_dns_record_set.aliases[1]");
    expect(addresses).toContain('google_dns_managed_zone_iam_member.dns_admins["ann"]');
    expect(addresses).toContain("data.google_project.this");
    const mx = stateFile.find((entry) => entry.address.startsWith("module.mail."));
    expect(mx).toMatchObject({ module: "module.mail", type: "google_dns_record_set", name: "mx", mode: "managed", provider: GOOGLE });
    expect(stateFile.find((entry) => entry.address === "google_dns_record_set.aliases[1]")?.indexKey).toBe(1);
  });

  it("reads `terraform show -json` of the same state to the same instances", () => {
    const shown = readTerraformState(readFileSync(path.join(FIXTURES, "adopt.show.json"), "utf8"), "adopt.show.json");
    const key = (list: readonly TerraformInstance[]): TerraformInstance[] => [...list].sort((a, b) => (a.address < b.address ? -1 : 1));
    expect(key(shown)).toEqual(key(stateFile));
  });

  it("refuses what is not a state, saying what it takes", () => {
    expect(() => readTerraformState("{", "x")).toThrow(/x is not JSON .*terraform\.tfstate file or the output of `terraform show -json`/);
    expect(() => readTerraformState('{"version": 3, "modules": []}', "old.tfstate")).toThrow(
      /format version 3; this reads version 4.*terraform apply -refresh-only/,
    );
    expect(() => readTerraformState('{"format_version": "0.2"}', "show.json")).toThrow(/must be a 1\.x format_version/);
  });
});

describe("the fixture state", () => {
  const result = fromState(stateFile);

  it("adopts each object once, parents first, named after its address; and leaves out the rest with why", () => {
    expect(result.adopted.map(({ variable }) => variable)).toEqual([
      "google_cloud_quotas_quota_preference_cpus",
      "google_dns_managed_zone_main",
      "google_dns_policy_resolver",
      "google_dns_response_policy_overrides",
      "google_dns_managed_zone_iam_binding_readers",
      "google_dns_managed_zone_iam_member_dns_admins_ann",
      "google_dns_record_set_aliases_0",
      "google_dns_record_set_aliases_1",
      "google_dns_record_set_dkim",
      "google_dns_record_set_spf",
      "google_dns_record_set_www",
      "google_dns_record_set_www_v6",
      "google_dns_response_policy_rule_api",
      "module_mail_google_dns_record_set_mx",
    ]);
    expect(result.notAdopted).toEqual([
      { address: "circleci_ssh_key.deploy", type: "circleci_ssh_key", reason: expect.stringMatching(/^the API never returns a key's private part/) },
      { address: "data.google_project.this", type: "google_project", reason: expect.stringMatching(/^a data source/) },
      { address: "google_compute_network.vpc", type: "google_compute_network", reason: `type unknown to pulumi-svc (google_compute_network of ${GOOGLE})` },
    ]);
  });

  it("takes ids from the state and references the zone and the policy things live in", () => {
    const byName = new Map(result.adopted.map((adopted) => [adopted.variable, adopted.found]));
    expect(byName.get("module_mail_google_dns_record_set_mx")?.id).toBe("projects/tf-project/managedZones/tf-zone/rrsets/tf.example./MX");
    expect(byName.get("google_dns_managed_zone_iam_member_dns_admins_ann")?.id).toBe(
      "projects/tf-project/managedZones/tf-zone roles/dns.admin user:ann@example.com",
    );
    expect(byName.get("google_cloud_quotas_quota_preference_cpus")?.id).toBe("projects/tf-project/locations/global/quotaPreferences/tf-cpus");
    const mx = byName.get("module_mail_google_dns_record_set_mx");
    expect({ references: mx?.references, parent: mx?.parent?.id }).toEqual({
      references: { managedZone: "name" },
      parent: "projects/tf-project/managedZones/tf-zone",
    });
    const rule = byName.get("google_dns_response_policy_rule_api");
    expect(rule?.references).toEqual({ responsePolicy: "responsePolicyName" });
  });

  it("writes Terraform's values in pulumi-svc's form: defaults left out, live labels, members as a sorted set, what an import cannot read said", () => {
    const byName = new Map(result.adopted.map((adopted) => [adopted.variable, adopted]));
    expect(byName.get("google_dns_record_set_www")?.found.inputs).toEqual({
      project: "tf-project",
      managedZone: "tf-zone",
      name: "www.tf.example.",
      type: "A",
      rrdatas: ["192.0.2.10", "192.0.2.11"],
    });
    expect(byName.get("google_dns_record_set_spf")?.found.inputs["ttl"]).toBe(3600);
    expect(byName.get("google_dns_managed_zone_main")?.found.inputs["labels"]).toEqual({ team: "dns", "goog-terraform-provisioned": "true" });
    expect(byName.get("google_dns_managed_zone_main")?.afterImport).toEqual([expect.stringMatching(/^forceDestroy: true/)]);
    expect(byName.get("google_dns_managed_zone_iam_binding_readers")?.found.inputs["members"]).toEqual(["group:readers@example.com", "user:bob@example.com"]);
    expect(byName.get("google_dns_policy_resolver")?.found.inputs["alternativeNameServerConfig"]).toEqual({
      targetNameServers: [{ ipv4Address: "10.0.0.53" }],
    });
    expect(byName.get("google_cloud_quotas_quota_preference_cpus")?.found.inputs).toEqual({
      project: "tf-project",
      quotaPreferenceId: "tf-cpus",
      service: "compute.googleapis.com",
      quotaId: "CPUS-per-project-region",
      dimensions: { region: "us-central1" },
      preferredValue: "48",
      justification: "batch jobs",
    });
    expect(result.adopted.flatMap(({ dropped }) => dropped)).toEqual([]);
  });
});

/** A zone's attributes as the Google provider writes them (the fixture's zone, another name). */
const zoneAttributes = (name: string): Record<string, unknown> => ({
  project: "tf-project",
  name,
  dns_name: "tf.example.",
  description: "Managed by Terraform",
  visibility: "public",
  id: `projects/tf-project/managedZones/${name}`,
});
const PROVIDER = `provider["${GOOGLE}"]`;

describe("a deposed object (create_before_destroy's old object, which Terraform deletes next)", () => {
  // The state after a replacement whose delete did not happen yet: the new object is current, the old one deposed.
  const stateWithDeposed = {
    version: 4,
    terraform_version: "1.12.2",
    resources: [
      {
        mode: "managed",
        type: "google_dns_managed_zone",
        name: "main",
        provider: PROVIDER,
        instances: [
          { schema_version: 0, attributes: zoneAttributes("tf-zone-v2"), create_before_destroy: true },
          { schema_version: 0, deposed: "3f2a1b0c", attributes: zoneAttributes("tf-zone"), create_before_destroy: true },
        ],
      },
    ],
  };
  const shown = {
    format_version: "1.0",
    values: {
      root_module: {
        resources: [
          {
            address: "google_dns_managed_zone.main",
            mode: "managed",
            type: "google_dns_managed_zone",
            name: "main",
            provider_name: GOOGLE,
            values: zoneAttributes("tf-zone-v2"),
          },
          {
            address: "google_dns_managed_zone.main",
            mode: "managed",
            type: "google_dns_managed_zone",
            name: "main",
            provider_name: GOOGLE,
            deposed_key: "3f2a1b0c",
            values: zoneAttributes("tf-zone"),
          },
        ],
      },
    },
  };

  it.each([
    ["a state file (deposed)", JSON.stringify(stateWithDeposed)],
    ["terraform show -json (deposed_key)", JSON.stringify(shown)],
  ])("in %s is left out, saying Terraform is about to delete it; the current object is adopted once", (_form, text) => {
    const result = fromState(readTerraformState(text, "replaced.tfstate"));
    expect(result.adopted.map(({ address, variable, found }) => ({ address, variable, id: found.id }))).toEqual([
      { address: "google_dns_managed_zone.main", variable: "google_dns_managed_zone_main", id: "projects/tf-project/managedZones/tf-zone-v2" },
    ]);
    expect(result.notAdopted).toEqual([
      {
        address: "google_dns_managed_zone.main",
        type: "google_dns_managed_zone",
        deposed: "3f2a1b0c",
        reason: expect.stringMatching(/^a deposed object \(3f2a1b0c\).*Terraform is about to delete it/),
      },
    ]);
  });
});

describe("zone IAM", () => {
  const policyData = JSON.stringify({ bindings: [{ role: "roles/dns.admin", members: ["user:ann@example.com"] }] });
  const iam = (type: string, name: string, managedZone: string, attributes: Record<string, unknown>): TerraformInstance => ({
    address: `${type}.${name}`,
    mode: "managed",
    type,
    name,
    provider: GOOGLE,
    schemaVersion: 0,
    attributes: { project: "tf-project", managed_zone: managedZone, etag: "BwYgq1QmZ0k=", ...attributes },
  });
  const zone: TerraformInstance = {
    address: "google_dns_managed_zone.main",
    mode: "managed",
    type: "google_dns_managed_zone",
    name: "main",
    provider: GOOGLE,
    schemaVersion: 0,
    attributes: zoneAttributes("tf-zone"),
  };

  // The provider writes `managed_zone` as the zone's long name; a state may also hold the name alone.
  it.each([
    ["google_dns_managed_zone_iam_policy", { policy_data: policyData }],
    ["google_dns_managed_zone_iam_binding", { role: "roles/dns.reader", members: ["user:bob@example.com"] }],
    ["google_dns_managed_zone_iam_member", { role: "roles/dns.admin", member: "user:ann@example.com" }],
  ])("%s names its zone by reference, with managed_zone long or short", (type, attributes) => {
    for (const managedZone of ["projects/tf-project/managedZones/tf-zone", "tf-zone"]) {
      const result = fromState([zone, iam(type, "access", managedZone, attributes)]);
      expect(result.notAdopted).toEqual([]);
      const grant = result.adopted.find(({ address }) => address === `${type}.access`)?.found;
      expect({ managedZone, references: grant?.references, parent: grant?.parent?.id }).toEqual({
        managedZone,
        references: { managedZone: "name" },
        parent: "projects/tf-project/managedZones/tf-zone",
      });
    }
  });

  it("the zone of another project of the same name is not the parent", () => {
    const other = { ...zone, address: "google_dns_managed_zone.other", attributes: { ...zoneAttributes("tf-zone"), project: "other-project" } };
    const result = fromState([
      other,
      iam("google_dns_managed_zone_iam_policy", "access", "projects/tf-project/managedZones/tf-zone", { policy_data: policyData }),
    ]);
    const policy = result.adopted.find(({ address }) => address === "google_dns_managed_zone_iam_policy.access")?.found;
    expect({ references: policy?.references, parent: policy?.parent }).toEqual({ references: {}, parent: undefined });
  });
});
