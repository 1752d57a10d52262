/**
 * The committed fixtures of the last release are what `npm run release:previous` makes from the
 * release's commit: the tree of the commit (git archive), its own lockfile, its own build and
 * bundle, the same bytes. In the campaign, not in `npm test`: it builds an old tree (npm ci and a
 * TypeScript build, about two minutes on two cores) and needs the commit in the clone's history.
 */
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import { buildPrevious, readPrevious } from "../../scripts/release/previous";
import { REPO_ROOT } from "../support/toolchain";

it("rebuilds every file of tests/fixtures/release/previous byte for byte from the release's commit", () => {
  const previous = readPrevious();
  const commit = execFileSync("git", ["rev-parse", "--verify", `${previous.commit}^{commit}`], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  const out = mkdtempSync(path.join(os.tmpdir(), "svc-previous-campaign-"));
  try {
    const rebuilt = buildPrevious(commit, previous.tag, out, (line) => process.stderr.write(`release:previous: ${line}\n`));
    expect(rebuilt).toEqual(previous);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
