/**
 * What `npm pack` puts in the tarball users install: the built SDK, the provider the SDK's
 * resources load in the provider process, the emulator and its `svc-emulator` bin, the
 * `svc-plan` bin with the JSON Schema of its report, the plugin's typed SDK (`pulumi-svc/plugin`),
 * the policy pack (`dist/policy`, a folder `pulumi preview --policy-pack` runs: its PulumiPolicy.yaml
 * and package.json beside the code), with their type declarations, and the README; nothing else. No tests, no examples, no benchmark floor,
 * no source maps (their sources are not shipped), and no built file whose source is gone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

const REPO_ROOT = path.resolve(__dirname, "..", "..");

interface PackEntry {
  readonly path: string;
}

let files: string[];

beforeAll(() => {
  if (!existsSync(path.join(REPO_ROOT, "dist", "sdk", "index.js"))) {
    throw new Error("dist/ is not built: run `npm run build` (npm test does) first");
  }
  // --ignore-scripts: list what is built now, without prepack rebuilding dist/ under other tests.
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel=error"], { cwd: REPO_ROOT, encoding: "utf8" });
  files = (JSON.parse(output) as Array<{ files: PackEntry[] }>)[0]!.files.map((entry) => entry.path).sort();
});

/** The runtime parts, each a folder of dist/ built from the folder of the same name (sdks: the plugin's typed SDK, sdks/nodejs). */
const RUNTIME_FOLDERS = ["sdk", "provider", "emulator", "tools", "sdks", "policy"];

/**
 * Built files that are not modules: the schema of `svc-plan --json`, for bots to validate against; the web console's
 * stylesheet; the generated package.json of the plugin's typed SDK, from which it reads the plugin's version; Google's
 * API contracts the emulator checks requests against (emulator/google/contracts/documents); the policy pack's
 * PulumiPolicy.yaml, which makes its folder a pack, and package.json, whose version @pulumi/policy reads.
 */
const CONTRACT_DOCUMENTS = readdirSync(path.join(REPO_ROOT, "emulator", "google", "contracts", "documents")).map(
  (file) => `dist/emulator/google/contracts/documents/${file}`,
);
const DATA_FILES = [
  "dist/tools/plan/report.schema.json",
  "dist/emulator/console/assets/console.css",
  "dist/sdks/nodejs/package.json",
  "dist/policy/PulumiPolicy.yaml",
  "dist/policy/package.json",
  ...CONTRACT_DOCUMENTS,
];

it("holds only the README, the manifest and the built runtime (JavaScript and type declarations)", () => {
  const outside = files.filter((file) => {
    if (file === "README.md" || file === "package.json" || DATA_FILES.includes(file)) return false;
    const match = /^dist\/([^/]+)\/.+(\.js|\.d\.ts)$/.exec(file);
    return match === null || !RUNTIME_FOLDERS.includes(match[1]!);
  });
  expect(outside).toEqual([]);
  expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
  expect(files.filter((file) => /(^|\/)(tests?|examples|scripts|bench)(\/|$)|benchFloor|floorProvider/.test(file))).toEqual([]);
});

it("holds what a user's program, the provider process and the emulator bin load", () => {
  const entries = [
    "dist/sdk/index.js",
    "dist/sdk/index.d.ts",
    "dist/sdks/nodejs/index.js",
    "dist/sdks/nodejs/index.d.ts",
    "dist/provider/index.js",
    "dist/emulator/cli.js",
    "dist/tools/import/bin.js",
    "dist/tools/plan/bin.js",
    "dist/tools/recover/bin.js",
    "dist/policy/index.js",
  ];
  for (const entry of [...entries, ...DATA_FILES]) {
    expect(files).toContain(entry);
  }
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { main: string; types: string; bin: Record<string, string> };
  for (const entry of [manifest.main, manifest.types, ...Object.values(manifest.bin)]) expect(files).toContain(entry);
});

it("ships every built module with its declarations, and none whose source is gone", () => {
  const modules = files.filter((file) => file.endsWith(".js"));
  expect(modules.filter((file) => !files.includes(file.replace(/\.js$/, ".d.ts")))).toEqual([]);
  const stale = modules.filter((file) => !existsSync(path.join(REPO_ROOT, file.replace(/^dist\//, "").replace(/\.js$/, ".ts"))));
  expect(stale).toEqual([]);
});
