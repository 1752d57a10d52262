/**
 * Re-extracts Google's API contracts into emulator/google/contracts/documents/ and records where each
 * came from (emulator/google/contracts/provenance.json): the package, its version and each file's sha256.
 * Which documents: the `contracts` each emulator plug-in names.
 *
 * - A discovery document (DNS v1, Calendar v3, Admin Reports v1, AdMob v1beta): byte for byte from the
 *   PyPI package google-api-python-client (googleapiclient/discovery_cache/documents/), fetched with
 *   `pip download` of the pinned version (PyPI is a registry every machine here reaches).
 * - Protos (Cloud Quotas v1 and v1beta: neither that package nor the Go module google.golang.org/api
 *   carries a cloudquotas discovery document): the npm package's protos, pinned by the lockfile,
 *   turned into the discovery form by `protoContracts.ts`, so one validator reads every contract.
 *
 * Run: `npx ts-node --transpile-only scripts/contracts/extract.ts [--version 2.202.0]`; commit the result.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { apis } from "../../emulator/apis";
import { CONTRACTS_DIR, DISCOVERY_PACKAGE, type ContractProvenance, type SourceFile } from "../../emulator/google/contracts/sources";
import { protoContract } from "./protoContracts";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const documentsDir = path.join(REPO_ROOT, CONTRACTS_DIR, "documents");
const provenancePath = path.join(REPO_ROOT, CONTRACTS_DIR, "provenance.json");

export const sha256 = (bytes: Buffer | string): string => createHash("sha256").update(bytes).digest("hex");

/** The discovery form of a proto folder, as committed (one-space JSON and a final newline). */
export function protoDocumentText(npmPackage: string, folder: string): string {
  return `${JSON.stringify(protoContract(npmPackage, folder), null, 1)}\n`;
}

function main(): void {
  const previous = JSON.parse(readFileSync(provenancePath, "utf8")) as ContractProvenance;
  const versionFlag = process.argv.indexOf("--version");
  const version = versionFlag >= 0 ? process.argv[versionFlag + 1]! : previous.discovery.version;
  const documents = apis.flatMap((plugin) => plugin.contracts ?? []);
  const work = mkdtempSync(path.join(tmpdir(), "contracts-"));
  try {
    execFileSync("python3", ["-m", "pip", "download", `${DISCOVERY_PACKAGE}==${version}`, "--no-deps", "--only-binary=:all:", "-d", work], {
      stdio: "inherit",
    });
    const wheel = path.join(
      work,
      readdirSync(work).find((file) => file.endsWith(".whl"))!,
    );
    const discoveryFiles: Record<string, SourceFile> = {};
    const protos: Record<string, { registry: "npm"; version: string; files: Record<string, SourceFile> }> = {};
    for (const document of documents) {
      if ("discovery" in document) {
        const read = "import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))";
        const bytes = execFileSync("python3", ["-c", read, wheel, document.discovery], { maxBuffer: 64 << 20 });
        writeFileSync(path.join(documentsDir, document.file), bytes);
        discoveryFiles[document.file] = { from: document.discovery, sha256: sha256(bytes) };
      } else {
        const { npmPackage, folder } = document.protos;
        const text = protoDocumentText(npmPackage, folder);
        writeFileSync(path.join(documentsDir, document.file), text);
        const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, "node_modules", npmPackage, "package.json"), "utf8")) as { version: string };
        protos[npmPackage] ??= { registry: "npm", version: packageJson.version, files: {} };
        protos[npmPackage].files[document.file] = { from: `build/protos/${folder}/*.proto`, sha256: sha256(text) };
      }
    }
    const provenance: ContractProvenance = { discovery: { package: DISCOVERY_PACKAGE, registry: "PyPI", version, files: discoveryFiles }, protos };
    writeFileSync(provenancePath, `${JSON.stringify(provenance, null, 2)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) main();
