/**
 * The emulator's copies of Google's API contracts are the published ones: each discovery document's
 * sha256 is the one recorded when it was taken from the pinned google-api-python-client wheel
 * (scripts/contracts/extract.ts), and Cloud Quotas' documents are what the protos of the pinned
 * @google-cloud/cloudquotas convert to now. Every plug-in's named documents are there, and every
 * route of a plug-in with contracts is a documented method of them.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { apis } from "../../emulator/apis";
import { contractOf } from "../../emulator/google/contracts/contract";
import { CONTRACTS_DIR, type ContractProvenance } from "../../emulator/google/contracts/sources";
import { protoDocumentText, sha256 } from "../../scripts/contracts/extract";
import type { ApiRoute } from "../../emulator/api";
import { pluginEnvironment } from "../support/pluginEnvironment";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const provenance = JSON.parse(readFileSync(path.join(REPO_ROOT, CONTRACTS_DIR, "provenance.json"), "utf8")) as ContractProvenance;
const documents = apis.flatMap((plugin) => plugin.contracts ?? []);
const committed = (file: string): Buffer => readFileSync(path.join(REPO_ROOT, CONTRACTS_DIR, "documents", file));

it("pins one version of google-api-python-client and of each proto package", () => {
  expect(provenance.discovery.version).toMatch(/^\d+\.\d+\.\d+$/);
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
  for (const [npmPackage, record] of Object.entries(provenance.protos)) expect(lock.packages[`node_modules/${npmPackage}`]?.version).toBe(record.version);
});

it.each(documents.filter((document) => "discovery" in document).map((document) => [document.file]))(
  "%s is the published discovery document, byte for byte",
  (file) => {
    const recorded = provenance.discovery.files[file];
    expect(recorded).toBeDefined();
    expect(sha256(committed(file))).toBe(recorded!.sha256);
  },
);

it.each(documents.flatMap((document) => ("protos" in document ? [[document.file, document.protos.npmPackage, document.protos.folder] as const] : [])))(
  "%s is what the protos of %s (%s) convert to",
  (file, npmPackage, folder) => {
    const text = protoDocumentText(npmPackage, folder);
    expect(committed(file).toString("utf8")).toBe(text);
    expect(sha256(text)).toBe(provenance.protos[npmPackage]?.files[file]?.sha256);
  },
);

it("maps every route of an API with contracts to a documented method of the same HTTP method", () => {
  const unmatched: string[] = [];
  for (const { plugin, routes } of startedRoutes()) {
    if (plugin.contracts === undefined) continue;
    const contracts = plugin.contracts.map((document) => contractOf(document));
    for (const route of routes) {
      const method = contracts.map((contract) => contract.method(route.operation)).find((found) => found !== undefined);
      if (method === undefined || method.httpMethod !== route.method) unmatched.push(`${plugin.name}: ${route.method} ${route.pattern} (${route.operation})`);
    }
  }
  expect(unmatched).toEqual([]);
});

/** Every plug-in's routes, as a started emulator mounts them. */
function startedRoutes(): Array<{ plugin: (typeof apis)[number]; routes: readonly ApiRoute[] }> {
  const environment = pluginEnvironment();
  return apis.map((plugin) => ({ plugin, routes: plugin.start({}, environment).module.routes }));
}
