/**
 * The acceptance run replayed from its committed cassettes (tests/cassettes/emulator-smoke, recorded
 * against the emulator through a service-account key exchanged at its token endpoint, as against
 * Google): the real engine and the provider, no network and no emulator, every answer from the
 * cassettes, whatever the shell's settings point at (a maintainer's shell still holds a recording's
 * per-API base URLs, which would win over the recorded emulator address). Then a cassette changed by
 * one field: the replay fails naming the request it lacks; an answer changed by one field: it fails
 * naming the resource and the field the engine saw change.
 * `npm run test:acceptance -- --replay` replays every recorded run (the full profile too).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import type { Cassette } from "../../provider/cassette";
import { apiNames, settingNames } from "../../provider/config";
import { CASSETTES, readRun, replay } from "../acceptance/runs";
import { requireEngine } from "../support/toolchain";

const RUN = path.join(CASSETTES, "emulator-smoke");

beforeAll(() => requireEngine());

/** Whether something listens at the recorded emulator's address (nothing may: the replay has no emulator). */
async function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(Number(port), hostname, () => probe.close(() => resolve(false)));
  });
}

it("replays the smoke run with no emulator and no network, a recording's settings in the environment: every step passes", async () => {
  const recorded = readRun(RUN).settings["SVC_EMULATOR_URL"] ?? "";
  expect(recorded).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await listening(recorded)).toBe(false);
  // docs/acceptance.md's recording steps export each API's base URL (Google's, CircleCI's).
  const shell = Object.fromEntries(apiNames().map((api) => [settingNames(api).baseUrl[1], `https://${api}.real-service.invalid`]));
  Object.assign(process.env, shell);
  const lines: string[] = [];
  try {
    const { operations } = await replay(RUN, (line) => lines.push(line));
    expect(operations).toBe(13);
  } finally {
    for (const name of Object.keys(shell)) delete process.env[name];
  }
  expect(lines.filter((line) => /^\d{2}-/.test(line))).toHaveLength(13);
  expect(lines).toContainEqual(expect.stringContaining(`replay: ignoring ${Object.keys(shell).join(", ")} of the environment`));
});

it("fails naming the request when a cassette lacks it (a request body changed by one field)", async () => {
  const folder = path.join(mkdtempSync(path.join(os.tmpdir(), "svc-replay-changed-")), "emulator-smoke");
  try {
    cpSync(RUN, folder, { recursive: true });
    const file = path.join(folder, "01-up.json");
    const cassette = JSON.parse(readFileSync(file, "utf8")) as Cassette;
    const zone = cassette.interactions.find((interaction) => interaction.request.method === "POST" && interaction.request.url.endsWith("/managedZones"));
    expect(zone).toBeDefined();
    const body = zone!.request.body as Record<string, unknown>;
    (zone!.request as { body: unknown }).body = { ...body, description: "changed in the cassette" };
    writeFileSync(file, JSON.stringify(cassette));
    const failure = await replay(folder, () => undefined).then(
      () => "the replay passed",
      (error: Error) => error.message,
    );
    expect(failure).toContain(`has no answer for POST ${zone!.request.url} with body ${JSON.stringify(body)}`);
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
});

it("fails naming the resource and the field when an answer changed (a zone's visibility in the refresh)", async () => {
  const folder = path.join(mkdtempSync(path.join(os.tmpdir(), "svc-replay-answer-")), "emulator-smoke");
  try {
    cpSync(RUN, folder, { recursive: true });
    const file = path.join(folder, "03-refresh.json");
    const cassette = JSON.parse(readFileSync(file, "utf8")) as Cassette;
    const zone = cassette.interactions.find(
      (interaction) => interaction.request.method === "GET" && /\/managedZones\/svc-acc-records-zone-[^/:]+$/.test(new URL(interaction.request.url).pathname),
    );
    expect(zone).toBeDefined();
    const body = zone!.response.body as Record<string, unknown>;
    expect(body["visibility"]).toBe("public");
    (zone!.response as { body: unknown }).body = { ...body, visibility: "private" };
    writeFileSync(file, JSON.stringify(cassette));
    const failure = await replay(folder, () => undefined).then(
      () => "the replay passed",
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^the refresh after up: expected \{"same":\d+\}, got \{"same":\d+,"update":1\}\n/);
    expect(failure).toContain('\n  dns:ManagedZone dns-RecordSet-parent0 (update): visibility "public" -> "private"');
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
});
