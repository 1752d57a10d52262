/**
 * Generates the SDK (`sdk/<module>/<resource>.ts`, `sdk/<module>/index.ts`,
 * `sdk/index.ts`) and the docs' reference tables (docs/, the README's list of APIs) from the declarations in
 * `provider/registry.ts`, so that a resource's inputs, outputs, immutables,
 * import forms and docs are written once, in its declaration.
 *
 * `npm run generate` writes the files; `tests/unit/generated.test.ts` renders
 * them in memory and fails when the files on disk differ.
 *
 * The parts are in scripts/generator/: the type walk over the zod schemas
 * (types.ts), property docs (properties.ts), read functions (functions.ts) and
 * the README's sections (readme.ts); this file renders the resource classes
 * and indexes and writes the files.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { ResourceDeclaration } from "../provider/engine/declaration/declaration";
import { declarations } from "../provider/registry";
import { API_MANIFESTS } from "../provider/apis";
import { header, tsdoc } from "./generator/text";
import { renderFunctions } from "./generator/functions";
import { renderLists } from "./generator/lists";
import { humanName, importForms, properties, propertyDoc, withArticle, type Property } from "./generator/properties";
import { docSections, renderDevelopers, renderDocs } from "./generator/readme";
import { renderFunctionModules, renderSchema } from "./generator/schema";
import { packageInfo } from "./generator/packageInfo";
import { renderRegistryDocs } from "./generator/registryDocs";

export { docSections, renderDevelopers, renderDocs, renderLists };
import { camel, input, pascal, TypeRenderer, type Mode } from "./generator/types";

export const REPO_ROOT = path.resolve(__dirname, "..");

/** What each SDK namespace is about (its index.ts doc). */
/** Each SDK namespace's doc, from its API's manifest (provider/apis/<api>/api.ts). */
const MODULE_DOCS: Readonly<Record<string, string>> = Object.fromEntries(API_MANIFESTS.map((manifest) => [manifest.name, manifest.doc]));

/** The declaration's source file, for the generated-file header. */
function sourceOf(declaration: ResourceDeclaration): string {
  const folder = path.join(REPO_ROOT, "provider", "apis", declaration.module);
  const file = readdirSync(folder)
    .filter((candidate) => candidate.endsWith(".ts"))
    .sort()
    .find((candidate) => readFileSync(path.join(folder, candidate), "utf8").includes(`name: "${declaration.name}",`));
  if (file === undefined) throw new Error(`scripts/generate.ts: no file in provider/apis/${declaration.module} declares ${declaration.name}`);
  return `provider/apis/${declaration.module}/${file}`;
}

function renderResource(declaration: ResourceDeclaration): string {
  const { module, name } = declaration;
  const what = humanName(name);
  const props = properties(declaration);
  const types = new TypeRenderer();
  const inputs = props.filter((property) => !property.output);
  const typeOf = (property: Property, mode: Mode): string => types.render(property.unwrapped.core, mode, `${name}${pascal(property.name)}`);
  // What the state holds: an input held in another form has that form's type among the outputs.
  const stateTypeOf = (property: Property, mode: Mode): string =>
    types.render((property.stored ?? property.unwrapped).core, mode, `${name}${pascal(property.name)}${property.stored === undefined ? "" : "Stored"}`);

  const argsFields = inputs.map((property) => {
    const optional = property.unwrapped.optional || property.unwrapped.hasDefault;
    return `${tsdoc([propertyDoc(declaration, property, true)], "  ")}  ${property.name}${optional ? "?" : ""}: ${input(typeOf(property, "input"))};\n`;
  });
  const stateFields = props.map(
    (property) => `${tsdoc([propertyDoc(declaration, property, false, "state")], "  ")}  ${property.name}?: ${input(stateTypeOf(property, "input"))};\n`,
  );
  const outputFields = props.map((property) => {
    // `project` is filled in from the settings at check, so it is always there.
    const filled = property.name === "project" && declaration.projectScoped === true;
    const absent = property.unwrapped.optional && !property.unwrapped.hasDefault && !filled;
    const type = stateTypeOf(property, "output");
    return `${tsdoc([propertyDoc(declaration, property, false, "state")], "  ")}  declare public readonly ${property.name}: pulumi.Output<${type}${absent ? " | undefined" : ""}>;\n`;
  });

  const forms = importForms(declaration);
  const importDoc =
    declaration.importable === false
      ? `Cannot be imported: the API cannot read it back (\`${name}.get\` returns only what the id says).`
      : `Import with \`{ import: "${forms[0]}" }\`${
          forms.length > 1
            ? ` or a short form: ${forms
                .slice(1)
                .map((form) => `\`${form}\``)
                .join(", ")}`
            : ""
        }. ` + `Read one that exists, without managing it, with \`${name}.get(name, "${forms[0]}")\`.`;
  // Inputs the engine holds in another form: the SDK sends them in it (a function of a module without imports).
  const storedSdk = Object.entries(declaration.stored ?? {}).flatMap(([field, form]) => (form?.sdk === undefined ? [] : [[field, form.sdk] as const]));
  const list = (names: readonly string[]): string => `[${names.map((item) => JSON.stringify(item)).join(", ")}]`;
  const shape =
    `{\n  module: ${JSON.stringify(module)},\n  name: ${JSON.stringify(name)},\n  inputs: ${list(inputs.map((p) => p.name))},\n` +
    `  outputs: ${list(props.filter((p) => p.output).map((p) => p.name))},\n` +
    `${declaration.secretOutputs === undefined ? "" : `  secretOutputs: ${list(declaration.secretOutputs)},\n`}` +
    `${declaration.autoName === undefined ? "" : `  autoNamed: true,\n`}` +
    `${storedSdk.length === 0 ? "" : `  encode: { ${storedSdk.map(([field, sdk]) => `${field}: ${sdk.name}`).join(", ")} },\n`}}`;

  const text = [
    header(sourceOf(declaration)),
    'import * as pulumi from "@pulumi/pulumi";\n',
    'import { SvcResource, type ResourceShape } from "../internal/resource";\n',
    ...storedSdk.map(([, sdk]) => `import { ${sdk.name} } from "../../${sdk.module}";\n`),
    "\n",
    `const SHAPE: ResourceShape = ${shape};\n\n`,
    tsdoc([`The arguments of a {@link ${name}}.`], ""),
    `export interface ${name}Args {\n${argsFields.join("")}}\n\n`,
    tsdoc([`What is known of an existing {@link ${name}}, for {@link ${name}.get}.`], ""),
    `export interface ${name}State {\n${stateFields.join("")}}\n\n`,
    tsdoc([...declaration.docs.summary.split("\n\n"), importDoc, `@example\n\`\`\`ts\n${declaration.docs.example}\n\`\`\``], ""),
    `export class ${name} extends SvcResource {\n`,
    tsdoc(
      [
        `Reads ${withArticle(`existing ${what}`)} into the program by its id, \`${forms[0]}\`, without managing it: ` +
          "nothing is created, changed or deleted.",
        `@param name The Pulumi resource name.\n@param id The ${what}'s id.\n@param state What is known of it besides the id.\n@param opts Resource options.`,
      ],
      "  ",
    ),
    `  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ${name}State, opts?: pulumi.CustomResourceOptions): ${name} {\n`,
    `    return new ${name}(name, (state ?? {}) as ${storedSdk.length > 0 || declaration.stored !== undefined ? "unknown as " : ""}${name}Args, { ...opts, id });\n  }\n\n`,
    tsdoc(["The Pulumi type token of the class."], "  "),
    `  public static readonly __pulumiType = "pulumi-nodejs:dynamic/${module}:${name}";\n\n`,
    tsdoc([`Whether \`obj\` is ${withArticle(name)}, also when several copies of the SDK are loaded.`], "  "),
    `  public static override isInstance(obj: unknown): obj is ${name} {\n    return SvcResource.hasType(obj, ${name}.__pulumiType);\n  }\n\n`,
    ...outputFields.map((field) => `${field}\n`),
    tsdoc(
      [
        `Creates ${withArticle(what)}.`,
        `@param name The Pulumi resource name.\n@param args The ${what}'s properties.\n` +
          `@param opts Resource options${declaration.importable === false ? "" : `; \`import\` adopts ${withArticle(`existing ${what}`)}`}.`,
      ],
      "  ",
    ),
    `  constructor(name: string, args: ${name}Args, opts?: pulumi.CustomResourceOptions) {\n    super(SHAPE, name, args, opts);\n  }\n}\n`,
    ...[...types.interfaces.values()].map((body) => `\n${body}`),
  ];
  return text.join("");
}

function renderModuleIndex(module: string, resources: readonly ResourceDeclaration[], functions: boolean): string {
  const exports = resources.map((declaration) => `export * from "./${camel(declaration.name)}";\n`).sort();
  return `${header("provider/registry.ts")}\n${tsdoc([MODULE_DOCS[module] ?? module], "")}${exports.join("")}${functions ? 'export * from "./functions";\n' : ""}`;
}

function renderRootIndex(modules: readonly string[]): string {
  const doc = tsdoc(
    [
      "pulumi-svc: Pulumi resources for several REST APIs, one namespace per API.",
      '@example\n```ts\nimport * as svc from "pulumi-svc";\nconst zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });\n```',
    ],
    "",
  );
  return `${header("provider/registry.ts")}\n${doc}${modules.map((module) => `export * as ${module} from "./${module}";\n`).join("")}`;
}

/** Every generated SDK file, by path relative to the repository. */
export function renderSdk(): Map<string, string> {
  const files = new Map<string, string>();
  // A module of functions only (no declarations) is known by its API's manifest.
  const modules = [...new Set([...declarations.map((declaration) => declaration.module), ...Object.keys(MODULE_DOCS)])].sort();
  for (const module of modules) {
    const resources = declarations.filter((declaration) => declaration.module === module);
    for (const declaration of resources) files.set(`sdk/${module}/${camel(declaration.name)}.ts`, renderResource(declaration));
    const manifest = API_MANIFESTS.find((candidate) => candidate.name === module);
    const functions = manifest === undefined ? undefined : renderFunctions(manifest);
    if (functions !== undefined) files.set(`sdk/${module}/functions.ts`, functions);
    files.set(`sdk/${module}/index.ts`, renderModuleIndex(module, resources, functions !== undefined));
  }
  files.set("sdk/index.ts", renderRootIndex(modules));
  return files;
}

/** The provider plugin's generated files: its package schema (the version is the package's) and its list of function modules. */
export function renderPlugin(): Map<string, string> {
  return new Map([
    ["plugin/schema.json", renderSchema({ manifests: API_MANIFESTS, declarations, info: packageInfo(REPO_ROOT) })],
    ["plugin/functionModules.ts", renderFunctionModules(API_MANIFESTS)],
  ]);
}

/** The Pulumi Registry's pages of the package (docs/registry/), from the schema and the manifests. */
export function renderRegistry(): Map<string, string> {
  const info = packageInfo(REPO_ROOT);
  return renderRegistryDocs(JSON.parse(renderSchema({ manifests: API_MANIFESTS, declarations, info })) as Parameters<typeof renderRegistryDocs>[0], info);
}

if (require.main === module) {
  // The lists first: the rest is rendered from them, so a changed list means a fresh run that loads it.
  const changed = [...renderLists()].filter(([file, text]) => readFileSync(path.join(REPO_ROOT, file), "utf8") !== text);
  for (const [file, text] of changed) writeFileSync(path.join(REPO_ROOT, file), text);
  if (changed.length > 0) {
    console.log(`wrote ${changed.map(([file]) => file).join(", ")}; rendering again from them`);
    execFileSync(process.execPath, [require.resolve("ts-node/dist/bin.js"), "--transpile-only", __filename], { stdio: "inherit", cwd: REPO_ROOT });
  } else {
    for (const [file, text] of [...renderSdk(), ...renderPlugin(), ...renderRegistry()]) {
      mkdirSync(path.dirname(path.join(REPO_ROOT, file)), { recursive: true });
      writeFileSync(path.join(REPO_ROOT, file), text);
    }
    const current = (file: string): string | undefined =>
      existsSync(path.join(REPO_ROOT, file)) ? readFileSync(path.join(REPO_ROOT, file), "utf8") : undefined;
    const docs = renderDocs(current);
    for (const [file, text] of docs) writeFileSync(path.join(REPO_ROOT, file), text);
    const developersPath = path.join(REPO_ROOT, "DEVELOPERS.md");
    writeFileSync(developersPath, renderDevelopers(readFileSync(developersPath, "utf8")));
    console.log(`generated ${renderSdk().size} SDK files and the reference tables of ${[...docs.keys()].join(", ")}`);
  }
}
