/**
 * The adopted objects as a program of the provider plugin's SDKs, for `pulumi import --file` of
 * the same objects: TypeScript (`pulumi-svc/plugin`), Python (`pulumi_svc`) and YAML, each
 * resource named as the import file names it, with its inputs as the dynamic program's (program.ts)
 * and its parent as a reference; or the dynamic SDK's TypeScript with `{ import }` on each object,
 * which `pulumi up` adopts. Names are each SDK's: Python's are snake_case, as Pulumi's Python
 * generator makes them (the same rule as the Registry examples' writer,
 * scripts/generator/examples/schemaTypes.ts; tests/unit/importLanguages.test.ts holds them to the
 * generated SDK); maps keep their keys.
 */
import type { z } from "zod";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { resourceToken } from "../../provider/typeTokens";
import type { Found } from "./discover";
import { literal, type Named } from "./program";
import { unwrap } from "./terraform/values";

export const LANGUAGES = ["typescript", "python", "yaml", "typescript-dynamic"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where a program of each language goes, beside the import file. */
export const PROGRAM_FILES: Readonly<Record<Language, string>> = {
  typescript: "adopted.ts",
  python: "adopted.py",
  yaml: "adopted.yaml",
  "typescript-dynamic": "adopted.ts",
};

/** One object of the program: what it is, and the words written above it. */
export interface ProgramObject extends Named {
  readonly comments: readonly string[];
  /** Not there to adopt (a zone file's record set the live zone lacks): the next `up` makes it, so no `{ import }` and no entry in the import file. */
  readonly create?: boolean;
}

/** A Python name, as Pulumi's Python SDKs name a property: `dnsName` is `dns_name`, `ipv4Address` is `ipv4_address`. */
export const pythonName = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();

const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const pythonVariable = (name: string): string => (PYTHON_KEYWORDS.has(name) ? `${name}_` : name);

type Kind = "object" | "record" | "array" | "scalar";
const kindOf = (schema: z.ZodType | undefined): { kind: Kind; inner: z.ZodType | undefined } => {
  if (schema === undefined) return { kind: "scalar", inner: undefined };
  const inner = unwrap(schema);
  const type = (inner as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  return { kind: type === "object" || type === "record" || type === "array" ? type : "scalar", inner };
};
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
const defOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => (schema as unknown as { _zod: { def: Record<string, z.ZodType> } })._zod.def;

/** Each input's value, or the reference that gives it, in the declaration's order of inputs. */
function inputsOf(found: Found, variables: ReadonlyMap<Found, string>): Array<{ field: string; value: unknown; reference?: string }> {
  const parent = found.parent === undefined ? undefined : variables.get(found.parent);
  return Object.keys(found.declaration.args.shape)
    .filter((field) => found.inputs[field] !== undefined)
    .map((field) => {
      const property = found.references[field];
      return property !== undefined && parent !== undefined
        ? { field, value: undefined, reference: `${parent}.${property}` }
        : { field, value: found.inputs[field] };
    });
}

const commentLines = (marker: string, comments: readonly string[]): string => comments.map((line) => `${marker} ${line}\n`).join("");

// ---------------------------------------------------------------- TypeScript

function typescript(objects: readonly ProgramObject[], header: readonly string[], dynamic: boolean): string {
  const variables = new Map(objects.map(({ found, variable }) => [found, variable]));
  const body = objects.map(({ found, variable, comments, create }) => {
    const lines = inputsOf(found, variables).map(({ field, value, reference }) => `  ${field}: ${reference ?? literal(value, "  ")},`);
    const options = dynamic && create !== true ? `, { import: ${JSON.stringify(found.id)} }` : "";
    return `${commentLines("//", comments)}export const ${variable} = new svc.${found.declaration.module}.${found.declaration.name}(${JSON.stringify(variable)}, {\n${lines.join("\n")}\n}${options});`;
  });
  return [commentLines("//", header).trimEnd(), `import * as svc from "${dynamic ? "pulumi-svc" : "pulumi-svc/plugin"}";`, ...body].join("\n\n") + "\n";
}

// ---------------------------------------------------------------- Python

function pythonValue(value: unknown, schema: z.ZodType | undefined, indent: string): string {
  const { kind, inner } = kindOf(schema);
  if (Array.isArray(value)) {
    const element = kind === "array" ? defOf(inner)["element"] : undefined;
    const items = value.map((item) => pythonValue(item, element, `${indent}    `));
    const inline = `[${items.join(", ")}]`;
    return inline.length <= 80 && !inline.includes("\n") ? inline : `[\n${items.map((item) => `${indent}    ${item},`).join("\n")}\n${indent}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    const shape = kind === "object" ? shapeOf(inner) : undefined;
    const values = kind === "record" ? defOf(inner)["valueType"] : undefined;
    const members = entries.map(
      ([key, member]) =>
        `${indent}    ${JSON.stringify(shape === undefined ? key : pythonName(key))}: ${pythonValue(member, shape?.[key] ?? values, `${indent}    `)},`,
    );
    return members.length === 0 ? "{}" : `{\n${members.join("\n")}\n${indent}}`;
  }
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null) return "None";
  return JSON.stringify(value);
}

function python(objects: readonly ProgramObject[], header: readonly string[]): string {
  const variables = new Map(objects.map(({ found, variable }) => [found, pythonVariable(variable)]));
  const body = objects.map(({ found, variable, comments }) => {
    const shape = found.declaration.args.shape as Record<string, z.ZodType>;
    const args = inputsOf(found, variables).map(({ field, value, reference }) => {
      const written =
        reference === undefined
          ? pythonValue(value, shape[field], "    ")
          : reference.replace(/\.([A-Za-z0-9]+)$/, (_match, name: string) => `.${pythonName(name)}`);
      return `    ${pythonName(field)}=${written},`;
    });
    const name = pythonVariable(variable);
    return `${commentLines("#", comments)}${name} = svc.${found.declaration.module}.${found.declaration.name}(\n    ${JSON.stringify(variable)},\n${args.join("\n")}\n)`;
  });
  return [commentLines("#", header).trimEnd(), "import pulumi_svc as svc", ...body].join("\n\n") + "\n";
}

// ---------------------------------------------------------------- YAML

const yamlKey = (key: string): string =>
  /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(key) ? key : JSON.stringify(key);

/** A value under a key: scalars on its line, lists and maps as blocks (JSON's strings are YAML's double-quoted ones). */
function yamlValue(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== "object" || item === null)) return ` [${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    return value
      .map((item) => {
        const block = yamlValue(item, `${indent}  `);
        return `\n${indent}- ${block.replace(/^\n\s*/, "")}`;
      })
      .join("");
  }
  if (typeof value === "object" && value !== null) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => `\n${indent}${yamlKey(key)}:${yamlValue(member, `${indent}  `)}`)
      .join("");
  }
  return ` ${JSON.stringify(value)}`;
}

function yaml(objects: readonly ProgramObject[], header: readonly string[]): string {
  const variables = new Map(objects.map(({ found, variable }) => [found, variable]));
  const body = objects.map(({ found, variable, comments }) => {
    const properties = inputsOf(found, variables)
      .map(({ field, value, reference }) => `\n      ${field}:${reference === undefined ? yamlValue(value, "        ") : ` \${${reference}}`}`)
      .join("");
    return `${commentLines("  #", comments)}  ${variable}:\n    type: ${resourceToken(found.declaration)}\n    properties:${properties}`;
  });
  return `${commentLines("#", header)}resources:\n${body.join("\n")}\n`;
}

export function programIn(language: Language, objects: readonly ProgramObject[], header: readonly string[]): string {
  switch (language) {
    case "typescript":
      return typescript(objects, header, false);
    case "typescript-dynamic":
      return typescript(objects, header, true);
    case "python":
      return python(objects, header);
    case "yaml":
      return yaml(objects, header);
  }
}

/** A declaration as its SDKs name it in words: `svc.dns.RecordSet`. */
export const sdkName = (declaration: ResourceDeclaration): string => `svc.${declaration.module}.${declaration.name}`;
