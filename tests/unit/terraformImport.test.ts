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
