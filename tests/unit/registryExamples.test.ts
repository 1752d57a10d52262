/**
 * The Registry's examples in the schema's descriptions (scripts/generator/examples): one per
 * resource and function in every language; the TypeScript ones type-check against the package's
 * SDK; the C# ones name only classes, properties and enum members the generated .NET SDK has
 * (no .NET compiler here). The Go and Python ones are built and run against the released SDKs in
 * tests/e2e/release.e2e.test.ts, where the YAML ones are read against the schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { ARGUMENT_EXAMPLES, examplesIn } from "../../scripts/generator/examples";
import { LANGUAGES } from "../../scripts/generator/examples/render";

const ROOT = path.resolve(__dirname, "..", "..");
const schema = JSON.parse(readFileSync(path.join(ROOT, "plugin", "schema.json"), "utf8")) as {
  resources: Record<string, { description?: string }>;
  functions: Record<string, { description?: string; inputs?: { required?: string[] } }>;
};
const count = Object.keys(schema.resources).length + Object.keys(schema.functions).length;

it.each(LANGUAGES)("gives every resource and function an example in %s", (language) => {
  expect(examplesIn(schema, language)).toHaveLength(count);
});

it("uses every example argument value it keeps (none left from a removed function)", () => {
  const required = new Set(Object.values(schema.functions).flatMap((fn) => fn.inputs?.required ?? []));
  expect(Object.keys(ARGUMENT_EXAMPLES).filter((name) => !required.has(name))).toEqual([]);
});

it("type-checks every TypeScript example against the package's SDK", () => {
  const examples = examplesIn(schema, "typescript");
  const files = new Map(examples.map(({ code }, index) => [path.join(ROOT, "registry-examples", `example${index}.ts`), code]));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ["node"],
    baseUrl: ROOT,
    paths: { "pulumi-svc": ["sdk/index.ts"] },
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (file, version, ...rest) => {
    const code = files.get(file);
    return code === undefined ? getSourceFile.call(host, file, version, ...rest) : ts.createSourceFile(file, code, version);
  };
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file) ?? readFile.call(host, file);
  const program = ts.createProgram([...files.keys()], options, host);
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file !== undefined && files.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const index = Number(/example(\d+)\.ts$/.exec(diagnostic.file!.fileName)![1]);
      return `${examples[index]!.token}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
  expect(problems).toEqual([]);
});

it("names in the C# examples only what the generated .NET SDK declares", () => {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".cs")) sources.set(path.relative(path.join(ROOT, "sdks", "dotnet"), file), readFileSync(file, "utf8"));
    }
  };
  walk(path.join(ROOT, "sdks", "dotnet"));
  const all = [...sources.values()].join("\n");
  const missing: string[] = [];
  for (const { token, code } of examplesIn(schema, "csharp")) {
    for (const [, module, type] of code.matchAll(/new Svc\.(\w+)\.(\w+)\(/g))
      if (!sources.has(`${module}/${type}.cs`)) missing.push(`${token}: class ${module}.${type}`);
    for (const [, module, fn] of code.matchAll(/Svc\.(\w+)\.(\w+)\.Invoke\(/g))
      if (!sources.has(`${module}/${fn}.cs`)) missing.push(`${token}: function ${module}.${fn}`);
    for (const [, module, type] of code.matchAll(/Svc\.(\w+)\.Inputs\.(\w+)\b/g))
      if (!sources.has(`${module}/Inputs/${type}.cs`)) missing.push(`${token}: input type ${module}.${type}`);
    for (const [, module, type, member] of code.matchAll(/Svc\.(\w+)\.(\w+)\.(@?\w+)(?![\w(])/g)) {
      if (type === "Inputs") continue;
      const enums = sources.get(`${module}/Enums.cs`) ?? "";
      if (!new RegExp(`public static ${type} ${(member ?? "").replace("@", "@?")} \\{ get; \\}`).test(enums))
        missing.push(`${token}: enum member ${module}.${type}.${member}`);
    }
    for (const [, property] of code.matchAll(/^\s+(\w+) =(?: |$)/gm)) {
      if (!new RegExp(`public (Input|InputList|InputMap|InputUnion)[^\\n]* ${property}\\b`).test(all)) missing.push(`${token}: property ${property}`);
    }
  }
  expect(missing).toEqual([]);
});
