/**
 * The API as the unit: a new API is its manifest, its declaration and its emulator plug-in, and
 * nothing else. In a copy of the repository, the test adds the three files of
 * `tests/fixtures/newApi/` (a test API, "widgets"), runs the generator, and finds the API in the
 * SDK, the README, the settings and the conformance run; the only other files that changed are
 * the ones the generator writes.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/newApi");

function filesUnder(folder: string, base = folder): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (entry === "node_modules" || entry === ".git") return [];
    return statSync(full).isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

const digest = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");
const snapshot = (root: string): Map<string, string> => new Map(filesUnder(root).map((file) => [file, digest(path.join(root, file))]));

let copy: string;
let added: string[];
let changed: string[];

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "svc-new-api-"));
  const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, maxBuffer: 1 << 24 });
  for (const file of stdout.split("\n").filter((line) => line !== "" && !line.startsWith("tests/fixtures/"))) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  const before = snapshot(copy);
  added = filesUnder(FIXTURE).sort();
  for (const file of added) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(FIXTURE, file), path.join(copy, file));
  }
  await run(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "scripts/generate.ts"], { cwd: copy });
  const after = snapshot(copy);
  changed = [...after]
    .filter(([file, hash]) => !added.includes(file) && before.get(file) !== hash)
    .map(([file]) => file)
    .sort();
}, 120_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

it("adds the API with three files of its own, and the generator writes the rest", () => {
  expect(added).toEqual(["emulator/apis/widgets/plugin.ts", "provider/apis/widgets/api.ts", "provider/apis/widgets/widget.ts"]);
  expect(changed).toEqual([
    "DEVELOPERS.md",
    "README.md",
    "docs/adopting.md",
    "docs/registry/_index.md",
    "docs/registry/installation-configuration.md",
    "docs/widgets.md",
    "emulator/apis/index.ts",
    "plugin/schema.json",
    "provider/apis.ts",
    "provider/declarations.ts",
    "sdk/index.ts",
    "sdk/widgets/index.ts",
    "sdk/widgets/widget.ts",
  ]);
});

it("appears in the SDK, in a reference of its own and in the README's list of APIs", () => {
  expect(readFileSync(path.join(copy, "sdk/index.ts"), "utf8")).toContain('export * as widgets from "./widgets";');
  const widget = readFileSync(path.join(copy, "sdk/widgets/widget.ts"), "utf8");
  expect(widget).toContain("export class Widget extends SvcResource");
  expect(widget).toContain("color: pulumi.Input<");
  const reference = readFileSync(path.join(copy, "docs/widgets.md"), "utf8");
  expect(reference).toMatch(/^# `svc\.widgets`\n/);
  expect(reference).toMatch(/## `svc\.widgets\.Widget`\n\n<!-- generated:widgets\.Widget:start[^>]*-->\n\| property \| on change \| \|/);
  expect(reference).toContain("| `name` (required) | replaces | The widget's name. |");
  expect(readFileSync(path.join(copy, "README.md"), "utf8")).toContain("| `svc.widgets` |");
  // The Registry's pages list it and its settings.
  expect(readFileSync(path.join(copy, "docs/registry/_index.md"), "utf8")).toContain("| `widgets` |");
  expect(readFileSync(path.join(copy, "docs/registry/installation-configuration.md"), "utf8")).toContain("| `svc:widgetsToken` | `SVC_WIDGETS_TOKEN` | yes |");
  const adopting = readFileSync(path.join(copy, "docs/adopting.md"), "utf8");
  expect(adopting).toContain("| `widgets.Widget` | `{name}` |");
  expect(adopting).toContain("| `widgets.Widget` | never: the test API has no listing |");
  // The provider plugin serves it: its schema has the resource, and the API's settings as configuration.
  const schema = JSON.parse(readFileSync(path.join(copy, "plugin/schema.json"), "utf8")) as { resources: object; config: { variables: object } };
  expect(schema.resources).toHaveProperty(["svc:widgets/widget:Widget"]);
  expect(schema.config.variables).toHaveProperty("widgetsToken", expect.objectContaining({ secret: true }));
  // Its custom code (a body builder, a state reader) is listed with the others'.
  expect(readFileSync(path.join(copy, "DEVELOPERS.md"), "utf8")).toMatch(/\| object from an answer \| `toState`[^|]* \| [^|]+ \| [^\n]*`widgets:Widget`/);
});

it("has its settings, named after it", async () => {
  const script = [
    'const config = require("./provider/config");',
    'console.log(JSON.stringify({ names: config.settingNames("widgets"), settings: config.resolveApiSettings("widgets", config.settingsOf(undefined, { SVC_EMULATOR_URL: "http://127.0.0.1:9/", SVC_WIDGETS_TOKEN: "t" })) }));',
  ].join("\n");
  const { stdout } = await run(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", "-e", script], { cwd: copy });
  const { names, settings } = JSON.parse(stdout) as { names: unknown; settings: { baseUrl: string } };
  expect(names).toEqual({ baseUrl: ["svc:widgetsBaseUrl", "SVC_WIDGETS_BASE_URL"], token: ["svc:widgetsToken", "SVC_WIDGETS_TOKEN"] });
  expect(settings.baseUrl).toBe("http://127.0.0.1:9/widgets/v1");
});

it("goes through the conformance run against its emulator plug-in", async () => {
  const jest = path.join(ROOT, "node_modules/jest/bin/jest.js");
  const output = path.join(copy, "conformance.json");
  await run(
    process.execPath,
    [jest, "--selectProjects", "emulator", "--json", `--outputFile=${output}`, "-t", "widgets:Widget", "tests/emulator/conformance.test.ts"],
    { cwd: copy, env: { ...process.env, NODE_OPTIONS: "--experimental-vm-modules" }, maxBuffer: 1 << 24 },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as {
    numFailedTests: number;
    testResults: { assertionResults: { fullName: string; status: string }[] }[];
  };
  const ran = report.testResults
    .flatMap((file) => file.assertionResults)
    .filter((test) => test.status !== "pending")
    .map(({ fullName, status }) => ({ fullName, status }));
  expect(report.numFailedTests).toBe(0);
  // The run is one test per resource, every step in it; only the new API's ran here.
  expect(ran).toEqual([
    {
      fullName:
        "widgets:Widget passes the conformance run from its samples: check, create, read, diff, updates, replacements, import by every form, delete; each answer parsed once",
      status: "passed",
    },
  ]);
}, 300_000);
