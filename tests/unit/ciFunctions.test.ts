/** The CI read-only functions against the emulator: typed results, paging, argument checks. */
import {
  getBuild,
  getBuildArtifacts,
  getBuildTests,
  getCheckoutKeys,
  getMe,
  getProjectBuilds,
  getProjects,
  getRecentBuilds,
} from "../../provider/apis/ci/functions";
import { createEmulator } from "../../emulator/server";
import { ProviderRuntime } from "../../provider/runtime";
import { startEmulator, type RunningEmulator } from "../support/emulatorControl";

let emulator: RunningEmulator;
const env = { ...process.env };
const monorepo = { vcsType: "vcs-a" as const, username: "acme", project: "monorepo" };

beforeAll(async () => {
  emulator = await startEmulator("ci-unit-token");
  process.env["SVC_EMULATOR_URL"] = emulator.url;
  process.env["SVC_CI_TOKEN"] = emulator.token;
});

afterAll(async () => {
  process.env = { ...env };
  await emulator.close();
});

describe("CI functions", () => {
  it("read the signed-in user and the projects", async () => {
    const me = await getMe();
    expect(typeof me.login).toBe("string");
    const projects = await getProjects();
    expect(projects.map((p) => `${p.username}/${p.reponame}`)).toContain("acme/monorepo");
    expect(projects.every((p) => typeof p.followed === "boolean")).toBe(true);
  });

  it("page through more than 100 builds when asked, newest first, each once", async () => {
    const firstPage = await getProjectBuilds(monorepo);
    expect(firstPage).toHaveLength(30);
    const all = await getProjectBuilds({ ...monorepo, allPages: true });
    expect(all).toHaveLength(130);
    const numbers = all.map((b) => b.build_num);
    expect(new Set(numbers).size).toBe(130);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const requests = await emulator.requests({ pathPrefix: "/api/v1.1/project/vcs-a/acme/monorepo" });
    expect(requests.slice(-2).map((r) => r.query)).toEqual([
      expect.objectContaining({ limit: "100", offset: "0" }),
      expect.objectContaining({ limit: "100", offset: "100" }),
    ]);
    expect(await getProjectBuilds({ ...monorepo, allPages: true, maxBuilds: 101 })).toHaveLength(101);
  });

  it("refuse a page size the API does not take, before any request", async () => {
    const before = (await emulator.requests()).length;
    await expect(getProjectBuilds({ ...monorepo, limit: 101 })).rejects.toThrow(/limit must be from 1 to 100/);
    await expect(getProjectBuilds({ ...monorepo, vcsType: "github" as "vcs-a" })).rejects.toThrow(/vcsType must be "vcs-a" or "vcs-b"/);
    expect((await emulator.requests()).length).toBe(before);
  });

  it("read one build with steps, its artifacts and tests, and recent builds", async () => {
    const [newest] = await getProjectBuilds({ ...monorepo, limit: 1 });
    const build = await getBuild({ ...monorepo, buildNum: newest?.build_num ?? 1 });
    expect(build.build_num).toBe(newest?.build_num);
    expect(Array.isArray(build.steps)).toBe(true);
    expect(Array.isArray(await getBuildArtifacts({ ...monorepo, buildNum: 1 }))).toBe(true);
    expect(Array.isArray((await getBuildTests({ ...monorepo, buildNum: 1 })).tests)).toBe(true);
    expect((await getRecentBuilds({ limit: 5 })).length).toBeLessThanOrEqual(5);
  });

  it("list checkout keys with md5 or sha256 fingerprints", async () => {
    const created = await emulator.ciApi("POST", "/api/v1.1/project/vcs-a/acme/monorepo/checkout-key", { type: "deploy-key" });
    expect(created.status).toBe(200);
    const [md5] = await getCheckoutKeys(monorepo);
    const [sha] = await getCheckoutKeys({ ...monorepo, digest: "sha256" });
    expect(md5?.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(sha?.fingerprint).toMatch(/^SHA256:/);
  });
});

describe("CI tokens", () => {
  /** A process of its own with these settings (a process reads its settings once), besides the emulator's. */
  const processWith = (env: NodeJS.ProcessEnv): ProviderRuntime =>
    new ProviderRuntime({ env: { SVC_EMULATOR_URL: emulator.url, SVC_CI_TOKEN: emulator.token, ...env } });

  it.each([["basic"], ["query"], ["header"]])("travel in the %s form when chosen", async (form) => {
    expect((await getProjects.on(processWith({ SVC_CI_AUTH: form }))()).length).toBeGreaterThan(0);
  });

  it("refuses an unknown form with the accepted ones", async () => {
    await expect(getProjects.on(processWith({ SVC_CI_AUTH: "cookie" }))()).rejects.toThrow(/svc:ciAuth.*header.*basic.*query/);
  });

  it("explain that getMe needs a personal token when given a project token", async () => {
    const scoped = createEmulator({ ci: { personalTokens: ["personal-1"], projectTokens: { "project-1": "vcs-a/acme/monorepo" } } });
    const url = await scoped.listen(0, "127.0.0.1");
    try {
      const projectToken = processWith({ SVC_EMULATOR_URL: url, SVC_CI_TOKEN: "project-1" });
      await expect(getMe.on(projectToken)()).rejects.toThrow(/getMe needs a personal API token.*project tokens cannot read the user/);
      expect((await getProjectBuilds.on(projectToken)({ ...monorepo, limit: 5 })).length).toBe(5);
      expect((await getMe.on(processWith({ SVC_EMULATOR_URL: url, SVC_CI_TOKEN: "personal-1" }))()).login).toBeTruthy();
    } finally {
      await scoped.close();
    }
  });
});
