/**
 * No secret in any committed cassette (tests/cassettes/): no private key, no access token, no JWT
 * (a signed assertion), no static token of the tests, no Authorization header; every field that
 * carries a credential, a key or a channel's token holds `SCRUBBED`. And the scrubbing itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { SCRUBBED, scrub, scrubUrl, shiftExpirations, type Cassette } from "../../provider/cassette";
import { CASSETTES, recordedRuns } from "../acceptance/runs";

const SECRET_FIELDS = [
  "access_token",
  "accessToken",
  "id_token",
  "refresh_token",
  "private_key",
  "privateKey",
  "client_secret",
  "assertion",
  "subject_token",
  "token",
];

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const where = path.join(folder, name);
    return statSync(where).isDirectory() ? files(where) : [where];
  });
}

/** Every value of a secret field, anywhere in a value. */
function secretFieldValues(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => secretFieldValues(item, out));
  else if (typeof value === "object" && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      if (SECRET_FIELDS.includes(key) && typeof member === "string" && member !== "") out.push(`${key}=${member}`);
      else secretFieldValues(member, out);
    }
  }
  return out;
}

describe("the committed cassettes", () => {
  const all = files(CASSETTES);

  it("are there: a run recorded against the emulator through a service-account key", () => {
    expect(recordedRuns()).toContain("emulator-smoke");
    const tokenExchanges = all
      .filter((file) => /\d{2}-[a-z-]+\.json$/.test(file))
      .flatMap((file) => (JSON.parse(readFileSync(file, "utf8")) as Cassette).interactions)
      .filter((interaction) => (interaction.request.body as Record<string, unknown> | null)?.["grant_type"] === "urn:ietf:params:oauth:grant-type:jwt-bearer");
    expect(tokenExchanges.length).toBeGreaterThan(0);
  });

  it.each(all.map((file) => [path.relative(CASSETTES, file)]))("%s holds no secret", (name) => {
    const text = readFileSync(path.join(CASSETTES, name), "utf8");
    expect(text).not.toMatch(/PRIVATE KEY/);
    expect(text).not.toMatch(/ya29\./);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\./);
    expect(text).not.toMatch(/test-token-4f1c2b|replayed-token/);
    expect(text).not.toMatch(/"authorization"|"circle-token"|Bearer [A-Za-z0-9]/i);
    const values = secretFieldValues(JSON.parse(text));
    expect(values.filter((value) => !value.endsWith(`=${SCRUBBED}`))).toEqual([]);
  });
});

describe("scrubbing", () => {
  it("replaces credentials, keys and channel tokens, in bodies and query parameters, and keeps the rest", () => {
    const key = "-----BEGIN PRIVATE KEY-----\nMIIE...\n-----END PRIVATE KEY-----\n";
    expect(
      scrub({ access_token: "ya29.abc", expires_in: 3600, nested: [{ token: "target=x", private_key: key, name: "zone" }], pem: key, assertion: "eyJ.a.b" }),
    ).toEqual({
      access_token: SCRUBBED,
      expires_in: 3600,
      nested: [{ token: SCRUBBED, private_key: SCRUBBED, name: "zone" }],
      pem: SCRUBBED,
      assertion: SCRUBBED,
    });
    expect(scrubUrl("https://ci.example.test/api/v1.1/me?circle-token=abc123&pageToken=p2")).toBe(
      `https://ci.example.test/api/v1.1/me?circle-token=${SCRUBBED}&pageToken=p2`,
    );
  });
});

describe("replaying later", () => {
  it("moves a channel's expiration by how much later the replay runs, and leaves the objects' own times", () => {
    const hour = 3_600_000;
    const recorded = {
      id: "channel-1",
      expiration: "1795836430727",
      items: [{ expiration: 1795836430727, creationTime: "2026-11-28T02:27:07.000Z", start: { dateTime: "2026-12-01T10:00:00Z" } }],
      resourceId: "1795836430727",
    };
    expect(shiftExpirations(recorded, 2 * hour)).toEqual({
      id: "channel-1",
      expiration: String(1795836430727 + 2 * hour),
      items: [{ expiration: 1795836430727 + 2 * hour, creationTime: "2026-11-28T02:27:07.000Z", start: { dateTime: "2026-12-01T10:00:00Z" } }],
      resourceId: "1795836430727",
    });
  });
});
