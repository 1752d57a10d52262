/**
 * How a Terraform resource type becomes a pulumi-svc resource, as data: which resource, which of
 * the Terraform provider's attributes gives which input where the names or forms differ (every
 * other input is the attribute of its snake_case name, nested blocks included), what is
 * Terraform's own and not carried, the id parts that are no input, what refuses an instance,
 * and what the program must set after the import because no read returns it.
 */
import type { Adoption } from "../../../provider/engine/declaration/adoption";
import type { Args } from "../../../provider/engine/declaration/declaration";
import type { Leftovers } from "./values";

export type Attributes = Readonly<Record<string, unknown>>;

/** The object a resource lives in, as an adoption says it: its type, and the inputs that name it by its properties. */
export type Under = NonNullable<Adoption["under"]>;

/** An input from the attributes: an attribute's name, or a function of them (undefined: not set). */
export type InputSource = string | ((attributes: Attributes, leftovers: Leftovers) => unknown);

export interface TerraformMapping {
  /** The Terraform resource type, e.g. `google_dns_record_set`. */
  readonly type: string;
  /** The pulumi-svc resource it becomes, by type key (`dns:RecordSet`). */
  readonly resource: string;
  /** The Terraform providers (registry type names) that have this type; an instance of another provider's type of that name is not mapped. */
  readonly providers: readonly string[];
  /** Inputs whose attribute has another name or form; `null`: never from the state (see `afterImport`). */
  readonly inputs?: Readonly<Record<string, InputSource | null>>;
  /** Attributes that are outputs or Terraform's own settings (`deletion_policy`): not carried, not reported. */
  readonly ignore?: readonly string[];
  /**
   * The object it lives in, written as a reference to it: said where the ids cannot say it (a zone's
   * IAM policy has the zone's own id). Default: the resource's adoption's `under`, else the adopted
   * object whose id is the start of its id.
   */
  readonly under?: Under;
  /** Id parts that are no input, e.g. a key's server-assigned fingerprint. */
  readonly identity?: (attributes: Attributes) => Readonly<Record<string, string>> | undefined;
  /** Why this instance cannot be adopted as this resource; undefined when it can. */
  readonly refuse?: (attributes: Attributes) => string | undefined;
  /** What the state holds that an import cannot read back: left out of the program, to set after the import. */
  readonly afterImport?: (attributes: Attributes) => readonly string[];
}

/** One mapped instance: its inputs as a program gives them, its id parts, and what to set after the import. */
export interface Mapped {
  readonly inputs: Args;
  readonly identity: Readonly<Record<string, string>>;
  readonly afterImport: readonly string[];
  /** Attribute paths with values no input takes. */
  readonly dropped: readonly string[];
}
