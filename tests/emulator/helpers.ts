/** Starts an emulator on a free port and talks to it over real HTTP with Node's fetch. */
import type { ManagedZone } from "../../emulator/apis/dns/resources";
import type { EmulatorOptions } from "../../emulator/server";
import { createEmulator } from "../../emulator/server";
import { existsSync } from "node:fs";
import * as path from "node:path";

export const TOKEN = "test-token-7d41";
export const PROJECT = "test-project";
export const ZONES = `/dns/v1/projects/${PROJECT}/managedZones`;

export interface HttpResult<Body = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or `undefined` for an empty body. */
  body: Body;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** `null` sends no Authorization header. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestEmulator {
  baseUrl: string;
  request<Body = unknown>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<Body>>;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = createEmulator(options);
  const baseUrl = await emulator.listen(0);
  return {
    baseUrl,
    request: (method, path, requestOptions = {}) => httpRequest(baseUrl, method, path, requestOptions),
    close: () => emulator.close(),
  };
}

export async function httpRequest<Body = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  { body, token = TOKEN, headers = {} }: RequestOptions = {},
): Promise<HttpResult<Body>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token !== null ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const parsed = (text === "" ? undefined : JSON.parse(text)) as Body;
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    errors: Array<{ message: string; domain: string; reason: string; location?: string; locationType?: string }>;
  };
}

/** Google's legacy error envelope with one error item. */
export function googleError(code: number, reason: string, message: string | RegExp) {
  const expectedMessage = typeof message === "string" ? message : expect.stringMatching(message);
  return {
    error: {
      code,
      message: expectedMessage,
      errors: [expect.objectContaining({ domain: expect.any(String), reason, message: expect.any(String) })],
    },
  };
}

export async function createZone(emulator: TestEmulator, name: string, dnsName: string, extra: Record<string, unknown> = {}): Promise<HttpResult<ManagedZone>> {
  const result = await emulator.request<ManagedZone>("POST", ZONES, { body: { name, dnsName, description: `zone ${name}`, ...extra } });
  if (result.status !== 200) throw new Error(`creating zone ${name}: ${result.status} ${result.text}`);
  return result;
}

export function rrset(name: string, type: string, ttl: number, ...rrdatas: string[]) {
  return { name, type, ttl, rrdatas };
}

/** The built bin (`npm run build`, which npm test runs first): the tests run what the package ships, and never write dist/ under other tests. */
export function builtEmulatorCli(): string {
  const cli = path.resolve(__dirname, "..", "..", "dist", "emulator", "cli.js");
  if (!existsSync(cli)) throw new Error("dist/emulator/cli.js is not built: run `npm run build` (npm test does) before the emulator's CLI tests");
  return cli;
}
