/**
 * The Pulumi package schema of the provider plugin (`plugin/schema.json`), from the declarations
 * and the APIs' manifests: every resource (inputs, outputs, secrets, what replaces, nested types
 * and enums, docs, import forms), every read function as an invoke, and the provider's settings.
 * Other languages' SDKs are generated from it (scripts/codegen), and the plugin serves it
 * (GetSchema). `tests/unit/generated.test.ts` keeps the committed file fresh.
 */
import type { ApiManifest } from "../../provider/apiManifest";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { invokeOutputs, resultForm } from "../../plugin/invokeResult";
import { readFunctionsOf } from "./functions";
import { configVariables } from "./schemaConfig";
import { importForms, properties, propertyDoc } from "./properties";
import { ANY, SchemaTypes, schemaDefault, type PropertySpec, type TypeSpec } from "./schemaTypes";
import { functionToken, PACKAGE, resourceToken } from "../../provider/typeTokens";
import { pascal, unwrap, type Schema } from "./types";
import type { PackageInfo } from "./packageInfo";
import { addExamples } from "./examples";

interface Inputs {
  readonly manifests: readonly ApiManifest[];
  readonly declarations: readonly ResourceDeclaration[];
  /** The version, the repository, the plugin's download URL and the Go module path (packageInfo.ts; a release may give another download URL). */
  readonly info: PackageInfo;
}

function resourceDescription(declaration: ResourceDeclaration, typeToken: string): string {
  const forms = importForms(declaration);
  const adopt =
    declaration.importable === false
      ? "It cannot be imported: the API cannot read it back."
      : [
          "## Import",
          "",
          `An existing one is adopted by its id, \`${forms[0]}\`${
            forms.length > 1
              ? ` (or ${forms
                  .slice(1)
                  .map((form) => `\`${form}\``)
                  .join(", ")})`
              : ""
          }:`,
          "",
          "```sh",
          `$ pulumi import ${typeToken} <name> '${forms[0]}'`,
          "```",
        ].join("\n");
  return [declaration.docs.summary, adopt].join("\n\n");
}

function resourceSpec(declaration: ResourceDeclaration, types: SchemaTypes, typeToken: string): Record<string, unknown> {
  const secrets = new Set(declaration.secretOutputs ?? []);
  const inputProperties: Record<string, PropertySpec> = {};
  const outputProperties: Record<string, PropertySpec> = {};
  const requiredInputs: string[] = [];
  const required: string[] = [];
  for (const property of properties(declaration)) {
    const { core, optional, hasDefault, defaultValue } = property.unwrapped;
    const type = types.render(core, declaration.module, `${declaration.name}${pascal(property.name)}`);
    const common = { ...type, ...(secrets.has(property.name) && { secret: true }) };
    // An input the state holds in another form has that form's type among the outputs.
    const stored =
      property.stored === undefined ? {} : types.render(property.stored.core, declaration.module, `${declaration.name}${pascal(property.name)}Stored`);
    outputProperties[property.name] = { ...common, ...stored, description: propertyDoc(declaration, property, false, "state") };
    // `project` is filled in from the settings when left out, so it is always there afterwards.
    const filled = property.name === "project" && declaration.projectScoped === true;
    if ((!optional || hasDefault || filled) && !(property.output && optional)) required.push(property.name);
    if (property.output) continue;
    inputProperties[property.name] = {
      ...common,
      description: propertyDoc(declaration, property, true),
      ...schemaDefault(hasDefault, defaultValue),
      ...(property.change === "replaces" && { replaceOnChanges: true }),
    };
    if (!optional && !hasDefault) requiredInputs.push(property.name);
  }
  return {
    description: resourceDescription(declaration, typeToken),
    properties: outputProperties,
    ...(required.length > 0 && { required }),
    inputProperties,
    ...(requiredInputs.length > 0 && { requiredInputs }),
  };
}

function functionSpec(fn: ReturnType<typeof readFunctionsOf>[number], types: SchemaTypes): Record<string, unknown> {
  const hint = pascal(fn.exportName);
  const inputs = fn.args === undefined ? undefined : types.fields(fn.args.shape, fn.api, hint, { inputs: true });
  const form = resultForm(fn.result);
  let outputs: { properties: Record<string, PropertySpec>; required: string[] };
  if (form === "object") {
    const shape = (unwrap(fn.result as Schema).core._zod.def as unknown as { shape?: Record<string, Schema> }).shape ?? {};
    outputs = types.fields(shape, fn.api, `${hint}Result`);
  } else {
    const key = Object.keys(invokeOutputs(form, undefined))[0] as string;
    const type: TypeSpec = fn.result === undefined ? ANY : types.render(unwrap(fn.result).core, fn.api, `${hint}Result`);
    outputs = {
      properties: { [key]: { ...type, description: form === "items" ? "The items, every page read." : "The result." } },
      required: [key],
    };
  }
  return {
    description: `${fn.doc}\n\nRequest: \`${fn.request}\`.`,
    ...(inputs !== undefined && { inputs: { properties: inputs.properties, ...(inputs.required.length > 0 && { required: inputs.required }) } }),
    outputs: { properties: outputs.properties, ...(outputs.required.length > 0 && { required: outputs.required }) },
  };
}

const sorted = <T>(entries: Iterable<[string, T]>): Record<string, T> => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The package schema as an object (keys in a stable order). */
export function schemaOf({ manifests, declarations, info }: Inputs): Record<string, unknown> {
  const types = new SchemaTypes();
  const resources = declarations.map((declaration): [string, unknown] => {
    const typeToken = resourceToken(declaration);
    return [typeToken, resourceSpec(declaration, types, typeToken)];
  });
  const functions = manifests.flatMap((manifest) =>
    readFunctionsOf(manifest.name).map((fn): [string, unknown] => [functionToken(manifest.name, fn.exportName), functionSpec(fn, types)]),
  );
  const variables = configVariables(manifests, declarations);
  const schema = {
    name: PACKAGE,
    displayName: "pulumi-svc",
    publisher: "pulumi-svc",
    version: info.version,
    description: "Resources for DNS, calendar, quota, CI, activity-report, ad-mediation and code-host REST APIs, with a local emulator of every API.",
    keywords: ["pulumi", PACKAGE, ...manifests.map((manifest) => manifest.name), "category/infrastructure"],
    license: "Apache-2.0",
    homepage: info.repository,
    repository: info.repository,
    // The SDKs pass it on with every registration, so the engine fetches the plugin by itself.
    pluginDownloadURL: info.pluginDownloadURL,
    meta: { moduleFormat: "(.*)(?:/[^/]*)" },
    language: {
      csharp: { rootNamespace: "Pulumi", packageReferences: { Pulumi: "3.*" }, respectSchemaVersion: true },
      go: { importBasePath: info.goModule, generateResourceContainerTypes: false, respectSchemaVersion: true },
      // The Java SDK's classes are com.pulumi.svc.*, its Maven coordinates com.pulumi:svc (as Pulumi's Java tooling
      // expects of a package named svc); scripts/gen-sdks.sh writes its pom.xml, so no Gradle files.
      java: { basePackage: "com.pulumi", buildFiles: "none" },
      // The typed TypeScript SDK of the plugin is this package's second entry point: code that `pulumi import`
      // writes imports it by that name.
      nodejs: { packageName: "pulumi-svc/plugin", respectSchemaVersion: true },
      python: { packageName: "pulumi_svc", requires: { pulumi: ">=3.0.0,<4.0.0" }, respectSchemaVersion: true, pyproject: { enabled: true } },
    },
    config: { variables: sorted(Object.entries(variables)) },
    provider: {
      description:
        "The provider of pulumi-svc's resources: where each API is and how to authenticate to it (each setting falls back to its environment variable).",
      inputProperties: sorted(Object.entries(variables)),
    },
    resources: sorted(resources),
    functions: sorted(functions),
    types: sorted(types.types),
  };
  addExamples(schema as unknown as Parameters<typeof addExamples>[0], declarations, resourceToken, info.goModule);
  return schema;
}

/** The schema file's text. */
export function renderSchema(inputs: Inputs): string {
  return `${JSON.stringify(schemaOf(inputs), null, 2)}\n`;
}

/** `plugin/functionModules.ts`: every API's read-function module, by API name, for the plugin's invokes. */
export function renderFunctionModules(manifests: readonly ApiManifest[]): string {
  const apis = manifests.map((manifest) => manifest.name).filter((api) => readFunctionsOf(api).length > 0);
  return [
    "// Generated by scripts/generate.ts from provider/apis/*/functions.ts. Do not edit this file:",
    "// change the declaration, then run `npm run generate`.",
    "",
    "/** Every API's read functions (`provider/apis/<api>/functions.ts`), by API name: the plugin's invokes. */",
    ...apis.map((api) => `import * as ${api} from "../provider/apis/${api}/functions";`),
    "",
    `export const FUNCTION_MODULES: Readonly<Record<string, Record<string, unknown>>> = { ${apis.join(", ")} };`,
    "",
  ].join("\n");
}
