/**
 * The generated sections of the docs: each resource's property table and each API's read functions
 * in that API's reference (`docs/<api>.md`), the import ids and how `svc-import` finds each resource
 * in `docs/adopting.md`, and the README's list of APIs. A section lives between
 * `<!-- generated:<key>:start -->` and `<!-- generated:<key>:end -->` markers; prose around it is
 * hand-written. A new API's reference is started here, so a new API edits no shared file.
 */
import { declarations } from "../../provider/registry";
import { API_MANIFESTS } from "../../provider/apis";
import type { ApiManifest } from "../../provider/apiManifest";
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { customCodeTable } from "./customCode";
import { readmeFunctionsTable } from "./functions";
import { importForms, properties, propertyDoc } from "./properties";
import { cell } from "./text";

/** The table of one resource: every input and output, how a change applies, the doc. */
function resourceTable(declaration: ResourceDeclaration): string {
  const rows = properties(declaration).map((property) => {
    const required = !property.output && !property.unwrapped.optional && !property.unwrapped.hasDefault;
    return `| \`${property.name}\`${required ? " (required)" : ""} | ${property.change} | ${cell(propertyDoc(declaration, property, false))} |`;
  });
  return ["| property | on change | |", "|---|---|---|", ...rows].join("\n");
}

function importTable(): string {
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
function adoptionTable(): string {
  const rows = declarations.map((declaration) => {
    const adoption = declaration.adoption;
    let how: string;
    if (adoption === undefined) how = "not adopted";
    else if ("never" in adoption) how = `never: ${adoption.never}`;
    else {
      const from = adoption.list === undefined ? "read by its id" : `listed at \`${adoption.list.path}\``;
      const scope = adoption.scope !== undefined ? ` (\`svc-import ${declaration.api} --${adoption.scope.flag} ${adoption.scope.example}\`)` : "";
      const under = adoption.under !== undefined ? `, for each adopted \`${adoption.under.type.replace(":", ".")}\`` : "";
      const optIn = adoption.optIn !== undefined ? `; some only with \`--${adoption.optIn.flag}\`` : "";
      const gathers = adoption.gathers;
      const instead =
        gathers !== undefined
          ? `; written in place of the \`${gathers.members.replace(":", ".")}\` objects found under the same parent when more than ${gathers.above} ` +
            `(\`--${gathers.flag}\`: always, \`--${gathers.apartFlag}\`: never)` +
            (gathers.keepApart !== undefined ? `; those that give ${gathers.keepApart.map((property) => `\`${property}\``).join(" or ")} stay apart` : "")
          : "";
      how = `${from}${scope}${under}${optIn}${instead}`;
    }
    return `| \`${declaration.module}.${declaration.name}\` | ${cell(how)} |`;
  });
  return ["| resource | how `svc-import` finds it |", "|---|---|", ...rows].join("\n");
}

/** The README's list of APIs: each namespace's resources and functions, and its reference. */
function apisTable(): string {
  const rows = API_MANIFESTS.map((manifest) => {
    const resources = declarations.filter((declaration) => declaration.module === manifest.name).map((declaration) => `\`${declaration.name}\``);
    return `| \`svc.${manifest.name}\` | ${cell(manifest.doc)} | ${resources.length > 0 ? resources.join(", ") : "none (functions only)"} | [docs/${manifest.name}.md](docs/${manifest.name}.md) |`;
  });
  return ["| namespace | what it is | resources | reference (properties, functions) |", "|---|---|---|---|", ...rows].join("\n");
}

/** An API's reference file. */
export const apiDoc = (api: string): string => `docs/${api}.md`;

/** The start of a new API's reference, before the generator adds its sections. */
function newApiDoc(manifest: ApiManifest): string {
  return (
    `# \`svc.${manifest.name}\`\n\n${manifest.doc}\n\nBack to the [README](../README.md).\n\n## Functions\n\n` +
    "Each comes in two forms: `getX(args)` returns a promise, and `getXOutput(args)` takes inputs and returns an Output.\n"
  );
}

/** Every generated section, by the file it belongs in and its marker key. */
export function docSections(): Map<string, Map<string, string>> {
  const files = new Map<string, Map<string, string>>();
  const put = (file: string, key: string, body: string): void => {
    const sections = files.get(file) ?? new Map<string, string>();
    sections.set(key, body);
    files.set(file, sections);
  };
  put("README.md", "apis", apisTable());
  for (const manifest of API_MANIFESTS) {
    for (const declaration of declarations.filter((candidate) => candidate.module === manifest.name)) {
      put(apiDoc(manifest.name), `${declaration.module}.${declaration.name}`, resourceTable(declaration));
    }
    const functions = readmeFunctionsTable(manifest);
    if (functions !== undefined) put(apiDoc(manifest.name), `functions-${manifest.name}`, functions);
    if (!files.has(apiDoc(manifest.name))) put(apiDoc(manifest.name), `functions-${manifest.name}`, "This API has no read functions.");
  }
  put("docs/adopting.md", "import-ids", importTable());
  put("docs/adopting.md", "adoption", adoptionTable());
  return files;
}

/**
 * Where the section of a resource that has none yet goes: after the last section of its module, or,
 * for the first resource of a module, before the "## Functions" heading of its reference. So a new
 * resource needs no docs edit; prose about it can be written around its table afterwards.
 */
function placeNewSection(text: string, key: string, section: string, file: string): string {
  const module = key.split(".")[0] ?? key;
  const ends = [...text.matchAll(new RegExp(`<!-- generated:${module}\\.[A-Za-z]+:end -->`, "g"))];
  const last = ends[ends.length - 1];
  const heading = `## \`svc.${key}\`\n\n${section}`;
  if (last?.index !== undefined) {
    const at = last.index + last[0].length;
    return `${text.slice(0, at)}\n\n${heading}${text.slice(at)}`;
  }
  const functions = text.indexOf("\n## Functions\n");
  if (functions === -1) throw new Error(`${file} has no section of module ${module} and no "## Functions" heading to put ${key} before`);
  return `${text.slice(0, functions)}\n${heading}\n${text.slice(functions)}`;
}

/** `text` with each section of `sections` replaced between its markers; a resource's new section is added where it belongs. */
function replaceSections(text: string, sections: ReadonlyMap<string, string>, file: string): string {
  let result = text;
  for (const [key, body] of sections) {
    const start = `<!-- generated:${key}:start (scripts/generate.ts from the declarations; do not edit, run npm run generate) -->`;
    const end = `<!-- generated:${key}:end -->`;
    const escaped = key.replace(/\./g, "\\.");
    const pattern = new RegExp(`<!-- generated:${escaped}:start[^>]*-->[\\s\\S]*?<!-- generated:${escaped}:end -->`);
    if (pattern.test(result)) {
      result = result.replace(pattern, () => `${start}\n${body}\n${end}`);
    } else if (key.includes(".")) {
      result = placeNewSection(result, key, `${start}\n${body}\n${end}`, file);
    } else if (key.startsWith("functions-") && result.includes("\n## Functions\n")) {
      result = `${result.trimEnd()}\n\n${start}\n${body}\n${end}\n`;
    } else {
      throw new Error(`${file} has no <!-- generated:${key}:start --> ... <!-- generated:${key}:end --> section`);
    }
  }
  return result;
}

/**
 * Every generated doc file as it should read, given how each reads now (`current`, undefined for a
 * file not written yet: a new API's reference is started from its manifest).
 */
export function renderDocs(current: (file: string) => string | undefined): Map<string, string> {
  const rendered = new Map<string, string>();
  for (const [file, sections] of docSections()) {
    const manifest = API_MANIFESTS.find((candidate) => apiDoc(candidate.name) === file);
    const text = current(file) ?? (manifest !== undefined ? newApiDoc(manifest) : undefined);
    if (text === undefined) throw new Error(`${file} is missing: it holds generated sections (${[...sections.keys()].join(", ")})`);
    rendered.set(file, replaceSections(text, sections, file));
  }
  return rendered;
}

/** DEVELOPERS.md with its table of custom-code points (customCode.ts) replaced. */
export function renderDevelopers(developers: string): string {
  return replaceSections(developers, new Map([["custom-code", customCodeTable(declarations)]]), "DEVELOPERS.md");
}
