/**
 * A new user's journey with the packed package: `npm install pulumi-svc @pulumi/pulumi` in a new
 * project, then preview, up, an empty preview and destroy with the real engine. Run with the
 * oldest `@pulumi/pulumi` the package supports and the newest the registry has, each as a
 * CommonJS TypeScript program and as an ES module (`"type": "module"`), and npm must keep one
 * copy of the SDK (the package declares a caret range, not a pin). The two programs of one SDK
 * share one install (the ES module project gets the CommonJS project's packages and lockfile).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { openStack } from "../support/stacks";
import { engineSuite } from "../support/suite";
import { REPO_ROOT } from "../support/toolchain";
import { installUserProject, lockedVersion, packPackage, projectLike, type UserProject } from "../support/userProject";

// Installs from the registry (two SDK versions) take most of this file's time.
const suite = engineSuite();

/** The lower bound of the package's `@pulumi/pulumi` range, which the README states. */
const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
const OLDEST_SDK = manifest.dependencies["@pulumi/pulumi"]!.replace(/^\^/, "");

const ZONE = "/dns/v1/projects/e2e-project/managedZones";

const PROGRAM_BODY = `
const zone = new svc.dns.ManagedZone("zone", { name: "journey-zone", dnsName: "journey.example." });
new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.journey.example.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });
new svc.dns.RecordSet("mail", { managedZone: zone.name, name: "journey.example.", type: "MX", ttl: 300, rrdatas: ["10 mail.journey.example."] });
export const nameServers = zone.nameServers;
export const zonesBefore = svc.dns.getManagedZones({ dnsName: "other.example." }).then((zones) => zones.length);
`;

const FLAVOURS = {
  commonjs: {
    files: {
      "package.json": JSON.stringify({ name: "journey-cjs", private: true, main: "index.ts" }),
      "Pulumi.yaml": "name: journey-cjs\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
      "tsconfig.json": JSON.stringify({
        compilerOptions: { strict: true, target: "ES2022", module: "commonjs", esModuleInterop: true, skipLibCheck: false },
        files: ["index.ts"],
      }),
      "index.ts": `import * as pulumi from "@pulumi/pulumi";\nimport * as svc from "pulumi-svc";\n${PROGRAM_BODY}`,
    },
    extra: [`typescript@${lockedVersion("typescript")}`, `ts-node@${lockedVersion("ts-node")}`, `@types/node@${lockedVersion("@types/node")}`],
  },
  esm: {
    files: {
      "package.json": JSON.stringify({ name: "journey-esm", private: true, type: "module", main: "index.js" }),
      "Pulumi.yaml": "name: journey-esm\nruntime: nodejs\n",
      "index.js": `import * as pulumi from "@pulumi/pulumi";\nimport * as svc from "pulumi-svc";\n${PROGRAM_BODY}`,
    },
  },
} as const;

let tarball: string | undefined;
let newestSdk: string;
const AGES = ["oldest supported", "newest published"] as const;
const sdkOf = (age: (typeof AGES)[number]): string => (age === "oldest supported" ? OLDEST_SDK : newestSdk);
/** The four projects: one install per SDK age (at once: npm's work is mostly waiting on the registry and the disk). */
const projects = new Map<string, UserProject>();

beforeAll(async () => {
  const packed = packPackage();
  tarball = packed;
  newestSdk = execFileSync("npm", ["view", "@pulumi/pulumi", "version"], { encoding: "utf8" }).trim();
  // The CommonJS project installs the packages (with its TypeScript tools); the ES module project of
  // the same SDK gets the same tree (projectLike: its lockfile and hard links, not a second install).
  const installs = AGES.map(async (age) => {
    const commonjs = await installUserProject(packed, sdkOf(age), FLAVOURS.commonjs.files, FLAVOURS.commonjs.extra);
    projects.set(`${age} commonjs`, commonjs);
    projects.set(`${age} esm`, projectLike(commonjs, FLAVOURS.esm.files));
  });
  // Every install ends (and is cleaned up) before a failure is reported.
  const failed = (await Promise.allSettled(installs)).find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed !== undefined) throw failed.reason;
});

afterAll(() => {
  for (const project of projects.values()) rmSync(project.dir, { recursive: true, force: true });
  if (tarball !== undefined) rmSync(path.dirname(tarball), { recursive: true, force: true });
});

describe.each(AGES)("with the %s @pulumi/pulumi", (age) => {
  it.each(["commonjs", "esm"] as const)("a program written as %s installs one SDK copy and goes through up, an empty preview and destroy", async (flavour) => {
    const sdk = (): string => sdkOf(age);
    const project = projects.get(`${age} ${flavour}`);
    if (project === undefined) throw new Error(`the ${age} ${flavour} project was not installed (see beforeAll)`);

    // One copy of the runtime: the package's caret range is met by the user's own.
    expect(project.sdkCopies()).toEqual([path.join(project.dir, "node_modules", "@pulumi", "pulumi")]);
    expect(project.sdkVersion()).toBe(sdk());
    if (flavour === "commonjs") {
      // The packed types check under the user's own strict compiler, library checks included.
      execFileSync(path.join(project.dir, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", project.dir], { stdio: "pipe" });
    }

    await suite.emulator.reset();
    // As the user's `pulumi up` runs it: a TypeScript program through ts-node, type check included.
    const test = suite.track(await openStack(project.dir, suite.emulator, {}, {}, { typeCheck: true }));
    const preview = await test.stack.preview();
    expect(preview.changeSummary).toMatchObject({ create: 4 });

    const up = await test.stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.outputs["zonesBefore"]?.value).toBe(0);
    expect(up.outputs["nameServers"]?.value).toEqual(expect.arrayContaining([expect.stringMatching(/\.$/)]));
    const rrsets = (await suite.emulator.api("GET", `${ZONE}/journey-zone/rrsets`)).body as {
      rrsets: Array<{ name: string; type: string; rrdatas: string[] }>;
    };
    expect(
      rrsets.rrsets
        .filter((rrset) => rrset.type === "A" || rrset.type === "MX")
        .map((rrset) => `${rrset.name} ${rrset.type} ${rrset.rrdatas.join(",")}`)
        .sort(),
    ).toEqual(["journey.example. MX 10 mail.journey.example.", "www.journey.example. A 192.0.2.10"]);

    const again = await test.stack.preview();
    expect(again.changeSummary).toEqual({ same: 4 });

    await test.stack.destroy();
    expect((await suite.emulator.api("GET", ZONE)).body).toMatchObject({ managedZones: [] });
  });
});
