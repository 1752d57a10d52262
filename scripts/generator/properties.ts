/** What a declaration says about each property and its ids, as the SDK's docs and the README's tables show it. */
import type { ResourceDeclaration } from "../../provider/engine/declaration/declaration";
import { unwrap, type Unwrapped } from "./types";
import { updateOf } from "../../provider/engine/declaration/steps";

/** What a declaration says about one property, for docs and tables. */
export interface Property {
  readonly name: string;
  readonly unwrapped: Unwrapped;
  readonly output: boolean;
  /** The form the state holds it in, where it differs from the program's (declaration `stored`): its type among the outputs. */
  readonly stored?: Unwrapped;
  /** "replaces", "in place", "in place (no request)", "request option (never a change)" or "output". */
  readonly change: string;
}

export function properties(declaration: ResourceDeclaration): Property[] {
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
        : immutable.has(name) || updateOf(declaration.update).send === "none"
          ? "replaces"
          : local.has(name)
            ? "in place (no request)"
            : "in place";
    const form = declaration.stored?.[name];
    return { name, unwrapped, output: false, change, ...(form !== undefined && { stored: unwrap(form.schema) }) };
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
export function propertyDoc(declaration: ResourceDeclaration, property: Property, withChange: boolean, form: "program" | "state" = "program"): string {
  // Among the outputs, an input held in another form is described in that form.
  if (form === "state" && property.stored !== undefined) return property.stored.description ?? "";
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
/** `a` or `an` before a word, by its first sound: an event, a zone; an acronym by its first letter's name (an ACL rule, an SSH key). */
export function withArticle(words: string): string {
  // A plural takes none: "quota adjuster settings".
  if (/settings$/.test(words)) return words;
  const acronym = /^[A-Z]{2,}\b/.test(words);
  return `${(acronym ? /^[AEFHILMNORSX]/ : /^[aeiou]/i).test(words) ? "an" : "a"} ${words}`;
}

export function humanName(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\biam\b/g, "IAM")
    .replace(/\b(acl|ssh)\b/g, (word) => word.toUpperCase());
}

const shownForm = (template: string): string => template.replace(/\{([A-Za-z0-9]+)\*\}/g, "{$1}");

export function importForms(declaration: ResourceDeclaration): string[] {
  return [declaration.id.format, ...declaration.id.importFormats].map(shownForm);
}
