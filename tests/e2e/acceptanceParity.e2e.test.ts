/**
 * Parity (tests/acceptance/parity.ts) held to the emulator against a recording of itself: the
 * committed smoke run (tests/cassettes/emulator-smoke, every resource, recorded against the
 * emulator through a key it issued) run again by `--parity` against an emulator of its own, as a
 * run recorded against Google would be. Calendars, events and checkout keys get other ids from the
 * second emulator, and concurrent requests arrive in another order: the two runs still agree on
 * every answer. A copy of the recording tampered in one field is caught, named by resource and
 * field. Parity runs in a shell that still holds a recording's settings (docs/acceptance.md exports
 * them), pointed at a stand-in for the real services: nothing reaches it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import type { Cassette, Interaction } from "../../provider/cassette";
import { apiNames, settingNames } from "../../provider/config";
import { compareRuns } from "../acceptance/parity";
import { parity } from "../acceptance/parityRun";
import { CASSETTES } from "../acceptance/runs";
import { requireEngine } from "../support/toolchain";

const RUN = path.join(CASSETTES, "emulator-smoke");
const scratch = mkdtempSync(path.join(os.tmpdir(), "svc-parity-e2e-"));
const emulated = path.join(scratch, "emulator");
const shell: Record<string, string> = {};
let standIn: Server;
const reached: string[] = [];

/** A cassette's first exchange of this method whose path matches, the answer's body to change. */
function answerOf(cassette: Cassette, method: string, pathPattern: RegExp): Record<string, unknown> {
  const found = cassette.interactions.find(
    (interaction: Interaction) =>
      interaction.request.method === method && pathPattern.test(new URL(interaction.request.url).pathname) && interaction.response.status === 200,
  );
  if (found === undefined) throw new Error(`no ${method} ${String(pathPattern)} answered 200`);
  return found.response.body as Record<string, unknown>;
}

/** A copy of the recorded run with one answer of one cassette changed. */
function tampered(file: string, change: (cassette: Cassette) => void): string {
  const folder = mkdtempSync(path.join(scratch, "tampered-"));
  cpSync(RUN, folder, { recursive: true });
  const cassette = JSON.parse(readFileSync(path.join(folder, file), "utf8")) as Cassette;
  change(cassette);
  writeFileSync(path.join(folder, file), JSON.stringify(cassette));
  return folder;
}

/** A difference without where it was seen (the cassette and the method, in parentheses at its end). */
const withoutWhere = (line: string): string => line.replace(/ \([^()]*\)$/, "");

const ZONE = /\/managedZones\/svc-acc-records-zone-[^/:]+$/;
const RECORDS = /\/rrsets\/www\.[^/]+\/A$/;

beforeAll(async () => {
  requireEngine();
  // The recording's shell, as docs/acceptance.md's steps leave it, its base URLs at a stand-in for the real services.
  standIn = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.writeHead(403, { "content-type": "application/json" }).end('{"error":{"code":403,"message":"the stand-in for the real service"}}');
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const real = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  for (const api of apiNames()) shell[settingNames(api).baseUrl[1]] = real;
  Object.assign(shell, { SVC_CI_TOKEN: "the-shell-token", GOOGLE_APPLICATION_CREDENTIALS: path.join(scratch, "the-shell-key.json") });
  writeFileSync(shell["GOOGLE_APPLICATION_CREDENTIALS"]!, JSON.stringify({ type: "authorized_user", client_id: "c", client_secret: "s", refresh_token: "r" }));
  Object.assign(process.env, shell);
});

afterAll(async () => {
  for (const name of Object.keys(shell)) delete process.env[name];
  await new Promise((resolve) => standIn.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

it("holds the emulator to a recording of itself: no difference, and nothing sent where the shell's settings point", async () => {
  const differences = await parity(RUN, () => undefined, emulated).catch((error: Error) => [`parity failed: ${error.message}`]);
  expect(reached).toEqual([]);
  expect(differences).toEqual([]);
});

it("catches a tampered recording: each change named by its resource and field", () => {
  const refresh = JSON.parse(readFileSync(path.join(RUN, "03-refresh.json"), "utf8")) as Cassette;
  const [zone, records] = [answerOf(refresh, "GET", ZONE), answerOf(refresh, "GET", RECORDS)];
  const [zoneName, recordName] = [String(zone["name"]), `${String(records["name"])} A`];
  const cases: Array<[string, (cassette: Cassette) => void, string]> = [
    [
      "kind",
      (cassette) => (answerOf(cassette, "GET", ZONE)["kind"] = "dns#somethingElse"),
      `dns ManagedZone ${zoneName}: kind dns#somethingElse -> dns#managedZone`,
    ],
    ["visibility", (cassette) => (answerOf(cassette, "GET", ZONE)["visibility"] = "private"), `dns ManagedZone ${zoneName}: visibility private -> public`],
    ["ttl", (cassette) => (answerOf(cassette, "GET", RECORDS)["ttl"] = 3600), `dns ResourceRecordSet ${recordName}: ttl 3600 -> 300`],
    [
      "rrdatas",
      (cassette) => (answerOf(cassette, "GET", RECORDS)["rrdatas"] = ["192.0.2.99"]),
      `dns ResourceRecordSet ${recordName}: rrdatas ["192.0.2.99"] -> ["192.0.2.1"]`,
    ],
  ];
  const found = cases.map(([what, change]) => ({ what, differences: compareRuns(tampered("03-refresh.json", change), emulated).map(withoutWhere) }));
  expect(found).toEqual(cases.map(([what, , line]) => ({ what, differences: [line] })));
});
