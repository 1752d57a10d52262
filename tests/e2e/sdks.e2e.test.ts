/**
 * The SDKs of other languages (sdks/, `npm run gen-sdks`): generated again from the plugin's
 * schema by the tools scripts/setup.sh builds (and Pulumi's Java language host), they are what is
 * committed, file for file; the Go SDK builds and every Python module compiles. The committed
 * Node.js SDK is compiled by `npm run build` (the package's `pulumi-svc/plugin`), the Java SDK by
 * scripts/setup.sh (Maven), and programs run with the Python, Node.js and Java ones
 * (tests/e2e/plugin*.e2e.test.ts). (.NET is generated and compared only: no .NET SDK is installed
 * on these machines.) A missing tool fails, saying how to get it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../support/toolchain";

const run = (command: string, args: readonly string[], cwd: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stderr}${stdout}`)),
    ),
  );

function filesUnder(root: string, dir = ""): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    return statSync(path.join(root, relative)).isDirectory() ? filesUnder(root, relative) : [relative];
  });
}

let out: string;

beforeAll(async () => {
  for (const tool of ["svc-codegen", "svc-codegen-dotnet", "go", "python3", "pulumi", "pulumi-language-java"]) {
    await run("sh", ["-c", `command -v ${tool}`], REPO_ROOT).catch(() => {
      throw new Error(
        `${tool} is not on PATH: run the tests with npm test (scripts/setup.sh builds the engine, svc-codegen, svc-codegen-dotnet and the Java language host; Go and Python 3 are needed)`,
      );
    });
  }
  out = mkdtempSync(path.join(os.tmpdir(), "svc-sdks-"));
  await run("bash", ["scripts/gen-sdks.sh", out], REPO_ROOT);
});

afterAll(() => {
  if (out !== undefined) rmSync(out, { recursive: true, force: true });
});

it("are what the generators write from plugin/schema.json, file for file (run npm run gen-sdks after npm run generate)", () => {
  const committed = path.join(REPO_ROOT, "sdks");
  const generated = filesUnder(out).sort();
  expect(filesUnder(committed).sort()).toEqual(generated);
  const stale = generated.filter((file) => !readFileSync(path.join(committed, file)).equals(readFileSync(path.join(out, file))));
  expect(stale).toEqual([]);
  for (const language of ["go", "python", "nodejs", "dotnet", "java"])
    expect(readFileSync(path.join(committed, language, "README.md"), "utf8")).toContain("## A first program");
});

it("builds the Go SDK", async () => {
  await run("go", ["build", "./..."], path.join(out, "go", "svc"));
});

it("compiles every Python module", async () => {
  const modules = filesUnder(path.join(out, "python")).filter((file) => file.endsWith(".py"));
  expect(modules.length).toBeGreaterThan(50);
  await run("python3", ["-m", "py_compile", ...modules], path.join(out, "python"));
});
