/** The CI API v1.1 over real HTTP: the job transitions (cancel, retry, SSH re-runs, triggers). */
import { PROJECT_TOKEN, BIG, API_SERVICE, Job, baseUrl, ci, allJobs } from "./ci-harness";

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
