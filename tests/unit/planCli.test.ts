/** svc-plan's command line as a stranger meets it: a help that says what it does, and an unreadable file named with the fix. */
import { main } from "../../tools/plan/cli";
import { readPreviewFile } from "../../tools/plan/preview";

it("--help says what svc-plan does, each flag, and an example", async () => {
  const write = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    expect(await main(["--help"])).toBe(0);
    const text = write.mock.calls.map(([chunk]) => String(chunk)).join("");
    expect(text).toMatch(/^usage: svc-plan/);
    expect(text).toContain("No API request is made.");
    for (const flag of ["--stack", "--cwd", "--file", "--json", "--out", "--fail-on", "--max-delete-percent", "--max-update-percent", "--max-changes"]) {
      expect(text).toContain(`  ${flag}`);
    }
    expect(text).toContain("svc-plan --stack prod --max-delete-percent 30 --max-update-percent 30 --fail-on critical");
    expect(text).toContain("pulumi preview --json --stack prod | svc-plan --file - --fail-on replace,delete");
  } finally {
    write.mockRestore();
  }
});

it("a --file that cannot be read is named, with what to give instead", () => {
  expect(() => readPreviewFile("/nonexistent/preview.json")).toThrow(
    "--file /nonexistent/preview.json: cannot read it (no such file); give the output of `pulumi preview --json`, or - for standard input",
  );
});
