/**
 * The release's checks can fail: the credential scan finds a key, a token or a known secret in a
 * file and inside an archive (and not the bare PEM header every TLS library holds), the checksum
 * check finds a changed and an unlisted file, the changelog must name the version; and what
 * package.json's repository gives the schema (the download URL, the Go module path).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { verifyChecksums, writeChecksums } from "../../scripts/release/checksums";
import { scanForCredentials } from "../../scripts/release/credentialScan";
import { changelogSection } from "../../scripts/release/main";
import { packageInfo } from "../../scripts/generator/packageInfo";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "svc-release-unit-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Made here, never committed: a test key's body and token shapes (not real credentials).
const PEM = `-----BEGIN PRIVATE KEY-----\n${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkwYWJj".repeat(2)}\n${"ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXoxMjM0NTY3ODkwQUJD".repeat(2)}\n-----END PRIVATE KEY-----\n`;
const GITHUB = `ghp_${"a1B2c3D4e5".repeat(4)}`;

it("finds a private key, a token and a known secret, in a file and inside a tarball, and names no value", () => {
  writeFileSync(path.join(dir, "plain.js"), `const key = ${JSON.stringify(PEM)};`);
  mkdirSync(path.join(dir, "inner"));
  writeFileSync(path.join(dir, "inner", "config.txt"), `token=${GITHUB}\nsecret=hunter2-very-secret\n`);
  execFileSync("tar", ["-czf", path.join(dir, "bundle.tar.gz"), "-C", path.join(dir, "inner"), "config.txt"]);
  rmSync(path.join(dir, "inner"), { recursive: true });
  const { findings } = scanForCredentials(dir, ["hunter2-very-secret"]);
  expect(findings).toEqual(
    expect.arrayContaining([
      { file: "plain.js", kind: "a PEM private key" },
      { file: "bundle.tar.gz", member: "config.txt", kind: "a GitHub token" },
      { file: "bundle.tar.gz", member: "config.txt", kind: "a value known to be secret" },
    ]),
  );
  expect(JSON.stringify(findings)).not.toContain("hunter2");
  expect(JSON.stringify(findings)).not.toContain(GITHUB);
});

it("does not take the PEM header alone, as a TLS library holds it, for a key", () => {
  writeFileSync(path.join(dir, "tls.bin"), "\u0000-----BEGIN PRIVATE KEY-----\u0000-----END PRIVATE KEY-----\u0000PEM_read_bio_PrivateKey\u0000");
  expect(scanForCredentials(dir).findings).toEqual([]);
});

it("finds a credential file by its name", () => {
  writeFileSync(path.join(dir, ".npmrc"), "registry=https://registry.example.test/\n");
  expect(scanForCredentials(dir).findings).toEqual([{ file: ".npmrc", kind: "a credential file" }]);
});

it("verifies every file against the checksums, and finds one changed and one left out", async () => {
  writeFileSync(path.join(dir, "a.tar.gz"), "archive");
  mkdirSync(path.join(dir, "go"));
  writeFileSync(path.join(dir, "go", "list"), "v0.1.0\n");
  await writeChecksums(dir, "9.9.9");
  expect(await verifyChecksums(dir, "9.9.9")).toEqual({ verified: ["a.tar.gz", "go/list"], problems: [] });
  expect(execFileSync("sha256sum", ["--check", "--quiet", "pulumi-svc_9.9.9_checksums.txt"], { cwd: dir, encoding: "utf8" })).toBe("");
  writeFileSync(path.join(dir, "a.tar.gz"), "tampered");
  writeFileSync(path.join(dir, "extra.whl"), "wheel");
  expect((await verifyChecksums(dir, "9.9.9")).problems).toEqual([
    "a.tar.gz does not match its sha256 in pulumi-svc_9.9.9_checksums.txt",
    "extra.whl is not in pulumi-svc_9.9.9_checksums.txt",
  ]);
});

it("takes a release's notes from its CHANGELOG.md section, and refuses a version without one", () => {
  expect(changelogSection("0.1.0")).toContain("The first release.");
  expect(changelogSection(packageInfo().version)).not.toBe("");
  writeFileSync(path.join(dir, "CHANGELOG.md"), "# Changelog\n\n## 1.0.0\n\nThings.\n\n## 0.9.0\n\nOlder things.\n");
  expect(changelogSection("1.0.0", dir)).toBe("Things.");
  expect(changelogSection("0.9.0", dir)).toBe("Older things.");
  expect(() => changelogSection("2.0.0", dir)).toThrow('CHANGELOG.md has no section "## 2.0.0"');
});

it("derives the plugin's download URL and the Go module path from package.json's repository", () => {
  const info = packageInfo();
  expect(info.repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
  expect(info.pluginDownloadURL).toBe(`${info.repository}/releases/download/v${info.version}`);
  expect(info.goModule).toBe(`${info.repository.replace("https://", "")}/sdks/go/svc`);
});
