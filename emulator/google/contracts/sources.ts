/**
 * Where the emulator's copies of Google's API contracts come from. Each Google-style plug-in names its
 * documents (`contracts` in its traits); `scripts/contracts/extract.ts` writes them into `documents/`
 * from the pinned packages and records each file's sha256 in `provenance.json`, and
 * `tests/unit/contracts.test.ts` holds the copies to that record. CircleCI's API and the code host
 * publish no machine-readable contract: their plug-ins name none and are held to the seed spec by
 * their own tests.
 */
export const CONTRACTS_DIR = "emulator/google/contracts";

/** The package the discovery documents come from (google-api-python-client's wheel carries them). */
export const DISCOVERY_PACKAGE = "google-api-python-client";

/** One contract document of an API. */
export type ContractDocument =
  /** A discovery document of google-api-python-client, by its path in the wheel. */
  (
    | { readonly file: string; readonly discovery: string }
    /**
     * The protos Google publishes with a Node client (an npm package pinned by the lockfile), turned into
     * the discovery form (for an API whose discovery document no client package carries).
     */
    | { readonly file: string; readonly protos: { readonly npmPackage: string; readonly folder: string } }
  ) & {
    /**
     * How the API's messages name a request body of a schema (`entity.<name>` in "Invalid value for"
     * errors, its snake_case in "Unknown name" ones) where it is not the schema's own name in lowerCamel
     * case (Cloud DNS: a Policy is `policyResource`, a ResourceRecordSet `rrset`).
     */
    readonly entities?: Readonly<Record<string, string>>;
  };

/** A discovery document of the pinned google-api-python-client, e.g. `discoveryDocument("dns.v1.json")`. */
export function discoveryDocument(file: string, entities?: Readonly<Record<string, string>>): ContractDocument {
  return { file, discovery: `googleapiclient/discovery_cache/documents/${file}`, ...(entities !== undefined && { entities }) };
}

export interface SourceFile {
  /** The file's path inside the package. */
  readonly from: string;
  readonly sha256: string;
}

/** `provenance.json`: each package, its version and what was taken from it. */
export interface ContractProvenance {
  readonly discovery: { readonly package: string; readonly registry: "PyPI"; readonly version: string; readonly files: Readonly<Record<string, SourceFile>> };
  readonly protos: Readonly<Record<string, { readonly registry: "npm"; readonly version: string; readonly files: Readonly<Record<string, SourceFile>> }>>;
}
