/**
 * Form posts on the CI API: what curl (`-d`), HTTP libraries and the
 * service's own examples send. A POST with a form content type and no body
 * (follow, retry, cancel as many clients send them) is a POST without a
 * body; a form body is read as the request's fields (`a[b]=c` nests).
 */
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";
import { httpRequest, ZONES } from "./helpers";

const TOKEN = "ci-form-personal";
const BIG = "/api/v1.1/project/vcs-a/acme/monorepo";
const API_SERVICE = "/api/v1.1/project/vcs-a/acme/api-service";
const FORM = "application/x-www-form-urlencoded";

let emulator: Emulator;
let baseUrl: string;

beforeAll(async () => {
  emulator = createEmulator({ tokens: ["dns-token"], ci: { personalTokens: [TOKEN] } });
  baseUrl = await emulator.listen(0);
});
afterAll(() => emulator.close());
beforeEach(async () => {
  await fetch(`${baseUrl}/_emulator/reset`, { method: "POST" });
});

interface Job {
  build_num: number;
  branch: string;
  lifecycle: string;
  status: string;
  why: string;
  retry_of: number | null;
  parallel?: number;
  build_parameters?: Record<string, string> | null;
  vcs_revision: string;
}

/** A POST with a form content type: `form` undefined sends no body at all. */
async function formPost<Body>(path: string, form?: string): Promise<{ status: number; body: Body; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "ci-token": TOKEN, accept: "application/json", "content-type": FORM },
    ...(form !== undefined ? { body: form } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: (text === "" ? undefined : JSON.parse(text)) as Body };
}

describe("CI form posts without a body", () => {
  it("follows a project", async () => {
    const follow = await formPost<{ followed: boolean; first_build: Job | null }>(`${BIG}/follow`);
    expect(follow.status).toBe(200);
    expect(follow.body.followed).toBe(true);
    expect(follow.body.first_build).toEqual(expect.objectContaining({ why: "first-build", lifecycle: "not_running" }));
    const objects = (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as { ci: { follows: unknown[] } };
    expect(objects.ci.follows).toEqual([{ login: "emulator-user", project: "vcs-a/acme/monorepo" }]);
  });

  it("retries a job", async () => {
    const retried = await formPost<Job>(`${BIG}/120/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(expect.objectContaining({ retry_of: 120, why: "retry", lifecycle: "queued" }));
  });

  it("cancels a job", async () => {
    const canceled = await formPost<Job>(`${BIG}/130/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual(expect.objectContaining({ build_num: 130, lifecycle: "finished", status: "canceled" }));
  });
});

describe("CI form bodies", () => {
  it("triggers a job with the fields of a form, build parameters nested as a[b]=c", async () => {
    const form = new URLSearchParams({ "build_parameters[DEPLOY]": "false", "build_parameters[REGION]": "eu", parallel: "2", job: "deploy" });
    const job = await formPost<Job>(API_SERVICE, form.toString());
    expect(job.status).toBe(201);
    expect(job.body).toEqual(expect.objectContaining({ why: "api", parallel: 2, build_parameters: { DEPLOY: "false", REGION: "eu" }, job_name: "deploy" }));
  });

  it("triggers a job on a branch from a form sent by fetch (URLSearchParams, with a charset)", async () => {
    const response = await fetch(`${baseUrl}${API_SERVICE}/tree/main`, {
      method: "POST",
      headers: { "ci-token": TOKEN, accept: "application/json" },
      body: new URLSearchParams({ revision: "b".repeat(40) }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual(expect.objectContaining({ branch: "main", vcs_revision: "b".repeat(40) }));
  });

  it("keeps the body rules: unknown fields and revision with tag are 400", async () => {
    expect(await formPost(API_SERVICE, "colour=blue")).toEqual(expect.objectContaining({ status: 400, body: { message: "Unknown field 'colour'" } }));
    const both = await formPost<{ message: string }>(API_SERVICE, `revision=${"c".repeat(40)}&tag=v1`);
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/revision and tag/);
    expect((await formPost(API_SERVICE, "parallel=two")).status).toBe(400);
  });

  it("still answers 415 to a form on a Google-style API", async () => {
    const result = await httpRequest(baseUrl, "POST", ZONES, { token: "dns-token", headers: { "content-type": FORM } });
    expect(result.status).toBe(415);
    expect(result.body).toEqual({
      error: expect.objectContaining({ code: 415, message: "Unsupported Media Type: application/x-www-form-urlencoded" }),
    });
  });
});
