/**
 * The README's generated sections: each resource's property table, the import ids, how
 * `svc-import` finds each resource, and each API's read functions. A section lives between
 * `<!-- generated:<key>:start -->` and `<!-- generated:<key>:end -->` markers.
 */
import { declarations } from "../../provider/registry";
import { API_MANIFESTS } from "../../provider/apis";
import type { ResourceDeclaration } from "../../provider/engine/declaration";
import { customCodeTable } from "./customCode";
import { readmeFunctionsTable } from "./functions";
import { importForms, properties, propertyDoc } from "./properties";
import { cell } from "./text";

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

/** `text` with each section of `sections` replaced between its markers; a resource's new section is added where it belongs. */
function replaceSections(text: string, sections: ReadonlyMap<string, string>, file: string): string {
  let result = text;
  for (const [key, body] of sections) {
    const start = `<!-- generated:${key}:start (scripts/generate.ts from the declarations; do not edit, run npm run generate) -->`;
    const end = `<!-- generated:${key}:end -->`;
    const pattern = new RegExp(`<!-- generated:${key.replace(/\./g, "\\.")}:start[^>]*-->[\\s\\S]*?<!-- generated:${key.replace(/\./g, "\\.")}:end -->`);
    if (pattern.test(result)) {
      result = result.replace(pattern, () => `${start}\n${body}\n${end}`);
    } else if (key.includes(".")) {
      result = placeNewSection(result, key, `${start}\n${body}\n${end}`);
    } else {
      throw new Error(`${file} has no <!-- generated:${key}:start --> ... <!-- generated:${key}:end --> section`);
    }
  }
  return result;
}

/** The README with every generated section replaced (a resource's new section added where it belongs). */
export function renderReadme(readme: string): string {
  return replaceSections(readme, readmeSections(), "README.md");
}

/** DEVELOPERS.md with its table of custom-code points (customCode.ts) replaced. */
export function renderDevelopers(developers: string): string {
  return replaceSections(developers, new Map([["custom-code", customCodeTable(declarations)]]), "DEVELOPERS.md");
}
