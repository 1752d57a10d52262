/**
 * Adopting what exists (`svc-import`), registered by tests/e2e/adopt.e2e.test.ts (a zone of 60 record
 * sets) and the campaign (tests/campaign/adopt.campaign.test.ts, 300): an account seeded through the
 * APIs, the program the tool writes for it type-checked in a new project that installed the packed
 * package, then `up` adopting every object with no write, an empty preview and refresh, and `destroy`
 * removing what can be deleted. The tool's output is stable: the same objects give the same bytes,
 * one more record set changes the file only by that record set.
 */
import { execFile, execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { writesDuring } from "./requests";
import { SEED, seedCalendar, seedCi, seedDns, seedQuotas } from "./seedAccount";
import { openStack } from "./stacks";
import { engineSuite } from "./suite";
import { REPO_ROOT } from "./toolchain";
import { installUserProject, lockedVersion, packPackage, type UserProject } from "./userProject";

const CLI = path.join(REPO_ROOT, "dist", "tools", "import", "bin.js");

const IMPORTS: Record<string, string[]> = {
  // One RecordSet per set at any size (above 100, svc-import writes a zone as one ZoneRecords: tests/e2e/zoneRecordsAdopt.e2e.test.ts).
  dns: ["dns", "--project", SEED.project, "--record-sets"],
  ci: ["ci", "--project", SEED.ciProject],
  calendar: ["calendar"],
  quotas: ["quotas", "--parent", SEED.quotaParent],
};

/** The tests, with a zone of `records` record sets beside the other APIs' seeded objects. */
export function adoptJourney(records: number): void {
  const suite = engineSuite();

  let project: UserProject;
  let tarball: string;

  /** Runs the built bin; asynchronously, since the emulator answers from this process. */
  function svcImport(args: readonly string[], env: Record<string, string> = {}): Promise<{ status: number; stdout: string; stderr: string }> {
    const { emulator } = suite;
    const options = {
      encoding: "utf8" as const,
      env: {
        PATH: process.env["PATH"] ?? "",
        SVC_EMULATOR_URL: emulator.url,
        SVC_DNS_TOKEN: emulator.token,
        SVC_CI_TOKEN: emulator.token,
        SVC_CALENDAR_TOKEN: emulator.token,
        SVC_QUOTAS_TOKEN: emulator.token,
        ...env,
      },
    };
    return new Promise((resolve) => {
      execFile("node", [CLI, ...args], options, (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
      });
    });
  }

  /** The module's declarations, by the blank lines between them. */
  const blocks = (text: string): string[] => text.split("\n\n");

  beforeAll(async () => {
    const { emulator } = suite;
    await seedDns(emulator, records);
    await seedCi(emulator);
    await seedCalendar(emulator);
    await seedQuotas(emulator);
    tarball = packPackage();
    const files = {
      "package.json": JSON.stringify({ name: "adopted", private: true, main: "index.ts" }),
      "Pulumi.yaml": "name: adopted\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
      // Its module resolution named: run without the type check, Pulumi's Node.js host puts NodeNext's
      // beside a tsconfig's CommonJS, which TypeScript refuses (TS5110).
      "tsconfig.json": JSON.stringify({
        compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node10", esModuleInterop: true },
        files: ["index.ts"],
      }),
      "index.ts":
        Object.keys(IMPORTS)
          .map((api) => `export * from "./${api}";`)
          .join("\n") + "\n",
    };
    project = await installUserProject(tarball, lockedVersion("@pulumi/pulumi"), files, [
      `typescript@${lockedVersion("typescript")}`,
      `ts-node@${lockedVersion("ts-node")}`,
      `@types/node@${lockedVersion("@types/node")}`,
    ]);
  });

  afterAll(() => {
    if (project !== undefined) rmSync(project.dir, { recursive: true, force: true });
    if (tarball !== undefined) rmSync(path.dirname(tarball), { recursive: true, force: true });
  });

  describe("svc-import", () => {
    it("writes a program for every API's objects, the same bytes twice, reporting progress", async () => {
      for (const [api, args] of Object.entries(IMPORTS)) {
        const first = await svcImport(args);
        expect({ api, status: first.status, stderr: first.stderr }).toEqual({ api, status: 0, stderr: expect.stringContaining("found") });
        const second = await svcImport(args);
        expect(second.stdout).toBe(first.stdout);
        writeFileSync(path.join(project.dir, `${api}.ts`), first.stdout);
      }
      const dns = readFileSync(path.join(project.dir, "dns.ts"), "utf8");
      // The seeded record sets; the apex SOA and NS, which the API manages, are left out with a reason.
      expect((dns.match(/new svc\.dns\.RecordSet\(/g) ?? []).length).toBe(records);
      expect(dns).toMatch(/\/\/ Left out: svc\.dns\.RecordSet \S+\/adopt\.example\.\/SOA: the API manages/);
      // References, not copies: record sets name their zone, rules their policy, ACL rules their calendar.
      expect(dns).toContain("managedZone: adopt_zone.name,");
      expect(dns).toContain("responsePolicy: adopt_overrides.responsePolicyName,");
      const calendar = readFileSync(path.join(project.dir, "calendar.ts"), "utf8");
      expect(calendar).toContain("calendarId: Adopted_team.calendarId,");
      // A deleted event and a cancelled occurrence of the recurring standup are listed, and left out saying why.
      expect(calendar).toMatch(/\/\/ Left out: svc\.calendar\.Event \S+\/\w+: a cancelled event \(deleted: the service keeps it as a cancelled entry\)\./);
      expect(calendar).toMatch(
        new RegExp(
          `// Left out: svc\\.calendar\\.Event \\S+/(\\w+)_${SEED.cancelledStandup}: a cancelled occurrence \\(2030-01-14T08:00:00Z\\) of the recurring event \\1: ` +
            "a recurring event is adopted whole, and the service keeps its single occurrences as they are\\.",
        ),
      );
      expect(calendar.match(/new svc\.calendar\.Event\(/g)?.length).toBe(2);
      // The project's quota adjuster settings are inherited (nobody set them): left out unless asked for.
      const quotas = readFileSync(path.join(project.dir, "quotas.ts"), "utf8");
      expect(quotas).not.toContain("new svc.quotas.QuotaAdjusterSettings(");
      expect(quotas).toContain(
        `// Left out: svc.quotas.QuotaAdjusterSettings ${SEED.quotaParent}/quotaAdjusterSettings: the project's settings are inherited from the service's default (enablement DISABLED): ` +
          "nobody set them on the project, and adopting them would make the program own a value it never chose (`--inherited-settings` adopts it).",
      );
      expect((await svcImport([...IMPORTS["quotas"]!, "--inherited-settings"])).stdout).toContain("new svc.quotas.QuotaAdjusterSettings(");
      // Defaults are not written: a TTL of 300 (the declared default) is left out.
      expect(dns).toMatch(/"host0\.adopt\.example\.",\n {2}type: "A",\n {2}rrdatas:/);
      expect(readFileSync(path.join(project.dir, "ci.ts"), "utf8")).toContain("// Never adopted: svc.ci.SshKey:");
    });

    it("--json lists type, name and id; a token that cannot list is refused naming the setting", async () => {
      const listed = JSON.parse((await svcImport([...IMPORTS["ci"]!, "--json"])).stdout) as { resources: Array<{ type: string; name: string; id: string }> };
      expect(listed.resources.map((resource) => resource.type).sort()).toEqual(["svc.ci.CheckoutKey", "svc.ci.CheckoutKey", "svc.ci.ProjectFollow"]);
      const refused = await svcImport(IMPORTS["dns"]!, { SVC_DNS_TOKEN: "not-a-token-8d2e" });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("SVC_DNS_TOKEN");
      expect(refused.stderr).not.toContain("not-a-token-8d2e");
    });

    it("the written program type-checks in a new project that installed the packed package", () => {
      execFileSync(path.join(project.dir, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], { cwd: project.dir, stdio: "pipe" });
    });

    it("up adopts every object with no write; preview and refresh then show no change; destroy removes what can be deleted", async () => {
      const { emulator } = suite;
      // A user's installed project. Its type check is the test above (tsc in the project); ts-node's
      // check of the record sets in each of the four engine runs would repeat it (userJourney runs a
      // program with ts-node's check, as a user's `pulumi up` does).
      const stack = suite.track(await openStack(project.dir, emulator, { "svc:calendarToken": { value: emulator.token, secret: true } }));
      const writes = await writesDuring(emulator, () => stack.stack.up({ onOutput: (line) => stack.output.push(line) }));
      expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual([]);
      const adopted = (await stack.stateResources()).filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/"));
      const declared = Object.keys(IMPORTS).map((api) => readFileSync(path.join(project.dir, `${api}.ts`), "utf8").match(/ = new svc\./g)?.length ?? 0);
      expect(adopted.length).toBe(declared.reduce((sum, count) => sum + count, 0));
      expect(adopted.length).toBeGreaterThan(records + 10);

      const preview = await stack.stack.preview();
      expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
      const refresh = await stack.stack.refresh();
      expect(Object.keys(refresh.summary.resourceChanges ?? {})).toEqual(["same"]);

      // One more record set made out of band: the file changes by that record set alone.
      const before = readFileSync(path.join(project.dir, "dns.ts"), "utf8");
      await emulator.api("POST", `/dns/v1/projects/${SEED.project}/managedZones/${SEED.zone}/changes`, {
        additions: [{ name: `late.${SEED.dnsName}`, type: "TXT", ttl: 300, rrdatas: ['"added later"'] }],
      });
      const after = (await svcImport(IMPORTS["dns"]!)).stdout;
      const added = blocks(after).filter((block) => !blocks(before).includes(block));
      expect(added).toHaveLength(1);
      expect(added[0]).toContain('name: "late.adopt.example.",');
      expect(blocks(before).filter((block) => !blocks(after).includes(block))).toEqual([]);

      // Out of the program, so out of the destroy: removed the way it came, or the zone could not go.
      await emulator.api("POST", `/dns/v1/projects/${SEED.project}/managedZones/${SEED.zone}/changes`, {
        deletions: [{ name: `late.${SEED.dnsName}`, type: "TXT", ttl: 300, rrdatas: ['"added later"'] }],
      });
      await stack.stack.destroy();
      const keys = await emulator.ciApi("GET", `/api/v1.1/project/${SEED.ciProject}/checkout-key`);
      expect(keys.body).toEqual([]);
      const text = JSON.stringify(await emulator.objects());
      expect(text).not.toContain(`"${SEED.zone}"`);
      expect(text).not.toContain(SEED.responsePolicy);
      expect(text).not.toContain("Adopted team");
    });
  });
}
