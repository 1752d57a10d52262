/**
 * The programs svc-import writes in the plugin SDKs' languages (tools/import/languages.ts): names
 * as each generated SDK has them, code that parses, references by variable, and the dynamic
 * SDK's form with `{ import }`. What the engine makes of them is tests/e2e/terraformImport.e2e.test.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { snake } from "../../scripts/generator/examples/schemaTypes";
import { programIn, pythonName, type ProgramObject } from "../../tools/import/languages";
import { fromState } from "../../tools/import/terraform/fromState";
import { readTerraformState } from "../../tools/import/terraform/state";
import { REPO_ROOT } from "../support/toolchain";

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "plugin", "schema.json"), "utf8")) as {
  resources: Record<string, { inputProperties?: Record<string, unknown> }>;
  types: Record<string, { properties?: Record<string, unknown> }>;
};
const result = fromState(readTerraformState(readFileSync(path.join(REPO_ROOT, "tests", "fixtures", "terraform", "adopt.tfstate"), "utf8"), "adopt.tfstate"));
const objects: ProgramObject[] = result.adopted.map(({ found, variable, address }) => ({ found, variable, comments: [`Terraform: ${address}`] }));

it("names every input and nested property in Python as the generated SDK does", () => {
  const names = [
    ...Object.values(schema.resources).flatMap((resource) => Object.keys(resource.inputProperties ?? {})),
    ...Object.values(schema.types).flatMap((type) => Object.keys(type.properties ?? {})),
  ];
  expect(names.length).toBeGreaterThan(100);
  expect(names.filter((name) => pythonName(name) !== snake(name))).toEqual([]);
  // And the SDK itself: each resource's module takes each input by that name.
  for (const [token, resource] of Object.entries(schema.resources)) {
    const [, module = "", type = ""] = /^svc:([^/]+)\/[^:]+:(.+)$/.exec(token) ?? [];
    const source = readFileSync(path.join(REPO_ROOT, "sdks", "python", "pulumi_svc", module, `${snake(type)}.py`), "utf8");
    for (const input of Object.keys(resource.inputProperties ?? {}))
      expect({ token, input, declared: source.includes(`${pythonName(input)}: pulumi.Input`) }).toEqual({ token, input, declared: true });
  }
});

it("writes Python that parses, with references by variable and nested objects as dicts of the SDK's names", () => {
  const text = programIn("python", objects, ["header"]);
  expect(text).toContain("managed_zone=google_dns_managed_zone_main.name,");
  expect(text).toContain("response_policy=google_dns_response_policy_overrides.response_policy_name,");
  expect(text).toMatch(/"target_name_servers": \[\n\s+\{\n\s+"ipv4_address": "10\.0\.0\.53",/);
  // A map keeps its keys.
  expect(text).toContain('"goog-terraform-provisioned": "true",');
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-languages-"));
  try {
    writeFileSync(path.join(dir, "adopted.py"), text);
    execFileSync("python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", path.join(dir, "adopted.py")]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("writes YAML with the full type tokens, references as ${name.property}, and JSON strings for record data", () => {
  const text = programIn("yaml", objects, ["header"]);
  expect(text).toMatch(/^# header\nresources:\n {2}# Terraform: google_cloud_quotas_quota_preference\.cpus\n/);
  expect(text).toContain("    type: svc:dns/recordSet:RecordSet\n");
  expect(text).toContain("      managedZone: ${google_dns_managed_zone_main.name}\n");
  expect(text).toContain('      rrdatas: ["\\"v=spf1 include:_spf.google.com ~all\\""]\n');
});

it("writes the plugin's TypeScript for pulumi import --file, and the dynamic SDK's with { import } for pulumi up", () => {
  const plugin = programIn("typescript", objects, ["header"]);
  expect(plugin).toContain('import * as svc from "pulumi-svc/plugin";');
  expect(plugin).toContain("  managedZone: google_dns_managed_zone_main.name,");
  expect(plugin).not.toContain("import:");
  const dynamic = programIn("typescript-dynamic", objects, ["header"]);
  expect(dynamic).toContain('import * as svc from "pulumi-svc";');
  expect(dynamic).toContain('}, { import: "projects/tf-project/managedZones/tf-zone" });');
  expect(dynamic.match(/\{ import: /g)).toHaveLength(objects.length);
});
