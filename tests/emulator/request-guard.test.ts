/**
 * The request guard (emulator/request-guard.ts): a write a web page of another origin sends (a
 * "simple" cross-site POST, `Sec-Fetch-Site: cross-site` or `same-site`) and any request naming a
 * host that is not the emulator's (DNS rebinding) are refused with a 403 that says why, for every
 * mutating internal and console endpoint and the APIs' own, and nothing changes: the data folder
 * on disk, the objects, faults, speed and service accounts are as before. Requests with no Origin
 * (curl, SDKs, tests), the console's own same-origin requests and the names the emulator answers to
 * still work.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { apis } from "../../emulator/apis";
import { parseCommandLine } from "../../emulator/command-line";
import { createEmulator, type Emulator } from "../../emulator/server";

const TOKEN = "guard-token-5e2d91";
const ZONES = "/dns/v1/projects/guard-project/managedZones";
let folder: string;
let emulator: Emulator;
let base: URL;

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** A request with exactly these headers (fetch would not let a test set Host). */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: target,
        headers: { ...(body !== undefined && { "content-length": Buffer.byteLength(body) }), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Every route the emulator serves with its methods, read from fastify's route tree (full paths). */
function routes(app: Emulator["app"]): Array<{ path: string; methods: string[] }> {
  const found: Array<{ path: string; methods: string[] }> = [];
  const trail: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? "").length / 4;
    trail.length = depth;
    trail.push(match[2] ?? "");
    found.push({ path: trail.join(""), methods: (match[3] ?? "").split(", ") });
  }
  return found;
}

/** What must not change: the data folder's files, and what the internal endpoints say. */
async function snapshot(): Promise<Record<string, string>> {
  const files = Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), "utf8")]));
  const said: Record<string, string> = {};
  for (const endpoint of ["/_emulator/objects", "/_emulator/faults", "/_emulator/speed", "/_emulator/tokens/stats", "/_ui/controls"]) {
    said[endpoint] = (await send("GET", endpoint)).body;
  }
  return { ...files, ...said };
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "svc-guard-"));
  emulator = createEmulator({ tokens: [TOKEN], dataDir: folder, allowedHosts: ["emulator"] });
  base = new URL(await emulator.listen(0));
  const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
  expect((await send("POST", ZONES, auth, JSON.stringify({ name: "kept", dnsName: "kept.example.", description: "" }))).status).toBe(200);
  expect((await send("POST", "/_emulator/speed", { "content-type": "application/json" }, JSON.stringify({ latencyMs: 1 }))).status).toBe(200);
});

afterAll(async () => {
  await emulator.close();
  rmSync(folder, { recursive: true, force: true });
});

const refusals: Array<[string, (own: string) => Record<string, string>, RegExp]> = [
  [
    "a simple cross-site POST (another Origin, text/plain)",
    () => ({ origin: "http://evil.example", "content-type": "text/plain" }),
    /another origin \(Origin http:\/\/evil\.example/,
  ],
  ["Sec-Fetch-Site: cross-site", () => ({ "sec-fetch-site": "cross-site" }), /Sec-Fetch-Site: cross-site/],
  ["a page of the same site on another port", () => ({ "sec-fetch-site": "same-site", origin: "http://localhost:3000" }), /Sec-Fetch-Site: same-site/],
  ["an opaque origin (a sandboxed frame, a file)", () => ({ origin: "null" }), /Origin null/],
  [
    "a name that resolves to 127.0.0.1 (DNS rebinding)",
    (own) => ({ host: `rebind.evil.example:${own}`, origin: `http://rebind.evil.example:${own}` }),
    /answers only to its own addresses/,
  ],
];

it("refuses every mutating internal and console endpoint from another origin or host, and changes nothing", async () => {
  const all = routes(emulator.app);
  const mutating = all
    .filter((route) => route.path.startsWith("/_emulator") || route.path.startsWith("/_ui"))
    .flatMap((route) => route.methods.filter((method) => !["GET", "HEAD"].includes(method)).map((method) => ({ method, path: route.path })));
  // The console changes state only through the internal endpoints: it has no write of its own.
  expect(mutating.filter((route) => route.path.startsWith("/_ui"))).toEqual([]);
  expect(mutating.map((route) => `${route.method} ${route.path}`).sort()).toEqual(
    expect.arrayContaining(["POST /_emulator/reset", "POST /_emulator/faults", "DELETE /_emulator/faults", "POST /_emulator/speed", "DELETE /_emulator/speed"]),
  );
  const before = await snapshot();
  for (const route of mutating) {
    for (const [what, headers, says] of refusals) {
      const answer = await send(route.method, route.path, headers(base.port), "{}");
      expect({ route, what, status: answer.status }).toEqual({ route, what, status: 403 });
      expect(JSON.parse(answer.body)).toEqual({ error: expect.objectContaining({ code: 403, message: expect.stringMatching(says) }) });
    }
  }
  // Read again, the guard's refusals included: nothing was recorded, reset, configured or saved.
  expect(await snapshot()).toEqual(before);
});

it("guards the APIs' own routes the same way: a token does not stop a page when any token is accepted", async () => {
  const before = await snapshot();
  const refused = await send("POST", `${ZONES}?access_token=anything`, { origin: "http://evil.example", "content-type": "text/plain" }, "{}");
  expect(refused.status).toBe(403);
  const rebound = await send("GET", ZONES, { host: "rebind.evil.example", authorization: `Bearer ${TOKEN}` });
  expect(rebound.status).toBe(403);
  expect(JSON.parse(rebound.body)).toMatchObject({ error: { code: 403, message: expect.stringContaining("--allow-host rebind.evil.example") } });
  // Each API answers in its own error form: the CI API's is a bare message.
  const ci = await send("POST", "/api/v1.1/project/github/acme/site/follow?ci-token=anything", { "sec-fetch-site": "cross-site" });
  expect({ status: ci.status, body: JSON.parse(ci.body) as unknown }).toEqual({ status: 403, body: { message: expect.stringContaining("another origin") } });
  expect(await snapshot()).toEqual(before);
});

it("still serves tools that send no Origin, the console's own requests and the names it answers to", async () => {
  const own = `http://${base.host}`;
  const curl = await send("POST", "/_emulator/faults", { "content-type": "application/json" }, JSON.stringify({ rate429: 0.5 }));
  expect(curl.status).toBe(200);
  // The console's buttons: a fetch from /_ui, same-origin.
  const consoleButton = await send("DELETE", "/_emulator/faults", { origin: own, "sec-fetch-site": "same-origin" });
  expect(consoleButton.status).toBe(204);
  expect((await send("GET", "/_ui/controls", { host: `localhost:${base.port}` })).status).toBe(200);
  expect((await send("GET", "/_emulator/objects", { host: `emulator:${base.port}` })).status).toBe(200);
  expect((await send("GET", "/_emulator/objects", { host: `[::1]:${base.port}` })).status).toBe(200);
  // A bookmark or a typed address (Sec-Fetch-Site: none) is the user's own request.
  expect((await send("POST", "/_emulator/speed", { "sec-fetch-site": "none", "content-type": "application/json" }, "{}")).status).toBe(200);
  expect((await send("GET", `${ZONES}/kept`, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  // And a reset with no Origin, as a test sends it, does what it says.
  expect((await send("POST", "/_emulator/reset")).status).toBe(204);
  expect(JSON.parse((await send("GET", "/_emulator/objects")).body)).toMatchObject({ dns: { managedZones: [] } });
});

it("takes the names to answer to from --allow-host", () => {
  expect(parseCommandLine(["--allow-host", "emulator", "--allow-host", "dev.example.test"], apis)).toMatchObject({
    emulatorOptions: { allowedHosts: ["emulator", "dev.example.test"] },
  });
  expect(() => parseCommandLine(["--allow-host", "http://x"], apis)).toThrow(
    "--allow-host must be a host name such as emulator or dev.example.test, got 'http://x'",
  );
});
