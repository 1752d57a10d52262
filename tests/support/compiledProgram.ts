/**
 * An example's TypeScript program compiled once to JavaScript, for the tests' engine runs: a copy of
 * its folder under build/programs/ whose Pulumi.yaml says `typescript: false`, so that no engine run
 * loads TypeScript and ts-node to compile it again (about a tenth of a small program's engine run).
 * The copy is named by a hash of the example's files, so an edited example is compiled anew, and
 * is written whole then renamed, so that workers compiling at once share it. It sits in the
 * repository, so the program finds `@pulumi/pulumi` and `pulumi-svc` in its node_modules as the
 * example does. Every example is type-checked by `tsc -p tests/tsconfig.json`; the journey tests
 * run a user's program through ts-node, type check included.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "./toolchain";

const TYPESCRIPT_RUNTIME = /^runtime:\n {2}name: nodejs\n {2}options:\n {4}typescript: true\n/m;

/** ts-node's options when a program has no tsconfig.json, as Pulumi's Node.js host runs it (CommonJS). */
const COMPILER_OPTIONS: ts.CompilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 };

/** The example's own files: not the stack settings a test wrote beside them (`Pulumi.<stack>.yaml`). */
function sourcesOf(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => statSync(path.join(folder, name)).isFile() && !/^Pulumi\..+\.yaml$/.test(name))
    .sort();
}

/** The folder to run `example` (a folder under examples/) from, compiled; its TypeScript program is the only thing that differs. */
export function compiledProgram(example: string): string {
  const folder = path.join(REPO_ROOT, "examples", example);
  const files = sourcesOf(folder);
  const hash = createHash("sha256");
  for (const name of files)
    hash
      .update(`${name}\0`)
      .update(readFileSync(path.join(folder, name)))
      .update("\0");
  const target = path.join(REPO_ROOT, "build", "programs", `${example}-${hash.digest("hex").slice(0, 12)}`);
  if (existsSync(target)) return target;

  const project = readFileSync(path.join(folder, "Pulumi.yaml"), "utf8");
  if (!TYPESCRIPT_RUNTIME.test(project))
    throw new Error(`examples/${example}/Pulumi.yaml declares no TypeScript program (runtime nodejs, typescript: true): open it by its path instead`);
  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const name of files) {
    const from = path.join(folder, name);
    if (name.endsWith(".ts") && !name.endsWith(".d.ts")) {
      const output = ts.transpileModule(readFileSync(from, "utf8"), { compilerOptions: COMPILER_OPTIONS, fileName: name, reportDiagnostics: true });
      if ((output.diagnostics ?? []).length > 0)
        throw new Error(`examples/${example}/${name} does not compile: ${ts.formatDiagnostics(output.diagnostics ?? [], ts.createCompilerHost({}))}`);
      writeFileSync(path.join(staging, name.replace(/\.ts$/, ".js")), output.outputText);
    } else if (name === "Pulumi.yaml") {
      writeFileSync(path.join(staging, name), project.replace(TYPESCRIPT_RUNTIME, "runtime:\n  name: nodejs\n  options:\n    typescript: false\n"));
    } else if (name === "package.json") {
      const manifest = JSON.parse(readFileSync(from, "utf8")) as { main?: string };
      if (manifest.main !== undefined) manifest.main = manifest.main.replace(/\.ts$/, ".js");
      writeFileSync(path.join(staging, name), `${JSON.stringify(manifest, null, 2)}\n`);
    } else {
      copyFileSync(from, path.join(staging, name));
    }
  }
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another worker renamed its copy first: the same files, so its copy serves.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}
