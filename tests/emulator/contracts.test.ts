/**
 * Google's contracts against the emulator, from the contracts themselves:
 * - every route of every API with contracts refuses, with 400 in the API's error shape, an unknown
 *   query parameter, an unknown body field (methods that take a body) and a value of the wrong JSON
 *   type (in the body, else in a typed query parameter), before anything else happens;
 * - the ledger the tests hand every emulator names the field and the contract of a wrong field in a
 *   request body and in an answer the emulator gives (an API whose answer is broken on purpose).
 */
import type { ApiRoute } from "../../emulator/api";
import { apis as defaultApis } from "../../emulator/apis";
import { dnsPlugin } from "../../emulator/apis/dns/plugin";
import { contractOf, type DiscoveryMethod, type SchemaNode } from "../../emulator/google/contracts/contract";
import { contractMethod } from "../../emulator/google/contracts/guard";
import { ContractLedger, describeViolation } from "../../emulator/google/contracts/ledger";
import type { ApiPlugin } from "../../emulator/plugin";
import { createEmulator } from "../../emulator/server";
import { httpRequest, TOKEN } from "./helpers";
import { pluginEnvironment } from "../support/pluginEnvironment";

interface Case {
  readonly api: string;
  readonly family: string;
  readonly route: ApiRoute;
  readonly method: DiscoveryMethod;
  readonly schema: (name: string) => SchemaNode;
}

function cases(): Case[] {
  const environment = pluginEnvironment();
  return defaultApis.flatMap((plugin) => {
    if (plugin.contracts === undefined) return [];
    const contracts = plugin.contracts.map((document) => contractOf(document));
    return plugin.start({}, environment).module.routes.map((route) => {
      const found = contractMethod(contracts, route.operation)!;
      return { api: plugin.name, family: plugin.errorFamily.kind, route, method: found.method, schema: (name: string) => found.contract.schema(name) };
    });
  });
}

/** The route's path with every `:param` filled (a custom method's `:verb` stays). */
function concretePath(pattern: string): string {
  return pattern.replace(/\/:(\w+)/g, (_, name: string) => `/${name === "parentId" ? "123456789012" : `x${name}`}`);
}

/** A value of the wrong JSON type for a schema, and a field of the body's schema to put it in. */
function wrongTyped(node: SchemaNode, schema: (name: string) => SchemaNode): { field: string; value: unknown } | undefined {
  const resolved = node.$ref !== undefined ? schema(node.$ref) : node;
  for (const [field, property] of Object.entries(resolved.properties ?? {})) {
    const target = property.$ref !== undefined ? schema(property.$ref) : property;
    if (target.type === "object" || target.type === "array") return { field, value: "not-an-object-or-list" };
    if (target.enum !== undefined) return { field, value: "NOT_ONE_OF_THE_ENUM" };
    if (target.type === "boolean") return { field, value: "yes" };
    if (target.type === "integer") return { field, value: "twelve" };
    if (target.type === "string") return { field, value: { nested: true } };
  }
  return undefined;
}

function expectGoogle400(family: string, body: unknown, mentions: string): void {
  const error = (body as { error: { code: number; message: string; status?: string; errors?: Array<{ reason: string }> } }).error;
  expect(error.code).toBe(400);
  expect(error.message).toContain(mentions);
  if (family === "google-aip193") expect(error.status).toBe("INVALID_ARGUMENT");
  else expect(error.errors?.[0]?.reason).toMatch(/^(invalid|invalidParameter)$/);
}

describe("every route of a Google API refuses what its contract does not document", () => {
  const emulator = createEmulator({ tokens: [TOKEN] });
  let baseUrl = "";
  beforeAll(async () => {
    baseUrl = await emulator.listen(0);
  });
  afterAll(() => emulator.close());
  const all = cases();

  it("covers every route of every API with contracts", () => {
    expect(new Set(all.map((entry) => entry.api))).toEqual(new Set(["ads", "calendar", "dns", "quotas", "reports"]));
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all.map((entry) => [`${entry.route.method} ${entry.route.pattern}`, entry] as const))("%s", async (_name, entry) => {
    const path = concretePath(entry.route.pattern);
    const body = entry.method.request === undefined ? undefined : {};
    const unknownQuery = await httpRequest(baseUrl, entry.route.method, `${path}?notAParameter=1`, { body });
    expect(unknownQuery.status).toBe(400);
    expectGoogle400(entry.family, unknownQuery.body, 'Unknown name "notAParameter"');

    if (entry.method.request !== undefined) {
      const unknownField = await httpRequest(baseUrl, entry.route.method, path, { body: { notAField: 1 } });
      expect(unknownField.status).toBe(400);
      expectGoogle400(entry.family, unknownField.body, 'Unknown name "notAField"');
      const wrong = wrongTyped(entry.method.request, entry.schema);
      if (wrong !== undefined) {
        const wrongType = await httpRequest(baseUrl, entry.route.method, path, { body: { [wrong.field]: wrong.value } });
        expect(wrongType.status).toBe(400);
        expectGoogle400(entry.family, wrongType.body, wrong.field);
        return;
      }
    }
    const typed = Object.entries(entry.method.parameters ?? {}).find(
      ([, parameter]) => parameter.location === "query" && (parameter.type === "integer" || parameter.type === "boolean"),
    );
    if (typed !== undefined) {
      const wrongQuery = await httpRequest(baseUrl, entry.route.method, `${path}?${typed[0]}=not-a-${typed[1].type!}`, { body });
      expect(wrongQuery.status).toBe(400);
      expectGoogle400(entry.family, wrongQuery.body, typed[0]);
    }
  });
});

/** Cloud DNS with `managedZones.get` answering one field its contract does not have. */
const brokenDns: ApiPlugin = {
  ...dnsPlugin,
  start: (input, environment) => {
    const started = dnsPlugin.start(input, environment);
    const routes = started.module.routes.map((route) =>
      route.operation !== "dns.managedZones.get"
        ? route
        : {
            ...route,
            handle: (call: Parameters<ApiRoute["handle"]>[0]) => {
              const result = route.handle(call);
              return { ...result, body: { ...(result.body as object), nameSevers: ["ns1.example."] } };
            },
          },
    );
    return { ...started, module: { ...started.module, routes } };
  },
};

describe("the ledger the tests give every emulator", () => {
  const ledger = new ContractLedger();
  const emulator = createEmulator({ tokens: [TOKEN], contracts: ledger, apis: defaultApis.map((plugin) => (plugin.name === "dns" ? brokenDns : plugin)) });
  let baseUrl = "";
  beforeAll(async () => {
    baseUrl = await emulator.listen(0);
  });
  afterAll(() => emulator.close());
  const zones = "/dns/v1/projects/p1/managedZones";

  it("names the field and the contract of a wrong field in a request body", async () => {
    const answer = await httpRequest(baseUrl, "POST", zones, { body: { name: "z1", dnsName: "z1.example.", description: "z", dnsNamee: "typo.example." } });
    expect(answer.status).toBe(400);
    expect(ledger.violations.map(describeViolation)).toEqual([
      `request of POST ${zones}: body.dnsNamee: no field 'dnsNamee' in ManagedZone (dns.managedZones.create, contract dns.v1.json)`,
    ]);
  });

  it("names the field and the contract of a wrong field in an emulator's answer", async () => {
    ledger.violations.length = 0;
    expect((await httpRequest(baseUrl, "POST", zones, { body: { name: "z2", dnsName: "z2.example.", description: "z" } })).status).toBe(200);
    expect(ledger.violations).toEqual([]);
    expect((await httpRequest(baseUrl, "GET", `${zones}/z2`)).status).toBe(200);
    expect(ledger.violations.map(describeViolation)).toEqual([
      `answer of GET ${zones}/z2: answer.nameSevers: no field 'nameSevers' in ManagedZone (dns.managedZones.get, contract dns.v1.json)`,
    ]);
  });

  it("counts what it checked per API and method", () => {
    expect(ledger.counts["dns"]?.methods["dns.managedZones.create"]).toEqual({ requests: 2, bodies: 2, answers: 1 });
    expect(ledger.counts["dns"]?.methods["dns.managedZones.get"]).toEqual({ requests: 1, bodies: 0, answers: 1 });
  });
});
