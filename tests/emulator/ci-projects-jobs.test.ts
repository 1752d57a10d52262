/** The CI API v1.1 over real HTTP: projects and follows, job listings and paging. */
import { BASE, BIG, EMPTY, Job, baseUrl, ci, ciObjects, allJobs } from "./ci-harness";

describe("projects and follows", () => {
  it("lists the seeded catalogue with branch information", async () => {
    interface BranchInfo {
      pusher_logins: string[];
      recent_builds: Array<{ build_num: number; pushed_at: string }>;
      running_builds: unknown[];
      last_success?: { outcome: string };
    }
    const projects = await ci<Array<{ vcs_url: string; followed: boolean; username: string; reponame: string; branches: Record<string, BranchInfo> }>>(
      "GET",
      `${BASE}/projects`,
    );
    expect(projects.status).toBe(200);
    expect(projects.body.map((project) => `${project.username}/${project.reponame}`)).toEqual([
      "acme/monorepo",
      "acme/api-service",
      "open-tools/widget-kit",
      "acme/mobile-app",
      "community/plugin-hub",
      "acme/docs-site",
    ]);
    const big = projects.body[0]!;
    expect(big.followed).toBe(false);
    expect(Object.keys(big.branches).sort()).toEqual(["feature/search", "fix/login-timeout", "main"]);
    const main = big.branches.main!;
    expect(main.recent_builds).toHaveLength(5);
    const pushedAt = main.recent_builds.map((build) => build.pushed_at);
    expect([...pushedAt].sort().reverse()).toEqual(pushedAt);
    expect(main.running_builds).toEqual([expect.objectContaining({ build_num: 130, outcome: null })]);
    expect(main.last_success?.outcome).toBe("success");
    expect(main.pusher_logins.length).toBeGreaterThan(0);
    expect(projects.body[5]!.branches).toEqual({});
  });

  it("creates exactly one first job on the first follow, none after", async () => {
    const first = await ci<{ followed: boolean; first_build: Job | null }>("POST", `${EMPTY}/follow`);
    expect(first.status).toBe(200);
    expect(first.body.followed).toBe(true);
    expect(first.body.first_build).toEqual(
      expect.objectContaining({
        build_num: 1,
        lifecycle: "not_running",
        status: "not_running",
        why: "first-build",
        outcome: null,
        branch: "main",
      }),
    );

    const second = await ci("POST", `${EMPTY}/follow`);
    expect(second.body).toEqual({ followed: true, first_build: null });
    expect((await ci<Job[]>("GET", EMPTY)).body.map((job) => job.build_num)).toEqual([1]);

    const projects = await ci<Array<{ reponame: string; followed: boolean }>>("GET", `${BASE}/projects`);
    expect(projects.body.filter((project) => project.followed).map((project) => project.reponame)).toEqual(["docs-site"]);
    expect((await ciObjects()).follows).toEqual([{ login: "emulator-user", project: "vcs-b/acme/docs-site" }]);

    expect((await ci("POST", `${EMPTY}/unfollow`)).body).toEqual({ followed: false });
    expect((await ciObjects()).follows).toEqual([]);

    // Following again after an unfollow does not make another first job.
    expect((await ci("POST", `${EMPTY}/follow`)).body).toEqual({ followed: true, first_build: null });
    expect((await ci<Job[]>("GET", EMPTY)).body).toHaveLength(1);
  });

  it("answers 404 for an unknown project and 400 for an unknown vcs type", async () => {
    for (const [method, path] of [
      ["POST", `${BASE}/project/vcs-a/acme/nope/follow`],
      ["GET", `${BASE}/project/vcs-a/acme/nope`],
      ["GET", `${BASE}/project/vcs-b/acme/monorepo/1`],
    ] as const) {
      const result = await ci(method, path);
      expect([method, path, result.status, result.body]).toEqual([method, path, 404, { message: "Project not found" }]);
    }
    const vcs = await ci("GET", `${BASE}/project/github/acme/monorepo`);
    expect(vcs.status).toBe(400);
    expect(vcs.body).toEqual({ message: "Unknown vcs-type 'github': expected one of vcs-a, vcs-b" });
  });

  it("matches organisation and project names case-insensitively", async () => {
    expect((await ci("GET", `${BASE}/project/vcs-a/ACME/MonoRepo/1`)).status).toBe(200);
  });
});

describe("job listings", () => {
  it("pages through the 130 jobs, newest first", async () => {
    const first = await ci<Job[]>("GET", `${BIG}?limit=100`);
    expect(first.status).toBe(200);
    expect(first.body.map((job) => job.build_num)).toEqual(Array.from({ length: 100 }, (_, index) => 130 - index));
    const second = await ci<Job[]>("GET", `${BIG}?limit=100&offset=100`);
    expect(second.body.map((job) => job.build_num)).toEqual(Array.from({ length: 30 }, (_, index) => 30 - index));
    expect((await ci<Job[]>("GET", `${BIG}?limit=100&offset=130`)).body).toEqual([]);

    const byDefault = await ci<Job[]>("GET", BIG);
    expect(byDefault.body).toHaveLength(30);
    expect(byDefault.body[0]?.build_num).toBe(130);
  });

  it("refuses a limit above 100 and other bad paging values with 400", async () => {
    const tooMany = await ci("GET", `${BIG}?limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: "limit must be an integer from 1 to 100, got '101'" });
    for (const query of ["limit=0", "limit=ten", "offset=-1", "filter=green"]) {
      expect([query, (await ci("GET", `${BIG}?${query}`)).status]).toEqual([query, 400]);
    }
    expect((await ci("GET", `${BASE}/recent-builds?limit=101`)).status).toBe(400);
  });

  it("carries the summary fields, and leaves the commit details out when shallow", async () => {
    const [job] = (await ci<Job[]>("GET", `${BIG}?limit=1&offset=5`)).body;
    for (const field of [
      "vcs_url",
      "build_url",
      "build_num",
      "branch",
      "vcs_revision",
      "vcs_tag",
      "committer_name",
      "committer_email",
      "author_name",
      "author_email",
      "author_date",
      "committer_date",
      "subject",
      "body",
      "why",
      "dont_build",
      "queued_at",
      "usage_queued_at",
      "start_time",
      "stop_time",
      "build_time_millis",
      "username",
      "reponame",
      "lifecycle",
      "outcome",
      "status",
      "retry_of",
      "previous",
    ]) {
      expect(job).toHaveProperty(field);
    }
    expect(job?.vcs_revision).toMatch(/^[0-9a-f]{40}$/);
    const [shallow] = (await ci<Job[]>("GET", `${BIG}?limit=1&offset=5&shallow=true`)).body;
    expect(shallow).not.toHaveProperty("subject");
    expect(shallow).not.toHaveProperty("author_name");
    expect(shallow?.build_num).toBe(job?.build_num);
  });

  it("filters by state", async () => {
    const completed = await allJobs(BIG, "&filter=completed");
    expect(completed).toHaveLength(129);
    expect(completed.every((job) => job.lifecycle === "finished")).toBe(true);
    const successful = await allJobs(BIG, "&filter=successful");
    expect(successful.length).toBeGreaterThan(50);
    expect(successful.every((job) => job.outcome === "success")).toBe(true);
    const failed = await allJobs(BIG, "&filter=failed");
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.every((job) => ["failed", "timedout", "infrastructure_fail"].includes(job.outcome ?? ""))).toBe(true);
    const running = await allJobs(BIG, "&filter=running");
    expect(running.map((job) => job.build_num)).toEqual([130]);
    expect(successful.length + failed.length).toBeLessThanOrEqual(completed.length);
  });

  it("restricts to a branch with /tree/{branch} (URL-encoded)", async () => {
    const jobs = await allJobs(`${BIG}/tree/${encodeURIComponent("feature/search")}`);
    expect(jobs.length).toBeGreaterThan(5);
    expect(jobs.every((job) => job.branch === "feature/search")).toBe(true);
    const numbers = jobs.map((job) => job.build_num);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
  });

  it("lists recent jobs across projects, most recent first", async () => {
    const triggered = await ci<Job>("POST", `${BASE}/project/vcs-b/acme/mobile-app`);
    const recent = await ci<Job[]>("GET", `${BASE}/recent-builds?limit=3`);
    expect(recent.status).toBe(200);
    expect(recent.body).toHaveLength(3);
    expect(recent.body[0]).toEqual(expect.objectContaining({ reponame: "mobile-app", build_num: triggered.body.build_num }));
    const all = await allJobs(`${BASE}/recent-builds`);
    expect(all).toHaveLength(130 + 12 + 8 + 6 + 4 + 1);
  });

  it("returns one job in full, with steps, artifacts and tests", async () => {
    const job = await ci<Job>("GET", `${BIG}/1`);
    expect(job.status).toBe(200);
    expect(job.body.steps?.length).toBeGreaterThan(0);
    expect(job.body.steps?.[0]?.actions[0]).toEqual(
      expect.objectContaining({ name: "Spin up environment", type: "infrastructure", index: 0, step: 0, status: "success" }),
    );
    const fullFields = ["canceled", "failed", "parallel", "ssh_users", "oss", "user", "workflows", "all_commit_details", "vcs_type"];
    for (const field of [...fullFields, "previous_successful_build"]) {
      expect(job.body).toHaveProperty(field);
    }
    // The same every reset: the seed is deterministic.
    await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
    expect((await ci<Job>("GET", `${BIG}/1`)).text).toBe(job.text);

    const successful = (await ci<Job[]>("GET", `${BIG}?filter=successful&limit=1`)).body[0]!;
    const artifacts = await ci<Array<{ path: string; pretty_path: string; node_index: number; url: string }>>(
      "GET",
      `${BIG}/${successful.build_num}/artifacts`,
    );
    expect(artifacts.body.length).toBeGreaterThan(0);
    expect(artifacts.body[0]).toEqual({
      path: expect.any(String),
      pretty_path: expect.any(String),
      node_index: 0,
      url: expect.stringMatching(/^https:\/\//),
    });
    const tests = await ci<{ tests: Array<Record<string, unknown>> }>("GET", `${BIG}/${successful.build_num}/tests`);
    expect(tests.body.tests.length).toBeGreaterThan(0);
    expect(Object.keys(tests.body.tests[0]!).sort()).toEqual(["classname", "file", "message", "name", "result", "run_time", "source"]);

    expect((await ci("GET", `${BIG}/131`)).body).toEqual({ message: "Build not found" });
    expect((await ci("GET", `${BIG}/0/artifacts`)).status).toBe(404);
  });
});
