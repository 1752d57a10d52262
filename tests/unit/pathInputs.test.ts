/**
 * Inputs placed in request paths are refused at check when they would name
 * another object, import ids are checked part by part, and CI names and SSH
 * host names take the forms the services accept.
 */
import { generateKeyPairSync } from "node:crypto";
import { checkoutKey } from "../../provider/apis/ci/checkoutKey";
import { getProjectBuilds } from "../../provider/apis/ci/functions";
import { hostnameProblem, projectShape } from "../../provider/apis/ci/names";
import { sshKey } from "../../provider/apis/ci/sshKey";
import { recordSet } from "../../provider/apis/dns/recordSet";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";

const env = { ...process.env };
const privateKey = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
}).privateKey;
const monorepo = { vcsType: "vcs-a", username: "acme", project: "monorepo" };

beforeEach(() => {
  // Nothing listens there: a request would fail loudly, and none must be made.
  process.env["SVC_EMULATOR_URL"] = "http://127.0.0.1:9";
  process.env["SVC_CI_TOKEN"] = "t0ken";
  process.env["SVC_DNS_TOKEN"] = "t0ken";
  process.env["SVC_PROJECT"] = "p1";
});

afterEach(() => {
  process.env = { ...env };
});

describe("CI names", () => {
  const username = projectShape.username;
  const project = projectShape.project;

  it.each([".", ".."])("refuses %j as a user or project name, saying the accepted form", (value) => {
    expect(username.safeParse(value).error?.issues[0]?.message).toMatch(/not "\." or "\.\."\); got "\.{1,2}"$/);
    expect(project.safeParse(value).success).toBe(false);
  });

  it("takes the code hosts' length limits: owners up to 39 characters, repositories up to 100", () => {
    expect(username.safeParse("a".repeat(39)).success).toBe(true);
    expect(username.safeParse("a".repeat(40)).success).toBe(false);
    expect(project.safeParse("a".repeat(100)).success).toBe(true);
    expect(project.safeParse("a".repeat(101)).success).toBe(false);
  });

  it("keeps the message short for a megabyte-long name", () => {
    const message = project.safeParse("x".repeat(1 << 20)).error?.issues[0]?.message ?? "";
    expect(message).toMatch(/… \(1048578 characters\)$/);
    expect(message.length).toBeLessThan(300);
  });

  it('a branch of ".." is refused before any request (it would leave the project\'s tree)', async () => {
    await expect(getProjectBuilds({ vcsType: "vcs-a", username: "acme", project: "monorepo", branch: ".." })).rejects.toThrow(
      /svc\.ci\.getProjectBuilds: branch must be a branch name, not "\." or "\.\."/,
    );
  });

  it("accepts names with dots that are not dot segments", () => {
    for (const value of ["...", ".github", "a.b", "my_repo-2"]) expect(project.safeParse(value).success).toBe(true);
  });
});

describe("SSH key host names", () => {
  it.each(["git.example.com", "a", "x-1.example", "192.0.2.1", "2001:db8::1", `${"a".repeat(63)}.example.com`])("accepts %j", (value) => {
    expect(hostnameProblem(value)).toBeUndefined();
  });

  it.each(["bad-.example.com", "-bad.example.com", "a..b", ".a", "a.", "", "a_b.example", "a b", `${"a".repeat(64)}.com`, `${"a.".repeat(127)}a`])(
    "refuses %j",
    (value) => {
      expect(hostnameProblem(value)).toMatch(/must be a host name such as "git\.example\.com"/);
    },
  );
});

describe("check refuses inputs that would send a request elsewhere", () => {
  it('SshKey with project "." fails at check, naming the property (its key never leaves)', async () => {
    const result = await dynamicProvider(sshKey).check({}, { ...monorepo, project: ".", hostname: "git.example.com", privateKey });
    expect(result.failures).toEqual([{ property: "project", reason: expect.stringContaining('not "." or ".."') }]);
    const host = await dynamicProvider(sshKey).check({}, { ...monorepo, hostname: "bad-.example.com", privateKey });
    expect(host.failures).toEqual([{ property: "hostname", reason: expect.stringContaining("must be a host name") }]);
  });

  it('a record set named "." fails at check: its path would lose a segment', async () => {
    const result = await dynamicProvider(recordSet).check({}, { managedZone: "z", name: ".", type: "A", rrdatas: ["192.0.2.1"] });
    // The DNS name rule sees it first: the root holds no record sets of a zone.
    expect(result.failures).toEqual([{ property: "name", reason: expect.stringMatching(/it is the root/) }]);
  });

  it("an import id's server-assigned part is checked at check, encoded dot segments included", async () => {
    const keys = dynamicProvider(checkoutKey);
    for (const fingerprint of ["%2E%2E", "..", "not-a-fingerprint"]) {
      const result = await keys.check({}, { ...monorepo, type: "deploy-key", __import: `vcs-a/acme/monorepo/${fingerprint}` });
      expect(result.failures).toEqual([{ property: "import", reason: expect.stringMatching(/^the import id's fingerprint part must/) }]);
    }
    const good = await keys.check({}, { ...monorepo, type: "deploy-key", __import: "vcs-a/acme/monorepo/c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f" });
    expect(good.failures).toBeUndefined();
  });

  it("an import id's input parts meet the input rules, and a bare % is explained", async () => {
    const records = dynamicProvider(recordSet);
    const bad = await records.check({}, { managedZone: "z", name: "a.example.", type: "A", rrdatas: ["192.0.2.1"], __import: "p1/Bad_Zone/a.example./A" });
    expect(bad.failures).toEqual([{ property: "import", reason: expect.stringMatching(/^the import id's managedZone part must be 1-63 characters/) }]);
    const bare = await records.check({}, { managedZone: "z", name: "a.example.", type: "A", rrdatas: ["192.0.2.1"], __import: "z/a%zz.example./A" });
    expect(bare.failures).toEqual([{ property: "import", reason: expect.stringContaining('write a literal "%" as "%25"') }]);
    const none = await records.check({}, { managedZone: "z", name: "a.example.", type: "A", rrdatas: ["192.0.2.1"], __import: "z" });
    expect(none.failures).toEqual([{ property: "import", reason: expect.stringContaining("matches none of the accepted forms") }]);
  });

  it("a stored id with a dot segment is refused before any request on read and delete", async () => {
    const keys = dynamicProvider(checkoutKey);
    await expect(keys.read("vcs-a/acme/monorepo/%2E%2E", {})).rejects.toThrow(/fingerprint must not be "\." or "\.\."/);
    await expect(keys.delete("vcs-a/acme/./c9:0b:1c:4f:d5:65:56:b9:ad:88:f9:81:2b:37:74:2f", {})).rejects.toThrow(/project must not be/);
  });
});

describe("messages stay short", () => {
  it("a service error that echoes a huge request is cut, keeping the error's type", async () => {
    const { createServer } = await import("node:http");
    const echo = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        // The zone's listing a create reads first (other tools' ownership markers) finds an empty zone; the create is refused.
        if (request.method === "GET") {
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ kind: "dns#resourceRecordSetsListResponse", rrsets: [] }));
          return;
        }
        response.writeHead(400, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { code: 400, message: `bad request: ${body}`, errors: [{ reason: "invalid" }] } }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const address = echo.address();
    process.env["SVC_EMULATOR_URL"] = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
    try {
      const records = dynamicProvider(recordSet);
      const { inputs } = await records.check({}, { managedZone: "z", name: "a.example.", type: "TXT", rrdatas: ["x".repeat(200_000)] });
      const failure = await records.create(inputs ?? {}).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).name).toBe("ApiError");
      expect((failure as Error).message).toMatch(/^POST \/dns\/v1\/projects\/p1\/managedZones\/z\/rrsets failed with HTTP 400 .*… \(\d+ characters\)$/s);
      expect((failure as Error).message.length).toBeLessThan(2100);
    } finally {
      echo.close();
    }
  });
});
