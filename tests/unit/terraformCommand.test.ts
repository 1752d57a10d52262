/**
 * `svc-import --from-terraform` as a command, on states written apart from the fixture: a zone
 * replaced with create_before_destroy whose old object is still deposed (said, not adopted, its
 * address handed back to Terraform once), a zone's IAM policy named by reference in each language's
 * program, and a state with nothing to adopt (refused, nothing written). The mapping itself is
 * tests/unit/terraformImport.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stackLanguage, terraformMain } from "../../tools/import/terraform/command";

const GOOGLE = "registry.terraform.io/hashicorp/google";
const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-terraform-command-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const zone = (name: string): Record<string, unknown> => ({
  project: "tf-project",
  name,
  dns_name: "tf.example.",
  description: "Managed by Terraform",
  visibility: "public",
  id: `projects/tf-project/managedZones/${name}`,
});
const resource = (type: string, name: string, instances: unknown[], mode = "managed"): Record<string, unknown> => ({
  mode,
  type,
  name,
  provider: `provider["${GOOGLE}"]`,
  instances,
});

/** The command on a state of these resources, its output and the files it wrote. */
async function run(
  name: string,
  resources: unknown[],
  flags: readonly string[] = ["--language", "yaml"],
): Promise<{ status: number; stdout: string; stderr: string; outDir: string }> {
  const state = path.join(scratch, `${name}.tfstate`);
  writeFileSync(state, JSON.stringify({ version: 4, terraform_version: "1.12.2", serial: 3, resources }));
  const outDir = path.join(scratch, name);
  const stdout = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const status = await terraformMain(["--from-terraform", state, ...flags, "--out-dir", outDir]);
    const text = (spy: typeof stdout): string => spy.mock.calls.map(([chunk]) => String(chunk)).join("");
    return { status, stdout: text(stdout), stderr: text(stderr), outDir };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

it("says a deposed object is Terraform's to delete, adopts the current one, and hands its address back to Terraform once", async () => {
  const { status, stdout, outDir } = await run("replaced", [
    resource("google_dns_managed_zone", "main", [
      { schema_version: 0, attributes: zone("tf-zone-v2"), create_before_destroy: true },
      { schema_version: 0, deposed: "3f2a1b0c", attributes: zone("tf-zone"), create_before_destroy: true },
    ]),
  ]);
  expect(status).toBe(0);
  expect(stdout).toMatch(/^svc-import: 1 objects of /);
  expect(stdout).toMatch(/google_dns_managed_zone\.main: a deposed object \(3f2a1b0c\)[^\n]*Terraform is about to delete it/);
  const stateRm = stdout.split("\n").filter((line) => line.includes("terraform state rm"));
  expect(stateRm).toEqual([expect.stringMatching(/terraform state rm 'google_dns_managed_zone\.main' {3}#/)]);
  const program = readFileSync(path.join(outDir, "adopted.yaml"), "utf8");
  expect(program).toContain('name: "tf-zone-v2"');
  expect(program).not.toContain('name: "tf-zone"');
});

describe("a zone's IAM policy", () => {
  const resources = [
    resource("google_dns_managed_zone", "main", [{ schema_version: 0, attributes: zone("tf-zone") }]),
    resource("google_dns_managed_zone_iam_policy", "access", [
      {
        schema_version: 0,
        attributes: {
          project: "tf-project",
          managed_zone: "projects/tf-project/managedZones/tf-zone",
          policy_data: JSON.stringify({ bindings: [{ role: "roles/dns.admin", members: ["user:ann@example.com"] }] }),
          etag: "BwYgq1QmZ0k=",
        },
      },
    ]),
  ];
  it.each([
    ["typescript", "adopted.ts", "managedZone: google_dns_managed_zone_main.name,", 'managedZone: "tf-zone"'],
    ["python", "adopted.py", "managed_zone=google_dns_managed_zone_main.name,", 'managed_zone="tf-zone"'],
    ["yaml", "adopted.yaml", "managedZone: ${google_dns_managed_zone_main.name}", 'managedZone: "tf-zone"'],
  ])("names its zone by reference in %s", async (language, file, reference, text) => {
    const { status, outDir } = await run(`iam-${language}`, resources, ["--language", language]);
    expect(status).toBe(0);
    const program = readFileSync(path.join(outDir, file), "utf8");
    expect(program).toContain(reference);
    expect(program).not.toContain(text);
  });
});

describe("a state with nothing to adopt", () => {
  it.each([
    ["no resource at all", []],
    [
      "only a data source and a deposed object",
      [
        resource("google_project", "this", [{ schema_version: 0, attributes: { project_id: "tf-project", id: "projects/tf-project" } }], "data"),
        resource("google_dns_managed_zone", "old", [{ schema_version: 0, deposed: "00000001", attributes: zone("tf-zone") }]),
      ],
    ],
  ])("(%s) says there is nothing to import, fails and writes nothing", async (_what, resources) => {
    const name = `empty-${resources.length}`;
    for (const flags of [
      ["--language", "yaml"],
      ["--language", "typescript", "--json"],
    ]) {
      const { status, stdout, stderr, outDir } = await run(name, resources, flags);
      expect({ status, stderr }).toEqual({ status: 1, stderr: expect.stringMatching(/^svc-import --from-terraform: nothing to import: /) });
      expect(existsSync(outDir) ? readdirSync(outDir) : []).toEqual([]);
      expect(stdout).not.toContain("terraform state rm");
    }
  });
});

describe("the stack's language, from ./Pulumi.yaml", () => {
  const project = (text: string): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "svc-language-"));
    writeFileSync(path.join(dir, "Pulumi.yaml"), text);
    return dir;
  };

  it("reads the runtime written as a name or as a map with options, as `pulumi new` writes it", () => {
    expect(stackLanguage(project("name: a\nruntime: python\n"))).toBe("python");
    expect(stackLanguage(project("name: a\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n"))).toBe("typescript");
    expect(stackLanguage(project("name: a\nruntime: { name: yaml }\n"))).toBe("yaml");
  });

  it("is none for a runtime svc-import writes no program in, or without Pulumi.yaml", () => {
    expect(stackLanguage(project("name: a\nruntime:\n  name: go\n"))).toBeUndefined();
    expect(stackLanguage(mkdtempSync(path.join(os.tmpdir(), "svc-language-")))).toBeUndefined();
  });
});
