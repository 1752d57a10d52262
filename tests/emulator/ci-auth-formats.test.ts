/** The CI API v1.1 over real HTTP: the three token forms, token kinds, and the Accept-driven formats (EDN, compact and pretty JSON). */
import { toEdn } from "../../emulator/apis/ci/edn";
import { createEmulator } from "../../emulator/server";
import { PERSONAL, PROJECT_TOKEN, BASE, BIG, API_SERVICE, OPEN, EMPTY, Job, baseUrl, ci, getWithoutAccept } from "./ci-harness";

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
