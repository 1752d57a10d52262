/**
 * The program `svc-import` writes: one SDK resource per adopted object, with only the
 * inputs a person would write, references to its parent as references, stable names,
 * and the objects left out as comments. Same objects, same bytes: everything is sorted.
 */
import type { Adoption } from "../../provider/engine/declaration/adoption";
import { resourceToken } from "../../provider/typeTokens";
import { typeKey, type ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import type { Discovery, Found, LeftOut } from "./discover";

/** TypeScript words a variable cannot be named. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package " +
    "private protected public await svc pulumi"
  ).split(" "),
);

/** The written program's objects: sorted (parents' types first, then by id) and named. */
export interface Named {
  readonly found: Found;
  readonly variable: string;
}

/** Natural order (host2 before host10), the same on every machine: runs of digits compare as numbers. */
export function naturalCompare(a: string, b: string): number {
  const parts = (text: string): string[] => text.match(/\d+|\D+/g) ?? [];
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

function compareIds(a: Found, b: Found): number {
  return naturalCompare(a.id, b.id);
}

export function nameAll(discovery: Discovery, order: readonly ResourceDeclaration[]): Named[] {
  const rank = (found: Found): number => order.indexOf(found.declaration);
  const sorted = [...discovery.found].sort((a, b) => rank(a) - rank(b) || compareIds(a, b));
  const taken = new Set<string>();
  const variables = new Map<Found, string>();
  return sorted.map((found) => {
    const base = identifier(fillName((found.declaration.adoption as Adoption).naming, found, variables));
    let variable = base;
    for (let suffix = 2; taken.has(variable); suffix++) variable = `${base}_${suffix}`;
    taken.add(variable);
    variables.set(found, variable);
    return { found, variable };
  });
}

function fillName(template: string, found: Found, variables: ReadonlyMap<Found, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, path: string) => {
    if (path === "parent") return found.parent === undefined ? "" : (variables.get(found.parent) ?? "");
    const value = path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], { ...found.inputs, ...found.state });
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  });
}

/** A readable identifier: `www.example.com.` + `A` is `www_example_com_A`. */
export function identifier(text: string): string {
  const name = text
    .replace(/\*/g, "wildcard")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  if (name === "") return "object";
  if (/^[0-9]/.test(name)) return `_${name}`;
  return RESERVED.has(name) ? `${name}_` : name;
}

/** A value as TypeScript source: short lists on one line, objects with sorted keys one member per line. */
export function literal(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => literal(item, `${indent}  `));
    const inline = `[${items.join(", ")}]`;
    if (inline.length <= 80 && !inline.includes("\n")) return inline;
    return `[\n${items.map((item) => `${indent}  ${item},`).join("\n")}\n${indent}]`;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([key, member]) => `${indent}  ${propertyKey(key)}: ${literal(member, `${indent}  `)},`).join("\n")}\n${indent}}`;
  }
  // Record data is full of double quotes (TXT, CAA): single-quoted, it reads as written in a zone file.
  if (typeof value === "string" && value.includes('"') && !value.includes("'")) {
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"')}'`;
  }
  return JSON.stringify(value);
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function declarationOf(named: Named, variables: ReadonlyMap<Found, string>): string {
  const { found, variable } = named;
  const { declaration, inputs, references } = found;
  const lines = Object.keys(declaration.args.shape)
    .filter((field) => inputs[field] !== undefined)
    .map((field) => {
      const reference = references[field];
      const parent = found.parent === undefined ? undefined : variables.get(found.parent);
      const value = reference !== undefined && parent !== undefined ? `${parent}.${reference}` : literal(inputs[field], "  ");
      return `  ${field}: ${value},`;
    });
  const drift = found.drift.length === 0 ? "" : `// svc-import: after adoption, up would still change ${found.drift.join(", ")}: check these values.\n`;
  return (
    `${holdsComment(found, variables)}${drift}export const ${variable} = new svc.${declaration.module}.${declaration.name}(${JSON.stringify(variable)}, {\n` +
    `${lines.join("\n")}\n}, { import: ${JSON.stringify(found.id)} });`
  );
}

/** Why one object stands for many (`adoption.gathers`), and the flag that writes them each as its own. */
function holdsComment(found: Found, variables: ReadonlyMap<Found, string>): string {
  const gathers = (found.declaration.adoption as Adoption).gathers;
  if (found.holds === undefined || gathers === undefined) return "";
  const parent = found.parent === undefined ? "" : ` of ${variables.get(found.parent) ?? ""}`;
  const why = found.holds.chosen === "flag" ? `--${gathers.flag}` : `more than ${gathers.above}`;
  return `// svc-import: holds the ${found.holds.count} svc.${gathers.members.replace(":", ".")}${parent} (${why}); --${gathers.apartFlag} writes each as its own.\n`;
}

function leftOutComment(leftOut: LeftOut): string {
  return `// Left out: svc.${leftOut.declaration.module}.${leftOut.declaration.name} ${leftOut.what}: ${leftOut.reason}.`;
}

/** The module: a header, the never-adopted resources of the API, each object, then what was left out. */
export function programText(named: readonly Named[], discovery: Discovery, never: readonly ResourceDeclaration[], command: string): string {
  const variables = new Map(named.map(({ found, variable }) => [found, variable]));
  const header = [
    `// Written by svc-import (pulumi-svc): ${command}`,
    "// Each object is adopted by its `import` option on the next `pulumi up`, which then sends no write; the option",
    "// can stay afterwards (it is ignored once the object is in the stack's state).",
    ...never.map((declaration) => `// Never adopted: svc.${declaration.module}.${declaration.name}: ${(declaration.adoption as { never: string }).never}.`),
  ];
  const leftOut = [...discovery.leftOut].sort((a, b) => (typeKey(a.declaration) + a.what < typeKey(b.declaration) + b.what ? -1 : 1)).map(leftOutComment);
  const body = named.map((object) => declarationOf(object, variables));
  return [header.join("\n"), 'import * as svc from "pulumi-svc";', ...body, ...(leftOut.length > 0 ? [leftOut.join("\n")] : [])].join("\n\n") + "\n";
}

/** For other tools: type, name and id of each object, and what was left out. */
export function listingJson(named: readonly Named[], discovery: Discovery): unknown {
  return {
    resources: named.map(({ found, variable }) => ({ type: `svc.${found.declaration.module}.${found.declaration.name}`, name: variable, id: found.id })),
    leftOut: discovery.leftOut
      .map(({ declaration, what, reason }) => ({ type: `svc.${declaration.module}.${declaration.name}`, id: what, reason }))
      .sort((a, b) => (a.type + a.id < b.type + b.id ? -1 : 1)),
  };
}

/**
 * A Pulumi import file (`pulumi import --file`): each object by its provider plugin type token and
 * id, for a program of any language; the engine reads each and writes the program's code.
 */
export function importFile(named: readonly Named[]): unknown {
  return { resources: named.map(({ found, variable }) => ({ type: resourceToken(found.declaration), name: variable, id: found.id })) };
}
