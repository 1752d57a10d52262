/**
 * The schema against the last release's (tests/fixtures/release/previous/schema.json): no change
 * that breaks a program or a stack made with it, unless CHANGELOG.md's section of the version
 * being made (package.json's, "unreleased" until it is cut) names it under "### Breaking". And
 * the comparison itself, on small schemas: each kind of breaking change is found, additions and
 * words are not.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { PREVIOUS_DIR, readPrevious, SCHEMA_FILE } from "../../scripts/release/previous";
import { breakingChanges, namedBreaking, unnamedBreaking, type BreakingChange, type PackageSchema } from "../../scripts/release/schemaChanges";
import { REPO_ROOT } from "../support/toolchain";
import { z } from "zod";
import { API_MANIFESTS } from "../../provider/apis";
import { declarations } from "../../provider/registry";
import { schemaOf } from "../../scripts/generator/schema";
import { packageInfo } from "../../scripts/generator/packageInfo";

const read = (file: string): string => readFileSync(file, "utf8");

describe("the schema against the last release's", () => {
  it("breaks nothing that CHANGELOG.md's section of the coming version does not name under Breaking", () => {
    const previous = JSON.parse(read(path.join(PREVIOUS_DIR, SCHEMA_FILE))) as PackageSchema;
    const current = JSON.parse(read(path.join(REPO_ROOT, "plugin", "schema.json"))) as PackageSchema;
    const { version } = JSON.parse(read(path.join(REPO_ROOT, "package.json"))) as { version: string };
    const named = namedBreaking(read(path.join(REPO_ROOT, "CHANGELOG.md")), version);
    expect({ section: named.section ?? `(CHANGELOG.md has no "## ${version}" section)` }).toEqual({ section: expect.stringMatching(/^## /) });
    const unnamed = unnamedBreaking(breakingChanges(previous, current), named.subjects);
    // Each line is what the section's "### Breaking" list would say: the subject, then what to do about it.
    const lines = unnamed.map(({ subject, what }) => `- \`${subject}\`: ${what} since ${readPrevious().version}.`);
    expect({ [`breaking changes not under "### Breaking" in ${named.section ?? version}`]: lines }).toEqual({
      [`breaking changes not under "### Breaking" in ${named.section ?? version}`]: [],
    });
  });
});

const base: PackageSchema = {
  resources: {
    "svc:dns/recordSet:RecordSet": {
      inputProperties: { name: { type: "string", replaceOnChanges: true }, ttl: { type: "integer" }, rrdatas: { type: "array", items: { type: "string" } } },
      requiredInputs: ["name"],
      properties: { name: { type: "string" }, ttl: { type: "integer" }, fingerprint: { type: "string" } },
      required: ["name", "ttl"],
    },
  },
  functions: {
    "svc:dns/getZone:getZone": {
      inputs: { properties: { zone: { type: "string" }, project: { type: "string" } }, required: ["zone"] },
      outputs: { properties: { dnsName: { type: "string" } }, required: ["dnsName"] },
    },
  },
  types: {
    "svc:dns/recordSetType:RecordSetType": { type: "string", enum: [{ value: "A" }, { value: "TXT" }] },
    "svc:dns/Target:Target": { type: "object", properties: { ipv4Address: { type: "string" } } },
  },
  provider: { inputProperties: { dnsBaseUrl: { type: "string" } } },
};

const RS = "svc:dns/recordSet:RecordSet";
const FN = "svc:dns/getZone:getZone";

/** One edit of a schema: a member removed or set, by its path. */
type Edit = { readonly remove: readonly string[] } | { readonly set: readonly string[]; readonly to: unknown };

/** A copy of `base` with the edits made. */
function edited(...edits: readonly Edit[]): PackageSchema {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  for (const edit of edits) {
    const path = "remove" in edit ? edit.remove : edit.set;
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, copy);
    const key = path[path.length - 1]!;
    if ("remove" in edit) delete parent[key];
    else parent[key] = edit.to;
  }
  return copy;
}

describe("the comparison", () => {
  it("finds nothing between a schema and itself, or when things are only added or reworded", () => {
    expect(breakingChanges(base, base)).toEqual([]);
    const added = edited(
      { set: ["resources", RS, "inputProperties", "routingPolicy"], to: { type: "object", additionalProperties: { type: "string" } } },
      { set: ["resources", RS, "properties", "created"], to: { type: "string" } },
      { set: ["resources", RS, "inputProperties", "ttl", "description"], to: "Seconds." },
      // No longer replacing is a relief, not a break.
      { set: ["resources", RS, "inputProperties", "name", "replaceOnChanges"], to: false },
      { set: ["resources", "svc:dns/policy:Policy"], to: { inputProperties: {}, properties: {} } },
      { set: ["functions", "svc:dns/getZones:getZones"], to: {} },
      { set: ["types", "svc:dns/recordSetType:RecordSetType", "enum"], to: [{ value: "A" }, { value: "TXT" }, { value: "MX" }] },
      { set: ["provider", "inputProperties", "dnsToken"], to: { type: "string" } },
    );
    expect(breakingChanges(base, added)).toEqual([]);
  });

  it.each<[string, Edit[], BreakingChange[]]>([
    ["a resource removed", [{ remove: ["resources", RS] }], [{ subject: "dns.RecordSet", what: "resource removed" }]],
    ["an input removed", [{ remove: ["resources", RS, "inputProperties", "ttl"] }], [{ subject: "dns.RecordSet.ttl", what: "input removed" }]],
    [
      "an input's type changed",
      [{ set: ["resources", RS, "inputProperties", "ttl"], to: { type: "string" } }],
      [{ subject: "dns.RecordSet.ttl", what: "input type changed from integer to string" }],
    ],
    [
      "a list's items changed",
      [{ set: ["resources", RS, "inputProperties", "rrdatas", "items"], to: { type: "integer" } }],
      [{ subject: "dns.RecordSet.rrdatas", what: "input type changed from array<string> to array<integer>" }],
    ],
    [
      "a new required input",
      [{ set: ["resources", RS, "requiredInputs"], to: ["name", "ttl"] }],
      [{ subject: "dns.RecordSet.ttl", what: "input now required" }],
    ],
    [
      "an input that now replaces",
      [{ set: ["resources", RS, "inputProperties", "ttl", "replaceOnChanges"], to: true }],
      [{ subject: "dns.RecordSet.ttl", what: "a change of it now replaces the resource (it was updated in place)" }],
    ],
    ["an output removed", [{ remove: ["resources", RS, "properties", "fingerprint"] }], [{ subject: "dns.RecordSet.fingerprint", what: "output removed" }]],
    [
      "an output no longer always set",
      [{ set: ["resources", RS, "required"], to: ["name"] }],
      [{ subject: "dns.RecordSet.ttl", what: "output no longer always set" }],
    ],
    ["a function removed", [{ remove: ["functions", FN] }], [{ subject: "dns.getZone", what: "function removed" }]],
    [
      "a function's argument removed and another required",
      [{ remove: ["functions", FN, "inputs", "properties", "zone"] }, { set: ["functions", FN, "inputs", "required"], to: ["project"] }],
      [
        { subject: "dns.getZone.zone", what: "argument removed" },
        { subject: "dns.getZone.project", what: "argument now required" },
      ],
    ],
    [
      "an enum value removed",
      [{ set: ["types", "svc:dns/recordSetType:RecordSetType", "enum"], to: [{ value: "A" }] }],
      [{ subject: "dns.RecordSetType", what: 'enum value "TXT" removed' }],
    ],
    [
      "a type's property removed",
      [{ set: ["types", "svc:dns/Target:Target", "properties"], to: {} }],
      [{ subject: "dns.Target.ipv4Address", what: "property removed" }],
    ],
    ["a provider setting removed", [{ set: ["provider", "inputProperties"], to: {} }], [{ subject: "provider.dnsBaseUrl", what: "setting removed" }]],
  ])("finds %s", (_what, edits, expected) => {
    expect(breakingChanges(base, edited(...edits))).toEqual(expected);
  });
});

describe("the comparison of defaults (what a stack or a program that leaves the value out gets)", () => {
  const TTL = ["resources", RS, "inputProperties", "ttl"];
  it.each<[string, Edit[], Edit[], BreakingChange[]]>([
    [
      "a changed default",
      [{ set: [...TTL, "default"], to: 300 }],
      [{ set: [...TTL, "default"], to: 600 }],
      [{ subject: "dns.RecordSet.ttl", what: "input default changed from 300 to 600" }],
    ],
    [
      "a default removed",
      [{ set: [...TTL, "default"], to: 300 }],
      [],
      [{ subject: "dns.RecordSet.ttl", what: "input default 300 removed: left out, it is now left to the service" }],
    ],
    [
      "a default given to an optional input",
      [],
      [{ set: [...TTL, "default"], to: 300 }],
      [{ subject: "dns.RecordSet.ttl", what: "input default 300 added: left out, it was left to the service" }],
    ],
    [
      "a default in a schema made before defaults were properties (the words of its description)",
      [{ set: [...TTL, "description"], to: "Seconds. Default: `300`. Updated in place." }],
      [{ set: [...TTL], to: { type: "integer", default: 600, description: "Seconds. Default: `600`. Updated in place." } }],
      [{ subject: "dns.RecordSet.ttl", what: "input default changed from 300 to 600" }],
    ],
    [
      "a list's default, which only the words can say",
      [{ set: [...TTL.slice(0, -1), "rrdatas", "description"], to: "The data. Default: `[]`." }],
      [{ set: [...TTL.slice(0, -1), "rrdatas", "description"], to: 'The data. Default: `["192.0.2.1"]`.' }],
      [{ subject: "dns.RecordSet.rrdatas", what: 'input default changed from [] to ["192.0.2.1"]' }],
    ],
    [
      "a function argument's default changed",
      [{ set: ["functions", FN, "inputs", "properties", "project", "default"], to: "a" }],
      [{ set: ["functions", FN, "inputs", "properties", "project", "default"], to: "b" }],
      [{ subject: "dns.getZone.project", what: 'argument default changed from "a" to "b"' }],
    ],
    [
      "a default changed on an input and its output, named once",
      [
        { set: [...TTL, "default"], to: 300 },
        { set: ["resources", RS, "properties", "ttl", "description"], to: "Default: `300`." },
      ],
      [
        { set: [...TTL, "default"], to: 600 },
        { set: ["resources", RS, "properties", "ttl", "description"], to: "Default: `600`." },
      ],
      [{ subject: "dns.RecordSet.ttl", what: "input default changed from 300 to 600" }],
    ],
  ])("finds %s", (_what, before, after, expected) => {
    expect(breakingChanges(edited(...before), edited(...after))).toEqual(expected);
  });

  it("finds nothing when a default moves from the words into `default`, or is given to a required input", () => {
    const worded = edited({ set: [...TTL, "description"], to: "Seconds. Default: `300`." });
    expect(breakingChanges(worded, edited({ set: [...TTL], to: { type: "integer", default: 300, description: "Seconds. Default: `300`." } }))).toEqual([]);
    expect(breakingChanges(worded, edited({ set: [...TTL], to: { type: "integer", default: 300, description: "Seconds." } }))).toEqual([]);
    // Every program gave it: none gets the default.
    expect(breakingChanges(base, edited({ set: ["resources", RS, "inputProperties", "name", "default"], to: "www" }))).toEqual([]);
  });
});

describe("RecordSet's default TTL changed from 300 to 600 in its declaration", () => {
  const previous = JSON.parse(read(path.join(PREVIOUS_DIR, SCHEMA_FILE))) as PackageSchema;
  const { version } = JSON.parse(read(path.join(REPO_ROOT, "package.json"))) as { version: string };
  const changelog = read(path.join(REPO_ROOT, "CHANGELOG.md"));
  const ttl600 = declarations.map((declaration) => {
    if (declaration.module !== "dns" || declaration.name !== "RecordSet") return declaration;
    const ttl = declaration.args.shape["ttl"] as unknown as z.ZodDefault<z.ZodNumber>;
    return { ...declaration, args: declaration.args.extend({ ttl: ttl.removeDefault().default(600).meta(z.globalRegistry.get(ttl)!) }) };
  });
  const current = schemaOf({ manifests: API_MANIFESTS, declarations: ttl600, info: packageInfo(REPO_ROOT) }) as PackageSchema;
  const change = { subject: "dns.RecordSet.ttl", what: "input default changed from 300 to 600" };

  it("fails the comparison with the last release while CHANGELOG.md does not name it", () => {
    expect(unnamedBreaking(breakingChanges(previous, current), namedBreaking(changelog, version).subjects)).toEqual([change]);
  });

  it("passes once the version's Breaking list names it", () => {
    const named = withBreaking(changelog, version, "- `dns.RecordSet.ttl`: the default TTL is 600; give `ttl: 300` to keep a record set's.");
    expect(unnamedBreaking(breakingChanges(previous, current), namedBreaking(named, version).subjects)).toEqual([]);
  });
});

/** CHANGELOG.md with `line` under the Breaking heading of `version`'s section (the heading added when there is none). */
function withBreaking(changelog: string, version: string, line: string): string {
  const heading = new RegExp(`^## ${version.replace(/\./g, "\\.")}(?: .*)?$`, "m").exec(changelog)!;
  const start = heading.index + heading[0].length;
  const rest = changelog.slice(start);
  const next = rest.search(/^## /m) < 0 ? rest.length : rest.search(/^## /m);
  const breaking = /^### Breaking\b.*$/m.exec(rest.slice(0, next));
  const at = breaking === null ? start + next : start + breaking.index + breaking[0].length;
  const text = breaking === null ? `### Breaking\n\n${line}\n\n` : `\n\n${line}`;
  return changelog.slice(0, at) + text + changelog.slice(at);
}

describe("CHANGELOG.md's Breaking list", () => {
  const changelog = [
    "# Changelog",
    "",
    "## 0.3.0 (unreleased)",
    "",
    "- Something new.",
    "",
    "### Breaking",
    "",
    "- `dns.RecordSet.ttl`: removed; the zone's default applies. Remove it from programs.",
    "- `dns.getZone` is `dns.getManagedZone` now.",
    "",
    "### Fixed",
    "",
    "- `dns.Policy.name` is checked.",
    "",
    "## 0.2.0 (2026-12-01)",
    "",
    "### Breaking",
    "",
    "- `ci.SshKey`: removed.",
    "",
  ].join("\n");

  it("is the backticked names under ### Breaking in the version's own section, and no other", () => {
    const named = namedBreaking(changelog, "0.3.0");
    expect(named.section).toBe("## 0.3.0 (unreleased)");
    expect([...named.subjects].sort()).toEqual(["dns.RecordSet.ttl", "dns.getManagedZone", "dns.getZone"]);
    expect([...namedBreaking(changelog, "0.2.0").subjects]).toEqual(["ci.SshKey"]);
    expect(namedBreaking(changelog, "0.4.0")).toEqual({ section: undefined, subjects: new Set() });
  });

  it("lets a named change through and keeps the others", () => {
    const changes = [
      { subject: "dns.RecordSet.ttl", what: "input removed" },
      { subject: "dns.Policy.name", what: "input now required" },
    ];
    expect(unnamedBreaking(changes, namedBreaking(changelog, "0.3.0").subjects)).toEqual([{ subject: "dns.Policy.name", what: "input now required" }]);
  });
});
