/**
 * The provider plugin's package schema (plugin/schema.json, from the declarations): every
 * resource and read function is in it under its token, with what the engine and other languages'
 * SDKs need from the declaration (secrets, what replaces, required inputs, nested types and
 * enums), and the provider's settings with its tokens as secrets.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { API_MANIFESTS } from "../../provider/apis";
import { declaredFunctions } from "../../provider/engine/functions/readFunction";
import { declarations } from "../../provider/registry";
import { functionToken, parseUrn, resourceToken } from "../../provider/typeTokens";

interface Schema {
  readonly resources: Record<
    string,
    { inputProperties: Record<string, Record<string, unknown>>; properties: Record<string, Record<string, unknown>>; requiredInputs?: string[] }
  >;
  readonly functions: Record<string, { outputs: { properties: Record<string, unknown> } }>;
  readonly types: Record<string, { type: string; enum?: unknown[]; properties?: Record<string, unknown> }>;
  readonly config: { variables: Record<string, { secret?: boolean }> };
  readonly provider: { inputProperties: Record<string, { secret?: boolean }> };
}

const schema = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "plugin", "schema.json"), "utf8")) as Schema;

it("has every declared resource under svc:<module>/<camelName>:<Name>, and nothing else", () => {
  expect(Object.keys(schema.resources).sort()).toEqual(declarations.map(resourceToken).sort());
  expect(schema.resources["svc:dns/recordSet:RecordSet"]).toBeDefined();
});

it("has every declared read function as an invoke", () => {
  const tokens = API_MANIFESTS.flatMap((manifest) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- every API's functions, by its name
    const module = require(path.join(__dirname, "..", "..", "provider", "apis", manifest.name, "functions")) as Record<string, unknown>;
    return declaredFunctions(module).map((fn) => functionToken(manifest.name, fn.exportName));
  });
  expect(Object.keys(schema.functions).sort()).toEqual(tokens.sort());
  // A listing answers its items; an object answers itself.
  expect(Object.keys(schema.functions["svc:dns/getManagedZones:getManagedZones"]?.outputs.properties ?? {})).toEqual(["items"]);
  expect(schema.functions["svc:dns/getManagedZone:getManagedZone"]?.outputs.properties).toHaveProperty("dnsName");
});

it("says what replaces, what is secret and what is required, as the declarations do", () => {
  const recordSet = schema.resources["svc:dns/recordSet:RecordSet"]!;
  expect(recordSet.inputProperties["type"]).toMatchObject({ replaceOnChanges: true, $ref: "#/types/svc:dns/recordSetType:RecordSetType" });
  expect(recordSet.inputProperties["ttl"]).toMatchObject({ type: "integer" });
  expect(recordSet.inputProperties["ttl"]?.["replaceOnChanges"]).toBeUndefined();
  expect(recordSet.requiredInputs).toEqual(["managedZone", "name", "type"]);
  expect(schema.types["svc:dns/recordSetType:RecordSetType"]?.enum).toContainEqual({ value: "CNAME" });
  expect(schema.types["svc:dns/recordSetRoutingPolicy:RecordSetRoutingPolicy"]?.properties).toHaveProperty("geo");
  expect(schema.resources["svc:ci/sshKey:SshKey"]?.inputProperties["privateKey"]).toMatchObject({ secret: true });
  expect(schema.resources["svc:ci/sshKey:SshKey"]?.properties["privateKey"]).toMatchObject({ secret: true });
});

it("lists the provider's settings, every token and credential a secret", () => {
  const { variables } = schema.config;
  for (const manifest of API_MANIFESTS) {
    expect(variables[`${manifest.name}BaseUrl`]).toBeDefined();
    expect(variables[`${manifest.name}Token`]).toMatchObject({ secret: true });
  }
  for (const secret of ["credentials", "codehostClientSecret"]) expect(variables[secret]).toMatchObject({ secret: true });
  expect(Object.keys(schema.provider.inputProperties)).toEqual(Object.keys(variables));
});

it("reads a resource's type token and name back from a URN, also under a parent", () => {
  expect(parseUrn("urn:pulumi:dev::proj::svc:dns/recordSet:RecordSet::www")).toEqual({ type: "svc:dns/recordSet:RecordSet", name: "www" });
  expect(parseUrn("urn:pulumi:dev::proj::my:index:Site$svc:dns/managedZone:ManagedZone::zone::a")).toEqual({
    type: "svc:dns/managedZone:ManagedZone",
    name: "zone::a",
  });
});

it("gives each input's and argument's default as the property's own `default`, which other languages' SDKs fill in", () => {
  const inputs = (token: string): Record<string, Record<string, unknown>> => schema.resources[token]?.inputProperties ?? {};
  expect(inputs("svc:dns/recordSet:RecordSet")["ttl"]).toMatchObject({ type: "integer", default: 300 });
  expect(inputs("svc:dns/managedZone:ManagedZone")["visibility"]).toMatchObject({ default: "public" });
  expect(inputs("svc:dns/managedZone:ManagedZone")["forceDestroy"]).toMatchObject({ default: false });
  expect(inputs("svc:calendar/aclRule:AclRule")["sendNotifications"]).toMatchObject({ default: true });
  const args = (schema.functions["svc:reports/getActivities:getActivities"] as unknown as { inputs: { properties: Record<string, unknown> } }).inputs;
  expect(args.properties["pages"]).toMatchObject({ default: "all" });
  // The words stay for the SDKs' docs, and say the same value; a list's or a map's default (the schema allows only a
  // boolean, number or string) is in the words alone.
  const places = [
    ...Object.values(schema.resources).flatMap((resource) => Object.values(resource.inputProperties)),
    ...Object.values(schema.functions).flatMap((fn) =>
      Object.values((fn as { inputs?: { properties: Record<string, Record<string, unknown>> } }).inputs?.properties ?? {}),
    ),
  ];
  const worded = places.filter((spec) => /Default: `/.test(String(spec["description"])));
  expect(worded.length).toBeGreaterThan(10);
  for (const spec of worded) {
    const said = JSON.parse(/Default: `([^`]*)`/.exec(String(spec["description"]))![1]!) as unknown;
    expect({ spec, default: spec["default"] }).toEqual({ spec, default: typeof said === "object" ? undefined : said });
  }
});
