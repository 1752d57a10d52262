/**
 * The CI API v1.1 over real HTTP: the three token forms, token kinds, the
 * Accept-driven formats (EDN, compact and pretty JSON), projects and
 * follows, job listings and paging, and the job transitions.
 */
import http from "node:http";
import { toEdn } from "../../emulator/apis/ci/edn";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";

const PERSONAL = "ci-personal-1";
const OTHER_PERSONAL = "ci-personal-2";
const PROJECT_TOKEN = "ci-project-api";
const BASE = "/api/v1.1";
const BIG = `${BASE}/project/vcs-a/acme/monorepo`;
const API_SERVICE = `${BASE}/project/vcs-a/acme/api-service`;
const OPEN = `${BASE}/project/vcs-a/open-tools/widget-kit`;
const EMPTY = `${BASE}/project/vcs-b/acme/docs-site`;

interface CiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: Body;
}

interface CiRequestOptions {
  /** `null`: no token at all. */
  token?: string | null;
  auth?: "header" | "basic" | "query";
  /** Default `application/json`. */
  accept?: string;
  body?: unknown;
}

interface Job {
  build_num: number;
  branch: string;
  lifecycle: string;
  status: string;
  outcome: string | null;
  why: string;
  retry_of: number | null;
  canceled?: boolean;
  retries?: number[] | null;
  ssh_enabled?: boolean;
  ssh_users?: Array<{ login: string }>;
  build_parameters?: Record<string, string> | null;
  vcs_tag: string | null;
  vcs_revision: string;
  steps?: Array<{ name: string; actions: Array<{ status: string }> }>;
  subject?: string | null;
  [field: string]: unknown;
}

let emulator: Emulator;
let baseUrl: string;

beforeAll(async () => {
  emulator = createEmulator({
    ci: { personalTokens: [PERSONAL, OTHER_PERSONAL], projectTokens: { [PROJECT_TOKEN]: "vcs-a/acme/api-service" } },
  });
  baseUrl = await emulator.listen(0);
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
});

async function ci<Body = unknown>(method: string, path: string, options: CiRequestOptions = {}): Promise<CiResponse<Body>> {
  const { token = PERSONAL, auth = "header", accept = "application/json", body } = options;
  const headers: Record<string, string> = { accept };
  let url = `${baseUrl}${path}`;
  if (token !== null) {
    if (auth === "header") headers["ci-token"] = token;
    if (auth === "basic") headers.authorization = `Basic ${Buffer.from(`${token}:`).toString("base64")}`;
    if (auth === "query") url += `${url.includes("?") ? "&" : "?"}ci-token=${encodeURIComponent(token)}`;
  }
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.startsWith("application/json") === true;
  return { status: response.status, headers: response.headers, text, body: (isJson && text !== "" ? JSON.parse(text) : undefined) as Body };
}

/** A GET without any Accept header (fetch always sends one). */
function getWithoutAccept(path: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method: "GET", headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, contentType: response.headers["content-type"], text }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function ciObjects(): Promise<{ follows: unknown[] }> {
  const objects = (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as { ci: { follows: unknown[] } };
  return objects.ci;
}

async function allJobs(path: string, query = ""): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await ci<Job[]>("GET", `${path}?limit=100&offset=${offset}${query}`);
    expect(page.status).toBe(200);
    jobs.push(...page.body);
    if (page.body.length < 100) return jobs;
  }
}

describe("authentication", () => {
  it.each(["header", "basic", "query"] as const)("accepts a personal token in the %s form", async (auth) => {
    const me = await ci<{ login: string }>("GET", `${BASE}/me`, { auth });
    expect(me.status).toBe(200);
    expect(me.body.login).toBe("emulator-user");
  });

  it.each(["header", "basic", "query"] as const)("answers 401 for an unknown token in the %s form", async (auth) => {
    const result = await ci("GET", `${BASE}/projects`, { auth, token: "not-a-token" });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: "You must log in first." });
  });

  it("answers 401 without a token", async () => {
    for (const path of [`${BASE}/me`, `${BASE}/projects`, `${BASE}/recent-builds`, BIG, `${BIG}/3`]) {
      const result = await ci("GET", path, { token: null });
      expect([path, result.status, result.body]).toEqual([path, 401, { message: "You must log in first." }]);
    }
  });

  it("never records the query token", async () => {
    await ci("GET", `${BASE}/me`, { auth: "query" });
    const log = await (await fetch(`${baseUrl}/_emulator/requests?pathPrefix=${BASE}/me`)).json();
    expect(JSON.stringify(log)).not.toContain(PERSONAL);
    expect(log).toEqual({ requests: [expect.objectContaining({ query: { "ci-token": "[REDACTED]" }, status: 200 })] });
  });

  it("refuses a project token where a personal token is required", async () => {
    const personalOnly: Array<[string, string, unknown]> = [
      ["GET", `${BASE}/me`, undefined],
      ["POST", `${API_SERVICE}/build`, {}],
      ["POST", `${API_SERVICE}/checkout-key`, { type: "deploy-key" }],
      ["POST", `${API_SERVICE}/follow`, undefined],
    ];
    for (const [method, path, body] of personalOnly) {
      const result = await ci(method, path, { token: PROJECT_TOKEN, body });
      expect([method, path, result.status, result.body]).toEqual([method, path, 403, { message: "This endpoint requires a personal API token." }]);
    }
  });

  it("lets a project token work for its own project only", async () => {
    expect((await ci("GET", API_SERVICE, { token: PROJECT_TOKEN })).status).toBe(200);
    expect((await ci("POST", `${API_SERVICE}/3/retry`, { token: PROJECT_TOKEN })).status).toBe(200);
    const other = await ci("GET", BIG, { token: PROJECT_TOKEN });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: "Project not found" });

    const projects = await ci<Array<{ reponame: string; followed: boolean }>>("GET", `${BASE}/projects`, { token: PROJECT_TOKEN });
    expect(projects.body.map((project) => project.reponame)).toEqual(["api-service"]);
    expect(projects.body[0]?.followed).toBe(false);
    const recent = await ci<Job[]>("GET", `${BASE}/recent-builds?limit=100`, { token: PROJECT_TOKEN });
    // 12 seeded jobs and the retry above.
    expect(recent.body).toHaveLength(13);
    expect(new Set(recent.body.map((job) => job.reponame))).toEqual(new Set(["api-service"]));
  });

  it("accepts any non-empty token as the default user when no CI token is configured", async () => {
    const open = createEmulator();
    const url = await open.listen(0);
    try {
      const me = await fetch(`${url}${BASE}/me`, { headers: { "ci-token": "anything-at-all", accept: "application/json" } });
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual(expect.objectContaining({ login: "emulator-user", user_key_fingerprint: null }));
      expect((await fetch(`${url}${BASE}/me`, { headers: { accept: "application/json" } })).status).toBe(401);
    } finally {
      await open.close();
    }
  });

  it("opens the read-only endpoints of an open-access project without a token, and nothing else", async () => {
    const list = await ci<Job[]>("GET", OPEN, { token: null });
    expect(list.status).toBe(200);
    expect(list.body.map((job) => job.build_num)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const job = await ci<Job>("GET", `${OPEN}/2`, { token: null });
    expect(job.status).toBe(200);
    expect(job.body.oss).toBe(true);
    expect((await ci("GET", `${OPEN}/2/artifacts`, { token: null })).status).toBe(200);
    expect((await ci("GET", `${OPEN}/2/tests`, { token: null })).status).toBe(200);
    expect((await ci("GET", `${OPEN}/tree/main`, { token: null })).status).toBe(200);

    for (const [method, path] of [
      ["POST", `${OPEN}/2/retry`],
      ["POST", OPEN],
      ["GET", `${OPEN}/checkout-key`],
      ["POST", `${OPEN}/follow`],
      // Open source without open access stays closed.
      ["GET", `${BASE}/project/vcs-b/community/plugin-hub`],
    ] as const) {
      const result = await ci(method, path, { token: null });
      expect([method, path, result.status]).toEqual([method, path, 401]);
    }
  });
});

describe("response formats", () => {
  const ME_EDN =
    '{:login "emulator-user", :name "Emulator User", :basic_email_prefs "smart", :admin false, ' +
    ':user_key_fingerprint nil, :days_left_in_trial 14, :trial_end "2099-12-31T23:59:59.000Z"}';

  it("answers EDN without an Accept header", async () => {
    const result = await getWithoutAccept(`${BASE}/me`, { "ci-token": PERSONAL });
    expect(result.status).toBe(200);
    expect(result.contentType).toMatch(/^application\/edn/);
    expect(result.text).toBe(ME_EDN);
  });

  it("answers EDN for an empty Accept header, errors included", async () => {
    expect((await ci("GET", `${BASE}/me`, { accept: "" })).text).toBe(ME_EDN);
    const error = await ci("GET", `${BASE}/me`, { accept: "", token: null });
    expect(error.status).toBe(401);
    expect(error.headers.get("content-type")).toMatch(/^application\/edn/);
    expect(error.text).toBe('{:message "You must log in first."}');
  });

  it("writes vectors, nested maps, nil and string keys where a keyword cannot stand", async () => {
    const artifacts = await ci("GET", `${OPEN}/2/artifacts`, { accept: "" });
    expect(artifacts.text).toMatch(/^\[\{:path "coverage\/index.html", :pretty_path "coverage\/index.html", :node_index 0, :url "https:\/\/[^"]+"\} \{:path /);
    const followed = await ci("POST", `${EMPTY}/follow`, { accept: "" });
    expect(followed.text).toMatch(/^\{:followed true, :first_build \{:vcs_url "https:\/\/vcs-b\.example\.test\/acme\/docs-site", /);
    expect(followed.text).toContain(":retries nil");
    expect(followed.text).toContain(":steps []");
    const projects = await ci("GET", `${BASE}/projects`, { accept: "" });
    expect(projects.text).toContain('"feature/search" {:pusher_logins [');
    expect(projects.text).toContain(":branches {:main {:pusher_logins [");
  });

  it("answers compact JSON for application/json", async () => {
    const result = await ci("GET", `${BASE}/me`, { accept: "application/json" });
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.text).toBe(JSON.stringify(result.body));
    expect(result.text).not.toContain("\n");
  });

  it.each(["text/plain", "*/*", "application/xml"])("answers pretty JSON for Accept: %s, errors included", async (accept) => {
    const result = await ci("GET", `${BASE}/me`, { accept });
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.text).toBe(
      [
        "{",
        '  "login" : "emulator-user",',
        '  "name" : "Emulator User",',
        '  "basic_email_prefs" : "smart",',
        '  "admin" : false,',
        '  "user_key_fingerprint" : null,',
        '  "days_left_in_trial" : 14,',
        '  "trial_end" : "2099-12-31T23:59:59.000Z"',
        "}",
      ].join("\n"),
    );
    const error = await ci("GET", `${BIG}/9999`, { accept });
    expect(error.status).toBe(404);
    expect(error.text).toBe('{\n  "message" : "Build not found"\n}');
  });
});

describe("the EDN writer", () => {
  it("writes maps with keyword keys, vectors, strings, numbers, booleans and nil", () => {
    expect(toEdn({ a: 1, b_c: [1, 2.5, -3], d: { e: null, f: true, g: false }, h: [], i: {}, skipped: undefined })).toBe(
      "{:a 1, :b_c [1 2.5 -3], :d {:e nil, :f true, :g false}, :h [], :i {}}",
    );
  });

  it("escapes strings and writes keys that are not keywords as strings", () => {
    expect(toEdn({ "feature/x": 1, "1st": 2, "has space": 3, "ok-key?": 4 })).toBe('{"feature/x" 1, "1st" 2, "has space" 3, :ok-key? 4}');
    expect(toEdn('say "hi"\n\tback\\slash\u0001')).toBe('"say \\"hi\\"\\n\\tback\\\\slash\\u0001"');
    expect(toEdn(Number.NaN)).toBe("nil");
  });
});

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

describe("job transitions", () => {
  it("retries a job as a new queued job", async () => {
    const retried = await ci<Job>("POST", `${BIG}/120/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(
      expect.objectContaining({
        build_num: 131,
        lifecycle: "queued",
        status: "queued",
        outcome: null,
        retry_of: 120,
        why: "retry",
        ssh_enabled: false,
      }),
    );
    const original = await ci<Job>("GET", `${BIG}/120`);
    expect(retried.body.vcs_revision).toBe(original.body.vcs_revision);
    expect(original.body.retries).toEqual([131]);

    const withSsh = await ci<Job>("POST", `${BIG}/120/ssh`);
    expect(withSsh.body).toEqual(
      expect.objectContaining({ build_num: 132, retry_of: 120, why: "retry", ssh_enabled: true, ssh_users: [{ login: "emulator-user" }] }),
    );
    expect((await ci("POST", `${BIG}/999/retry`)).status).toBe(404);
  });

  it("cancels a running job, and a queued one without changing its lifecycle", async () => {
    const running = await ci<Job>("POST", `${BIG}/130/cancel`);
    expect(running.status).toBe(200);
    expect(running.body).toEqual(expect.objectContaining({ lifecycle: "finished", outcome: "canceled", status: "canceled", canceled: true }));
    expect(running.body.stop_time).toEqual(expect.any(String));
    expect(running.body.steps?.at(-1)?.actions[0]?.status).toBe("canceled");
    expect(await allJobs(BIG, "&filter=running")).toEqual([]);

    const queued = (await ci<Job>("POST", `${BIG}/12/retry`)).body;
    const canceled = await ci<Job>("POST", `${BIG}/${queued.build_num}/cancel`);
    expect(canceled.body).toEqual(expect.objectContaining({ lifecycle: "queued", outcome: "canceled", status: "canceled", canceled: true }));

    // A finished job is answered unchanged.
    const finished = await ci<Job>("GET", `${BIG}/1`);
    expect((await ci<Job>("POST", `${BIG}/1/cancel`)).text).toBe(finished.text);
  });

  it("triggers a job on the default branch or on a branch", async () => {
    const job = await ci<Job>("POST", API_SERVICE, { body: { build_parameters: { DEPLOY: "false" }, parallel: 2 } });
    expect(job.status).toBe(201);
    expect(job.body).toEqual(
      expect.objectContaining({
        build_num: 13,
        branch: "main",
        lifecycle: "not_running",
        status: "not_running",
        outcome: null,
        why: "api",
        parallel: 2,
        build_parameters: { DEPLOY: "false" },
        job_name: "build",
      }),
    );
    const previous = job.body.previous as { build_num: number; status: string; build_time_millis: number | null };
    expect(previous).toEqual({ build_num: expect.any(Number), status: expect.any(String), build_time_millis: expect.anything() });

    const tagged = await ci<Job>("POST", API_SERVICE, { body: { tag: "v1.2.0" } });
    expect(tagged.body.vcs_tag).toBe("v1.2.0");

    const onBranch = await ci<Job>("POST", `${API_SERVICE}/tree/${encodeURIComponent("feature/rate-limits")}`, {
      body: { revision: "a".repeat(40) },
    });
    expect(onBranch.status).toBe(201);
    expect(onBranch.body).toEqual(
      expect.objectContaining({ build_num: 15, branch: "feature/rate-limits", vcs_revision: "a".repeat(40), lifecycle: "not_running" }),
    );
    expect((await ci<Job[]>("GET", `${API_SERVICE}?limit=3`)).body.map((listed) => listed.build_num)).toEqual([15, 14, 13]);
  });

  it("validates trigger bodies", async () => {
    const both = await ci("POST", API_SERVICE, { body: { revision: "abc", tag: "v1" } });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ message: "revision and tag cannot both be specified" });
    const unknown = await ci("POST", `${API_SERVICE}/tree/main`, { body: { tag: "v1" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: "Unknown field 'tag'" });
    const badParameters = await ci("POST", API_SERVICE, { body: { build_parameters: { N: 1 } } });
    expect(badParameters.status).toBe(400);
    expect((await ci("POST", API_SERVICE, { body: { parallel: 0 } })).status).toBe(400);
    // Nothing was created by the refused requests.
    expect((await ci<Job[]>("GET", `${API_SERVICE}?limit=1`)).body[0]?.build_num).toBe(12);
  });

  it("triggers a pipeline with a personal token", async () => {
    const created = await ci("POST", `${API_SERVICE}/build`, { body: { branch: "feature/rate-limits" } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ status: 200, body: "Build created" });
    const [job] = (await ci<Job[]>("GET", `${API_SERVICE}?limit=1`)).body;
    expect(job).toEqual(expect.objectContaining({ build_num: 13, branch: "feature/rate-limits", why: "vcs-a", lifecycle: "not_running" }));

    expect((await ci("POST", `${API_SERVICE}/build`)).status).toBe(200);
    const branchAndTag = await ci("POST", `${API_SERVICE}/build`, { body: { branch: "main", tag: "v1" } });
    expect(branchAndTag.status).toBe(400);
    expect(branchAndTag.body).toEqual({ message: "branch and tag cannot both be specified" });
    const tagAndRevision = await ci("POST", `${API_SERVICE}/build`, { body: { tag: "v1", revision: "abc" } });
    expect(tagAndRevision.status).toBe(400);
    expect(tagAndRevision.body).toEqual({ message: "tag and revision cannot both be specified" });
  });

  it("adds the calling user to the SSH users of a job", async () => {
    const job = await ci<Job>("POST", `${BIG}/5/ssh-users`);
    expect(job.status).toBe(200);
    expect(job.body.ssh_users).toEqual([{ login: "emulator-user" }]);
    expect((await ci<Job>("POST", `${BIG}/5/ssh-users`, { body: {} })).body.ssh_users).toEqual([{ login: "emulator-user" }]);
    expect((await ci("POST", `${BIG}/5/ssh-users`, { token: PROJECT_TOKEN })).status).toBe(403);
  });

  it("is restored by /_emulator/reset", async () => {
    await ci("POST", `${BIG}/130/cancel`);
    await ci("POST", `${BIG}/1/retry`);
    await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
    const [newest] = (await ci<Job[]>("GET", `${BIG}?limit=1`)).body;
    expect(newest).toEqual(expect.objectContaining({ build_num: 130, lifecycle: "running" }));
  });
});
