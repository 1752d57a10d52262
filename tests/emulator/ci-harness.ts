/** The CI API tests' shared set-up: an emulator with personal and project tokens, reset before each test, and a client speaking its three token forms. */
import http from "node:http";
import type { Emulator } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";

export const PERSONAL = "ci-personal-1";
export const OTHER_PERSONAL = "ci-personal-2";
export const PROJECT_TOKEN = "ci-project-api";
export const BASE = "/api/v1.1";
export const BIG = `${BASE}/project/vcs-a/acme/monorepo`;
export const API_SERVICE = `${BASE}/project/vcs-a/acme/api-service`;
export const OPEN = `${BASE}/project/vcs-a/open-tools/widget-kit`;
export const EMPTY = `${BASE}/project/vcs-b/acme/docs-site`;

export interface CiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: Body;
}

export interface CiRequestOptions {
  /** `null`: no token at all. */
  token?: string | null;
  auth?: "header" | "basic" | "query";
  /** Default `application/json`. */
  accept?: string;
  body?: unknown;
}

export interface Job {
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

export let emulator: Emulator;
export let baseUrl: string;

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

export async function ci<Body = unknown>(method: string, path: string, options: CiRequestOptions = {}): Promise<CiResponse<Body>> {
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
export function getWithoutAccept(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; contentType: string | undefined; text: string }> {
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

export async function ciObjects(): Promise<{ follows: unknown[] }> {
  const objects = (await (await fetch(`${baseUrl}/_emulator/objects`)).json()) as { ci: { follows: unknown[] } };
  return objects.ci;
}

export async function allJobs(path: string, query = ""): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await ci<Job[]>("GET", `${path}?limit=100&offset=${offset}${query}`);
    expect(page.status).toBe(200);
    jobs.push(...page.body);
    if (page.body.length < 100) return jobs;
  }
}
