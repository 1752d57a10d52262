/**
 * Moving in from Terraform: the objects of a Terraform state (tests/fixtures/terraform/adopt.tfstate,
 * written as Terraform 1.12 writes it: a zone, record sets of five types with TXT quoted as the API
 * returns it, a DNS policy, a response policy with a rule, zone IAM (a binding and a for_each
 * member), a quota preference, a record set inside a module and two under count; and a data
 * source, a type pulumi-svc does not know and an SSH key it cannot adopt), made at the emulator as
 * the Google provider made them. `svc-import --from-terraform`, with no setting and no request,
 * writes the import file and the program in TypeScript (pulumi-svc/plugin), Python and YAML; in a
 * project of each, `pulumi import --file` adopts every object without a write at the emulator, and
 * the next preview of the written program is empty.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pluginProgram, type PluginProgram } from "../support/pluginProgram";
import { requestCount, writesSince } from "../support/pluginImports";
import { openStack, type TestStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { seedTerraformAccount } from "../support/terraformAccount";
import { REPO_ROOT, requireLanguageHost } from "../support/toolchain";

const suite = engineSuite();
const STATE = path.join(REPO_ROOT, "tests", "fixtures", "terraform", "adopt.tfstate");
const CLI = path.join(REPO_ROOT, "dist", "tools", "import", "bin.js");
/** The state's managed instances of the types pulumi-svc maps. */
const ADOPTED = 14;
const programs: PluginProgram[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-terraform-"));

beforeAll(async () => {
  requireLanguageHost("yaml");
  requireLanguageHost("python");
  await seedTerraformAccount(suite.emulator);
});
afterAll(() => {
  for (const program of programs) program.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** The built bin, with no setting of any API in its environment: it needs none, it sends nothing. */
function svcImport(args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile("node", [CLI, ...args], { env: { PATH: process.env["PATH"] ?? "" }, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr }),
    ),
  );
}

interface Report {
  readonly resources: Array<{ address: string; type: string; name: string; id: string; afterImport?: string[] }>;
  readonly leftOut: Array<{ address: string; type: string; reason: string }>;
}

it("maps every managed instance of a known type, and lists what it cannot map with why", async () => {
  const { status, stdout, stderr } = await svcImport(["--from-terraform", STATE, "--language", "yaml", "--out-dir", scratch, "--json"]);
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  const report = JSON.parse(stdout) as Report;
  console.log(
    `svc-import --from-terraform: ${report.resources.length} mapped; could not map:\n${report.leftOut.map((left) => `  ${left.address}: ${left.reason}`).join("\n")}`,
  );
  expect(report.leftOut.map(({ address, type }) => ({ address, type }))).toEqual([
    { address: "circleci_ssh_key.deploy", type: "circleci_ssh_key" },
    { address: "data.google_project.this", type: "google_project" },
    { address: "google_compute_network.vpc", type: "google_compute_network" },
  ]);
  expect(report.leftOut[1]?.reason).toMatch(/^a data source/);
  expect(report.leftOut[2]?.reason).toMatch(/^type unknown to pulumi-svc/);
  expect(report.resources).toHaveLength(ADOPTED);
  // The address as the name (made valid), the module path and the count index and for_each key in it.
  expect(report.resources.map(({ name }) => name)).toEqual(
    expect.arrayContaining(["module_mail_google_dns_record_set_mx", "google_dns_record_set_aliases_0", "google_dns_managed_zone_iam_member_dns_admins_ann"]),
  );
  expect(report.resources.find(({ address }) => address === "google_cloud_quotas_quota_preference.cpus")?.afterImport).toEqual([
    expect.stringMatching(/^contactEmail: "ops@example.com"/),
  ]);
});

/** Each language's project: an example of the plugin, the program replaced by the written one. */
const LANGUAGES = [
  {
    language: "yaml",
    example: "plugin-import",
    program: (dir: string): void => renameSync(path.join(dir, "adopted.yaml"), path.join(dir, "Main.yaml")),
  },
  { language: "python", example: "plugin-python", program: (dir: string): void => writeFileSync(path.join(dir, "__main__.py"), "import adopted\n") },
  {
    language: "typescript",
    example: "plugin-typescript",
    program: (dir: string): void => {
      writeFileSync(path.join(dir, "index.ts"), 'import "./adopted";\n');
      // The written code type-checks against the plugin's typed SDK, as the user's `pulumi up` would check it.
      execFileSync(path.join(REPO_ROOT, "node_modules", ".bin", "tsc"), ["--noEmit", "--strict", "--module", "node16", "--types", "node", "index.ts"], {
        cwd: dir,
        stdio: "pipe",
      });
    },
  },
] as const;

it.each(LANGUAGES)(
  "writes $language that pulumi import --file adopts without a write, then previews with no change",
  async ({ language, example, program }) => {
    const { emulator } = suite;
    const project = pluginProgram(example);
    programs.push(project);
    const written = await svcImport(["--from-terraform", STATE, "--language", language, "--out-dir", project.dir]);
    expect({ status: written.status, stderr: written.stderr }).toEqual({ status: 0, stderr: "" });
    // What to run next: the import, then Terraform's state rm of the same addresses.
    expect(written.stdout).toMatch(/pulumi import --file \S+import\.json --generate-code=false/);
    expect(written.stdout).toContain("terraform state rm 'google_cloud_quotas_quota_preference.cpus'");
    const code = readFileSync(path.join(project.dir, `adopted.${language === "typescript" ? "ts" : language === "python" ? "py" : "yaml"}`), "utf8");
    // A record set names its zone by reference; the DKIM key's two strings are kept as two.
    expect(code).toMatch(language === "python" ? /managed_zone=google_dns_managed_zone_main\.name/ : /managedZone: \$?\{?google_dns_managed_zone_main\.name/);
    expect(code).toMatch(/\\?" \\?"Qm9HdE4t/);
    program(project.dir);

    const stack: TestStack = suite.track(await openStack(project.dir, emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }));
    const since = await requestCount(emulator);
    await stack.pulumi(["import", "--file", path.join(project.dir, "import.json"), "--generate-code=false", "--protect=false", "--yes"]);
    expect(await writesSince(emulator, since)).toEqual([]);
    const adopted = (await stack.stateResources()).filter((resource) => resource.type.startsWith("svc:"));
    expect(adopted).toHaveLength(ADOPTED);

    const preview = JSON.parse(await stack.pulumi(["preview", "--json"])) as {
      steps: Array<{ op: string; urn: string }>;
      changeSummary: Record<string, number>;
    };
    const changes = preview.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.urn}`);
    console.log(
      `${language}: pulumi import --file adopted ${adopted.length} objects, 0 writes at the emulator; the next preview: ${JSON.stringify(preview.changeSummary)}`,
    );
    expect({ changes, summary: preview.changeSummary }).toEqual({ changes: [], summary: { same: ADOPTED + 1 } });
  },
);
