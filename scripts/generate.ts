/**
 * Generates the SDK (`sdk/<module>/<resource>.ts`, `sdk/<module>/index.ts`,
 * `sdk/index.ts`) and the README's reference tables from the declarations in
 * `provider/registry.ts`, so that a resource's inputs, outputs, immutables,
 * import forms and docs are written once, in its declaration.
 *
 * `npm run generate` writes the files; `tests/unit/generated.test.ts` renders
 * them in memory and fails when the files on disk differ.
 *
 * Types are rendered by walking the zod schemas (not z.toJSONSchema): the
 * walk knows which inputs have defaults (optional in `Args`, present in
 * outputs) and keeps enums as string-literal unions. One file, over the usual
 * size, because the type walk, the class text and the README tables read
 * together as one template.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { ResourceDeclaration } from "../provider/engine/declaration";
import { declarations } from "../provider/registry";
import { API_MANIFESTS } from "../provider/apis";
import { cell, header, tsdoc } from "./generator/text";
import { readmeFunctionsTable, renderFunctions } from "./generator/functions";
import { camel, input, pascal, TypeRenderer, unwrap, type Mode, type Unwrapped } from "./generator/types";

export const REPO_ROOT = path.resolve(__dirname, "..");

/** What each SDK namespace is about (its index.ts doc). */
/** Each SDK namespace's doc, from its API's manifest (provider/<api>/api.ts). */
const MODULE_DOCS: Readonly<Record<string, string>> = Object.fromEntries(API_MANIFESTS.map((manifest) => [manifest.name, manifest.doc]));

/** What a declaration says about one property, for docs and tables. */
interface Property {
  readonly name: string;
  readonly unwrapped: Unwrapped;
  readonly output: boolean;
  /** "replaces", "in place", "in place (no request)", "request option (never a change)" or "output". */
  readonly change: string;
}

function properties(declaration: ResourceDeclaration): Property[] {
  const immutable = new Set<string>(declaration.immutable);
  const local = new Set<string>(declaration.localInputs ?? []);
  const inputs = Object.entries(declaration.args.shape).map(([name, schema]): Property => {
    const unwrapped = unwrap(schema);
    if (unwrapped.description === undefined) {
      throw new Error(`scripts/generate.ts: svc.${declaration.module}.${declaration.name}.${name} has no .meta({ description })`);
    }
    const change =
      declaration.requestOptions?.[name] !== undefined
        ? "request option (never a change)"
        : immutable.has(name) || declaration.update === "none"
          ? "replaces"
          : local.has(name)
            ? "in place (no request)"
            : "in place";
    return { name, unwrapped, output: false, change };
  });
  const outputs = Object.entries(declaration.outputs).map(([name, schema]): Property => {
    const unwrapped = unwrap(schema);
    if (unwrapped.description === undefined) {
      throw new Error(`scripts/generate.ts: output ${declaration.name}.${name} has no .meta({ description })`);
    }
    return { name, unwrapped, output: true, change: "output" };
  });
  return [...inputs, ...outputs];
}

/** The doc of a property as the SDK and the README show it: its description plus what the declaration implies. */
function propertyDoc(declaration: ResourceDeclaration, property: Property, withChange: boolean): string {
  const { description, hasDefault, defaultValue, core } = property.unwrapped;
  const what = humanName(declaration.name);
  const parts = [description ?? ""];
  const def = core._zod.def as unknown as { type: string; entries?: Record<string, string> };
  if (def.type === "enum" && withChange === false)
    parts.push(
      `One of ${Object.values(def.entries ?? {})
        .map((v) => `\`${v}\``)
        .join(", ")}.`,
    );
  if (hasDefault) parts.push(`Default: \`${JSON.stringify(defaultValue)}\`.`);
  if ((declaration.secretOutputs ?? []).includes(property.name)) parts.push("Kept as a Pulumi secret.");
  if (withChange && property.change === "replaces") parts.push(`Changing it replaces the ${what}.`);
  if (withChange && property.change.startsWith("in place")) parts.push("Updated in place.");
  return parts.join(" ");
}

/** `ManagedZoneIamBinding` → `managed zone IAM binding`. */
function humanName(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\biam\b/g, "IAM");
}

const shownForm = (template: string): string => template.replace(/\{([A-Za-z0-9]+)\*\}/g, "{$1}");

function importForms(declaration: ResourceDeclaration): string[] {
  return [declaration.id.format, ...declaration.id.importFormats].map(shownForm);
}

/** The declaration's source file, for the generated-file header. */
function sourceOf(declaration: ResourceDeclaration): string {
  const folder = path.join(REPO_ROOT, "provider", declaration.module);
  const file = readdirSync(folder)
    .sort()
    .find((candidate) => readFileSync(path.join(folder, candidate), "utf8").includes(`name: "${declaration.name}",`));
  if (file === undefined) throw new Error(`scripts/generate.ts: no file in provider/${declaration.module} declares ${declaration.name}`);
  return `provider/${declaration.module}/${file}`;
}

function renderResource(declaration: ResourceDeclaration): string {
  const { module, name } = declaration;
  const what = humanName(name);
  const props = properties(declaration);
  const types = new TypeRenderer();
  const inputs = props.filter((property) => !property.output);
  const typeOf = (property: Property, mode: Mode): string => types.render(property.unwrapped.core, mode, `${name}${pascal(property.name)}`);

  const argsFields = inputs.map((property) => {
    const optional = property.unwrapped.optional || property.unwrapped.hasDefault;
    return `${tsdoc([propertyDoc(declaration, property, true)], "  ")}  ${property.name}${optional ? "?" : ""}: ${input(typeOf(property, "input"))};\n`;
  });
  const stateFields = props.map(
    (property) => `${tsdoc([propertyDoc(declaration, property, false)], "  ")}  ${property.name}?: ${input(typeOf(property, "input"))};\n`,
  );
  const outputFields = props.map((property) => {
    // `project` is filled in from the settings at check, so it is always there.
    const filled = property.name === "project" && declaration.projectScoped === true;
    const absent = property.unwrapped.optional && !property.unwrapped.hasDefault && !filled;
    const type = typeOf(property, "output");
    return `${tsdoc([propertyDoc(declaration, property, false)], "  ")}  declare public readonly ${property.name}: pulumi.Output<${type}${absent ? " | undefined" : ""}>;\n`;
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
  const list = (names: readonly string[]): string => `[${names.map((item) => JSON.stringify(item)).join(", ")}]`;
  const shape =
    `{\n  module: ${JSON.stringify(module)},\n  name: ${JSON.stringify(name)},\n  inputs: ${list(inputs.map((p) => p.name))},\n` +
    `  outputs: ${list(props.filter((p) => p.output).map((p) => p.name))},\n` +
    `${declaration.secretOutputs === undefined ? "" : `  secretOutputs: ${list(declaration.secretOutputs)},\n`}` +
    `${declaration.autoName === undefined ? "" : `  autoNamed: true,\n`}}`;

  const text = [
    header(sourceOf(declaration)),
    'import * as pulumi from "@pulumi/pulumi";\n',
    'import { SvcResource, type ResourceShape } from "../internal/resource";\n\n',
    `const SHAPE: ResourceShape = ${shape};\n\n`,
    tsdoc([`The arguments of a {@link ${name}}.`], ""),
    `export interface ${name}Args {\n${argsFields.join("")}}\n\n`,
    tsdoc([`What is known of an existing {@link ${name}}, for {@link ${name}.get}.`], ""),
    `export interface ${name}State {\n${stateFields.join("")}}\n\n`,
    tsdoc([...declaration.docs.summary.split("\n\n"), importDoc, `@example\n\`\`\`ts\n${declaration.docs.example}\n\`\`\``], ""),
    `export class ${name} extends SvcResource {\n`,
    tsdoc(
      [
        `Reads an existing ${what} into the program by its id, \`${forms[0]}\`, without managing it: ` + "nothing is created, changed or deleted.",
        `@param name The Pulumi resource name.\n@param id The ${what}'s id.\n@param state What is known of it besides the id.\n@param opts Resource options.`,
      ],
      "  ",
    ),
    `  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ${name}State, opts?: pulumi.CustomResourceOptions): ${name} {\n`,
    `    return new ${name}(name, (state ?? {}) as ${name}Args, { ...opts, id });\n  }\n\n`,
    tsdoc(["The Pulumi type token of the class."], "  "),
    `  public static readonly __pulumiType = "pulumi-nodejs:dynamic/${module}:${name}";\n\n`,
    tsdoc([`Whether \`obj\` is a ${name}, also when several copies of the SDK are loaded.`], "  "),
    `  public static override isInstance(obj: unknown): obj is ${name} {\n    return SvcResource.hasType(obj, ${name}.__pulumiType);\n  }\n\n`,
    ...outputFields.map((field) => `${field}\n`),
    tsdoc(
      [
        `Creates a ${what}.`,
        `@param name The Pulumi resource name.\n@param args The ${what}'s properties.\n` +
          `@param opts Resource options${declaration.importable === false ? "" : `; \`import\` adopts an existing ${what}`}.`,
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

/** The README table of one resource: every input and output, how a change applies, the doc. */
function readmeTable(declaration: ResourceDeclaration): string {
  const rows = properties(declaration).map((property) => {
    const required = !property.output && !property.unwrapped.optional && !property.unwrapped.hasDefault;
    return `| \`${property.name}\`${required ? " (required)" : ""} | ${property.change} | ${cell(propertyDoc(declaration, property, false))} |`;
  });
  return ["| property | on change | |", "|---|---|---|", ...rows].join("\n");
}

function readmeImportTable(): string {
  const rows = declarations.map((declaration) => {
    const forms =
      declaration.importable === false
        ? "cannot be imported (the API cannot read it back)"
        : importForms(declaration)
            .map((form) => `\`${form}\``)
            .join(", ");
    return `| \`${declaration.module}.${declaration.name}\` | ${cell(forms)} |`;
  });
  return ["| resource | import ids (the first is the id `get` takes) |", "|---|---|", ...rows].join("\n");
}

/** How `svc-import` finds each resource's objects (its declaration's `adoption`), or why it never adopts them. */
function readmeAdoptionTable(): string {
  const rows = declarations.map((declaration) => {
    const adoption = declaration.adoption;
    let how: string;
    if (adoption === undefined) how = "not adopted";
    else if ("never" in adoption) how = `never: ${adoption.never}`;
    else {
      const from = adoption.list === undefined ? "read by its id" : `listed at \`${adoption.list.path}\``;
      const scope = adoption.scope !== undefined ? ` (\`svc-import ${declaration.api} --${adoption.scope.flag} ${adoption.scope.example}\`)` : "";
      const under = adoption.under !== undefined ? `, for each adopted \`${adoption.under.type.replace(":", ".")}\`` : "";
      how = `${from}${scope}${under}`;
    }
    return `| \`${declaration.module}.${declaration.name}\` | ${cell(how)} |`;
  });
  return ["| resource | how `svc-import` finds it |", "|---|---|", ...rows].join("\n");
}

/** The README's generated sections, by marker key. */
export function readmeSections(): Map<string, string> {
  const sections = new Map<string, string>();
  for (const declaration of declarations) sections.set(`${declaration.module}.${declaration.name}`, readmeTable(declaration));
  sections.set("import-ids", readmeImportTable());
  sections.set("adoption", readmeAdoptionTable());
  for (const manifest of API_MANIFESTS) {
    const table = readmeFunctionsTable(manifest);
    if (table !== undefined) sections.set(`functions-${manifest.name}`, table);
  }
  return sections;
}

/**
 * Where the section of a resource that has none yet goes: after the last section of its module,
 * or, for the first resource of a module, before the README's "### Functions" heading. So a new
 * resource needs no README edit; prose about it can be written around its table afterwards.
 */
function placeNewSection(text: string, key: string, section: string): string {
  const module = key.split(".")[0] ?? key;
  const ends = [...text.matchAll(new RegExp(`<!-- generated:${module}\\.[A-Za-z]+:end -->`, "g"))];
  const last = ends[ends.length - 1];
  const heading = `### \`svc.${key}\`\n\n${section}`;
  if (last?.index !== undefined) {
    const at = last.index + last[0].length;
    return `${text.slice(0, at)}\n\n${heading}${text.slice(at)}`;
  }
  const functions = text.indexOf("\n### Functions\n");
  if (functions === -1) throw new Error(`README.md has no section of module ${module} and no "### Functions" heading to put ${key} before`);
  return `${text.slice(0, functions)}\n${heading}\n${text.slice(functions)}`;
}

/** The README with every generated section replaced (a resource's new section added where it belongs). */
export function renderReadme(readme: string): string {
  let text = readme;
  for (const [key, body] of readmeSections()) {
    const start = `<!-- generated:${key}:start (scripts/generate.ts from the declarations; do not edit, run npm run generate) -->`;
    const end = `<!-- generated:${key}:end -->`;
    const pattern = new RegExp(`<!-- generated:${key.replace(/\./g, "\\.")}:start[^>]*-->[\\s\\S]*?<!-- generated:${key.replace(/\./g, "\\.")}:end -->`);
    if (pattern.test(text)) {
      text = text.replace(pattern, () => `${start}\n${body}\n${end}`);
    } else if (key.includes(".")) {
      text = placeNewSection(text, key, `${start}\n${body}\n${end}`);
    } else {
      throw new Error(`README.md has no <!-- generated:${key}:start --> ... <!-- generated:${key}:end --> section`);
    }
  }
  return text;
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

if (require.main === module) {
  for (const [file, text] of renderSdk()) writeFileSync(path.join(REPO_ROOT, file), text);
  const readmePath = path.join(REPO_ROOT, "README.md");
  writeFileSync(readmePath, renderReadme(readFileSync(readmePath, "utf8")));
  console.log(`generated ${renderSdk().size} SDK files and the README's reference tables`);
}
