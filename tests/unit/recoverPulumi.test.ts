/**
 * What svc-recover reads of the Pulumi CLI and its file backend: the locks a refusal names (with when they were taken), the
 * folder of a `file://` backend, and the metadata sidecars a kill left empty.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { brokenSidecars, fileBackendDir, locksIn } from "../../tools/recover/pulumi";

it("reads the locks the engine names when it refuses a locked stack, and nothing from other output", () => {
  const refusal =
    "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.\n" +
    "  file:///tmp/state/.pulumi/locks/p/s/abc.json: created by root@runner-7 (pid 4242) at 2026-11-26T01:00:00Z";
  expect(locksIn(refusal)).toEqual([{ host: "runner-7", pid: 4242, since: "2026-11-26T01:00:00Z" }]);
  // An engine that leaves the time out still names the process.
  expect(locksIn(refusal.replace(/ at \S+$/, ""))).toEqual([{ host: "runner-7", pid: 4242 }]);
  expect(locksIn("error: failed to load checkpoint: EOF")).toBeUndefined();
});

it("finds the folder of a file:// backend, absolute, under ~ or relative to the project, and none for other backends", () => {
  expect(fileBackendDir("file:///srv/state", "/work/app")).toBe("/srv/state");
  expect(fileBackendDir("file:///srv/state?no_tmp_dir=true", "/work/app")).toBe("/srv/state");
  expect(fileBackendDir("file://~/state", "/work/app")).toBe(path.join(os.homedir(), "state"));
  expect(fileBackendDir("file://state", "/work/app")).toBe("/work/app/state");
  expect(fileBackendDir("postgres://db/state", "/work/app")).toBeUndefined();
  expect(fileBackendDir("https://api.pulumi.com", "/work/app")).toBeUndefined();
});

describe("a file backend after a kill", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "svc-backend-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names each metadata sidecar that is not JSON (the empty one a kill leaves), not the sound ones, history or backups", () => {
    const stacks = path.join(dir, ".pulumi", "stacks", "project");
    mkdirSync(stacks, { recursive: true });
    mkdirSync(path.join(dir, ".pulumi", "history", "project"), { recursive: true });
    writeFileSync(path.join(stacks, "prod.json"), "{}");
    writeFileSync(path.join(stacks, "prod.json.attrs"), "");
    writeFileSync(path.join(stacks, "dev.json.attrs"), '{"user.cache_control":"","user.content_type":"application/octet-stream"}\n');
    writeFileSync(path.join(stacks, "qa.json.attrs"), '{"user.cache');
    writeFileSync(path.join(dir, ".pulumi", "history", "project", "old.json.attrs"), "");
    expect(brokenSidecars(dir).sort()).toEqual([path.join(stacks, "prod.json.attrs"), path.join(stacks, "qa.json.attrs")]);
  });

  it("names nothing where no backend folder exists", () => {
    expect(brokenSidecars(path.join(dir, "absent"))).toEqual([]);
  });
});
