/**
 * A Terraform state's instances as the objects `svc-import` writes: each managed instance of a
 * mapped type as its pulumi-svc resource, with its inputs from the state (checked as `check`
 * would), its import id from the state's ids, its name from its address (made a valid name), and
 * a reference to another adopted object where the resource lives in it (a record set or a zone's
 * IAM policy in its zone, as the resource's adoption or its mapping says; else the object whose id
 * is the start of its id); every instance it cannot adopt with why, a deposed object among them.
 * Nothing is read from the service: the state holds the ids and the values.
 */
import type { z } from "zod";
import { isAdoptable } from "../../../provider/engine/declaration/adoption";
import { typeKey, type Args, type ResourceDeclaration } from "../../../provider/engine/declaration/declaration";
import { derivedIdentity } from "../../../provider/engine/declaration/template";
import { CONTROL_INPUTS } from "../../../provider/engine/plan/diff";
import { sameValue } from "../../../provider/engine/plan/diff";
import { formatId, placeholders } from "../../../provider/engine/declaration/template";
import { declarationFor } from "../../../provider/registry";
import type { Found } from "../discover";
import { identifier, naturalCompare, type Named } from "../program";
import { CIRCLECI_MAPPINGS } from "./circleci";
import { GOOGLE_MAPPINGS } from "./google";
import type { Attributes, TerraformMapping, Under } from "./mapping";
import type { TerraformInstance } from "./state";
import { fromTerraform, unset, type Leftovers } from "./values";

/** Every Terraform type svc-import knows, by its type. */
export const TERRAFORM_MAPPINGS: readonly TerraformMapping[] = [
  ...GOOGLE_MAPPINGS,
  ...CIRCLECI_MAPPINGS,
  {
    type: "circleci_ssh_key",
    resource: "ci:SshKey",
    providers: ["circleci"],
    refuse: () =>
      `${(declarationFor("ci:SshKey").adoption as { never: string }).never}: declare svc.ci.SshKey with the private key from where Terraform got it ` +
      "(adding a key the project has is idempotent, so the first up sends one request and changes nothing)",
  },
];

/** An adopted instance: the object as svc-import writes it, and where it came from. */
export interface Adopted extends Named {
  readonly address: string;
  /** What the state holds that an import cannot read back: to set after the import. */
  readonly afterImport: readonly string[];
  /** Attribute paths with values no input takes (not carried). */
  readonly dropped: readonly string[];
}

export interface NotAdopted {
  readonly address: string;
  readonly type: string;
  /** The deposed key, when the instance left out is a deposed object and not the address's current one. */
  readonly deposed?: string;
  readonly reason: string;
}

export interface FromState {
  readonly adopted: readonly Adopted[];
  readonly notAdopted: readonly NotAdopted[];
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The provider's type name: `registry.terraform.io/hashicorp/google` is `google`. */
const providerType = (address: string): string => address.split("/").pop() ?? address;

type Mapping =
  | {
      ok: true;
      declaration: ResourceDeclaration;
      id: string;
      inputs: Args;
      under: Under | undefined;
      afterImport: readonly string[];
      dropped: readonly string[];
    }
  | { ok: false; reason: string };

function mapInstance(instance: TerraformInstance): Mapping {
  // Terraform deletes it on its next apply; adopted, it would be a second object under one address, managed by both.
  if (instance.deposed !== undefined)
    return {
      ok: false,
      reason:
        `a deposed object (${instance.deposed}): the old object of a create_before_destroy replacement; Terraform is about to delete it ` +
        "(its next apply), so it is left to Terraform: adopted, Pulumi would manage what Terraform deletes",
    };
  if (instance.mode === "data")
    return { ok: false, reason: "a data source: Terraform only reads it, so there is nothing to adopt (a read function of pulumi-svc may stand in for it)" };
  const mapping = TERRAFORM_MAPPINGS.find((candidate) => candidate.type === instance.type);
  if (mapping === undefined) return { ok: false, reason: `type unknown to pulumi-svc (${instance.type} of ${instance.provider})` };
  if (!mapping.providers.includes(providerType(instance.provider)))
    return { ok: false, reason: `a ${instance.type} of ${instance.provider}, not of the provider pulumi-svc maps it from (${mapping.providers.join(", ")})` };
  const refused = mapping.refuse?.(instance.attributes);
  if (refused !== undefined) return { ok: false, reason: refused };
  const declaration = declarationFor(mapping.resource);
  const leftovers: Leftovers = { dropped: [] };
  const inputs = inputsOf(mapping, declaration, instance.attributes, leftovers);
  const checked = declaration.args.safeParse(inputs);
  const problems = checked.success
    ? (declaration.crossCheck?.(checked.data) ?? []).map(({ property, reason }) => `${property} ${reason}`)
    : checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  if (problems.length > 0) return { ok: false, reason: `its values do not pass ${label(declaration)}'s check: ${problems.join("; ")}` };
  const values: Record<string, string> = { ...derivedIdentity(declaration, inputs), ...(mapping.identity?.(instance.attributes) ?? {}) };
  for (const [field, value] of Object.entries(inputs)) if (typeof value === "string") values[field] ??= value;
  const missing = placeholders(declaration.id.format).filter((part) => values[part] === undefined);
  if (missing.length > 0) return { ok: false, reason: `the state does not hold its ${missing.join(", ")}, part of ${label(declaration)}'s id` };
  return {
    ok: true,
    declaration,
    id: formatId(declaration.id.format, values),
    inputs,
    under: mapping.under ?? (isAdoptable(declaration.adoption) ? declaration.adoption.under : undefined),
    afterImport: mapping.afterImport?.(instance.attributes) ?? [],
    dropped: leftovers.dropped,
  };
}

const label = (declaration: ResourceDeclaration): string => `svc.${declaration.module}.${declaration.name}`;

/** The inputs a program gives: each from its attribute, less the declared defaults (a program leaves them out). */
function inputsOf(mapping: TerraformMapping, declaration: ResourceDeclaration, attributes: Attributes, leftovers: Leftovers): Args {
  const inputs: Args = {};
  const used = new Set(mapping.ignore ?? []);
  for (const [field, schema] of Object.entries(declaration.args.shape as Record<string, z.ZodType>)) {
    if (CONTROL_INPUTS.has(field)) continue;
    const source = mapping.inputs?.[field];
    if (source === null) continue;
    const attribute = typeof source === "string" ? source : snake(field);
    used.add(attribute);
    const value =
      typeof source === "function" ? source(attributes, leftovers) : fromTerraform(attributes[attribute], schema, attribute, leftovers, mapping.ignore);
    if (value === undefined || unset(value)) continue;
    const fallback = schema.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined && sameValue(fallback.data, value)) continue;
    inputs[field] = value;
  }
  for (const [attribute, value] of Object.entries(attributes)) if (!used.has(attribute) && !unset(value)) leftovers.dropped.push(attribute);
  return inputs;
}

interface Link {
  readonly parent: Found;
  /** Each input written as a reference to the parent's property (`managedZone: zone.name`). */
  readonly references: Readonly<Record<string, string>>;
}

/** Whether `childId` names an object in the one `parentId` names, or the same object's other face (a zone's IAM policy has the zone's id). */
const within = (childId: string, parentId: string): boolean => childId === parentId || childId.startsWith(`${parentId}/`) || childId.startsWith(`${parentId} `);

/**
 * The parent an object lives in. Where the resource says which type that is (`under`): the adopted
 * object of that type in the same place (its id the child's or the start of it: the same project)
 * whose properties hold the child's inputs. Else the adopted object whose id is the longest start
 * of its id, with the input that names it.
 */
function parentOf(child: Found, under: Under | undefined, all: readonly Found[]): Link | undefined {
  if (under !== undefined) {
    const from = Object.entries(under.from);
    const parent = all.find(
      (candidate) =>
        candidate !== child &&
        typeKey(candidate.declaration) === under.type &&
        within(child.id, candidate.id) &&
        from.every(([field, property]) => child.inputs[field] !== undefined && sameValue(child.inputs[field], candidate.inputs[property])),
    );
    return parent === undefined ? undefined : { parent, references: under.from };
  }
  let best: Link | undefined;
  for (const candidate of all) {
    if (candidate === child || child.id === candidate.id || !within(child.id, candidate.id)) continue;
    if (best !== undefined && best.parent.id.length >= candidate.id.length) continue;
    const parentParts = placeholders(candidate.declaration.id.format);
    const childParts = placeholders(child.declaration.id.format);
    const property = parentParts[parentParts.length - 1];
    const field = childParts[parentParts.length - 1];
    if (property === undefined || field === undefined || !sameValue(child.inputs[field], candidate.inputs[property])) continue;
    best = { parent: candidate, references: { [field]: property } };
  }
  return best;
}

/** The state's instances as adopted objects and the ones left out, in a stable order: parents first, then by address. */
export function fromState(instances: readonly TerraformInstance[]): FromState {
  const notAdopted: NotAdopted[] = [];
  const mapped: Array<{ instance: TerraformInstance; found: Found; under: Under | undefined; afterImport: readonly string[]; dropped: readonly string[] }> = [];
  for (const instance of instances) {
    const result = mapInstance(instance);
    if (!result.ok) {
      notAdopted.push({
        address: instance.address,
        type: instance.type,
        ...(instance.deposed !== undefined && { deposed: instance.deposed }),
        reason: result.reason,
      });
      continue;
    }
    const duplicate = mapped.find(({ found }) => found.declaration === result.declaration && found.id === result.id);
    if (duplicate !== undefined) {
      notAdopted.push({
        address: instance.address,
        type: instance.type,
        reason: `the same object as ${duplicate.instance.address} (${result.id}): a program declares it once`,
      });
      continue;
    }
    const found: Found = { declaration: result.declaration, id: result.id, state: result.inputs, inputs: result.inputs, references: {}, scope: {}, drift: [] };
    mapped.push({ instance, found, under: result.under, afterImport: result.afterImport, dropped: result.dropped });
  }
  const all = mapped.map(({ found }) => found);
  const links = new Map(mapped.map(({ found, under }) => [found, parentOf(found, under, all)]));
  // Each object with its references and its parent as linked itself (a rule in its policy, which has none).
  const done = new Map<Found, Found>();
  const linked = (found: Found): Found => {
    const known = done.get(found);
    if (known !== undefined) return known;
    const link = links.get(found);
    const result: Found = link === undefined ? found : { ...found, parent: linked(link.parent), references: link.references };
    done.set(found, result);
    return result;
  };
  const depth = (found: Found): number => (found.parent === undefined ? 0 : 1 + depth(found.parent));
  const entries = mapped
    .map((entry) => ({ ...entry, found: linked(entry.found) }))
    .sort((a, b) => depth(a.found) - depth(b.found) || naturalCompare(a.instance.address, b.instance.address));
  const taken = new Set<string>();
  const adopted = entries.map(({ instance, found, afterImport, dropped }): Adopted => {
    const base = identifier(instance.address);
    let variable = base;
    for (let suffix = 2; taken.has(variable); suffix++) variable = `${base}_${suffix}`;
    taken.add(variable);
    return { found, variable, address: instance.address, afterImport, dropped };
  });
  notAdopted.sort((a, b) => naturalCompare(a.address, b.address));
  return { adopted, notAdopted };
}

/** What svc-import says of the instances under `count` or `for_each`: their index kept in the name. */
export function indexedNote(adopted: readonly Adopted[]): string | undefined {
  const indexed = adopted.filter(({ address }) => /\]$/.test(address));
  if (indexed.length === 0) return undefined;
  return (
    `${indexed.length} instance(s) of count or for_each (${indexed.map(({ address, variable }) => `${address} as ${variable}`).join(", ")}): ` +
    "each is one resource of the program, its index or key kept in the name; a loop over them is yours to write"
  );
}
