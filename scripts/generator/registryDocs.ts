/**
 * The Pulumi Registry's pages of the package, in the layout the Registry reads from a provider's
 * repository (`docs/_index.md`, `docs/installation-configuration.md`; here under docs/registry/):
 * the overview with a first program in every language, and how to install the SDK of each
 * language and the plugin, and configure the provider (every configuration key of the schema with
 * its environment variable, and the credentials). The API docs of every resource and function are
 * the schema's descriptions with their examples (examples/index.ts), which the Registry renders.
 * `npm run generate` writes them; tests/unit/generated.test.ts keeps them fresh.
 */
import { API_MANIFESTS } from "../../provider/apis";
import { declarations } from "../../provider/registry";
import { readFunctionsOf } from "./functions";
import { parseExample } from "./examples/model";
import { LANGUAGES, render, type Language } from "./examples/render";
import type { SchemaView } from "./examples/schemaTypes";
import type { PackageInfo } from "./packageInfo";
import { nodePins } from "../release/nodeRuntimes";
import { cell } from "./text";

/** The first program of the overview: a zone and a record set, as the README's front page has it. */
const FIRST_PROGRAM = [
  'const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });',
  'new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });',
  "export const nameServers = zone.nameServers;",
].join("\n");

const CHOOSER_NAMES: Readonly<Record<Language, string>> = { typescript: "typescript", python: "python", go: "go", csharp: "csharp", yaml: "yaml" };

const frontMatter = (title: string, description: string): string => `---\ntitle: ${title}\nmeta_desc: ${description}\nlayout: package\n---\n`;

function chooser(schema: SchemaView, info: PackageInfo): string {
  const program = { statements: parseExample(FIRST_PROGRAM, "the overview's first program") };
  return [
    `{{< chooser language "${LANGUAGES.map((language) => CHOOSER_NAMES[language]).join(",")}" >}}`,
    ...LANGUAGES.flatMap((language) => [
      `{{% choosable language ${CHOOSER_NAMES[language]} %}}`,
      "",
      `\`\`\`${language}\n${render(program, language, schema, info.goModule)}\n\`\`\``,
      "",
      "{{% /choosable %}}",
    ]),
    "{{< /chooser >}}",
  ].join("\n");
}

function overview(schema: SchemaView & { description?: string }, info: PackageInfo): string {
  const rows = API_MANIFESTS.map((manifest) => {
    const resources = declarations.filter((declaration) => declaration.api === manifest.name).map((declaration) => `\`${declaration.name}\``);
    const functions = readFunctionsOf(manifest.name).map((fn) => `\`${fn.exportName}\``);
    return `| \`${manifest.name}\` | ${cell(manifest.doc)} | ${resources.join(", ") || "none"} | ${functions.join(", ") || "none"} |`;
  });
  return [
    frontMatter("pulumi-svc", "An overview of the svc provider for Pulumi: DNS, calendar, quotas, CI, activity reports, ad mediation and the code host."),
    `The svc provider for Pulumi manages the objects of several REST APIs. ${schema.description ?? ""}`,
    "",
    "Every resource follows patch semantics: a property the API can change is updated in place with a request of only what changed,",
    "any other change replaces the object, and `pulumi preview` says which, property by property. Invalid input fails at `preview`,",
    "naming the property and the accepted form, before any request is sent. A local emulator of every API (`svc-emulator`, in the",
    "npm package) runs programs offline.",
    "",
    "| module | what it is | resources | functions |",
    "|---|---|---|---|",
    ...rows,
    "",
    "## Example",
    "",
    chooser(schema, info),
    "",
  ].join("\n");
}

function installation(schema: SchemaView & { config?: { variables?: Record<string, { description?: string; secret?: boolean }> } }, info: PackageInfo): string {
  const [module] = parseExample(FIRST_PROGRAM, "the overview's first program").flatMap((statement) =>
    statement.kind === "resource" ? [statement.module] : [],
  );
  const variables = Object.entries(schema.config?.variables ?? {});
  const envOf = (description = ""): string => /environment variable `([A-Z0-9_]+)`/.exec(description)?.[1] ?? "";
  const rows = variables.map(
    ([key, spec]) =>
      `| \`svc:${key}\` | \`${envOf(spec.description)}\` | ${spec.secret === true ? "yes" : ""} | ${cell((spec.description ?? "").replace(/ Falls back to the environment variable `[A-Z0-9_]+`\.$/, ""))} |`,
  );
  const release = `${info.repository}/releases/tag/v${info.version}`;
  const node = nodePins();
  return [
    frontMatter(
      "pulumi-svc Installation & Configuration",
      "How to install the svc provider's SDK in each language and its plugin, and configure where each API is and how to authenticate.",
    ),
    "## Installation",
    "",
    "The svc provider is available as a package in these Pulumi languages:",
    "",
    "* JavaScript/TypeScript: [`pulumi-svc`](https://www.npmjs.com/package/pulumi-svc) (the package's own SDK, with the same namespaces and classes)",
    "* Python: [`pulumi_svc`](https://pypi.org/project/pulumi-svc/)",
    `* Go: [\`${info.goModule}\`](https://pkg.go.dev/${info.goModule})`,
    "* .NET: [`Pulumi.Svc`](https://www.nuget.org/packages/Pulumi.Svc)",
    `* YAML: no SDK; the package declaration [\`svc-${info.version}.yaml\`](${release}) (what \`pulumi package add\` writes) placed in the project`,
    "",
    "```bash",
    "npm install pulumi-svc @pulumi/pulumi",
    `pip install pulumi_svc==${info.version}`,
    `go get ${info.goModule}@v${info.version}`,
    `dotnet add package Pulumi.Svc --version ${info.version}`,
    `curl -fLO ${info.repository}/releases/download/v${info.version}/svc-${info.version}.yaml   # YAML`,
    "```",
    "",
    "### The provider plugin",
    "",
    "The engine installs the `svc` plugin by itself on the first `pulumi up` or `preview` of a program that uses the package: every",
    `SDK (and the YAML declaration) names the plugin's version and where it is, the GitHub release of the version (\`${info.pluginDownloadURL}\`).`,
    `Each platform's archive (Linux and macOS on amd64 and arm64, Windows on amd64) carries its own Node.js ${node.version}: nothing else`,
    "needs installing where the engine runs. To install it ahead of time (an offline machine, a CI cache):",
    "",
    "```bash",
    `pulumi plugin install resource svc ${info.version} --server ${info.repository}/releases/download/v${info.version}`,
    "```",
    "",
    "## Configuration",
    "",
    "Each setting is read from the stack's configuration first, then from its environment variable. Tokens and credentials belong in",
    "the configuration as secrets, or in the environment; the provider never writes them into the state, its logs or its errors.",
    "",
    "```bash",
    `pulumi config set svc:project my-project`,
    `pulumi config set svc:${module}BaseUrl https://${module}.example.com`,
    `pulumi config set --secret svc:${module}Token "$(your-token-command)"`,
    "```",
    "",
    "or",
    "",
    "```bash",
    "export SVC_PROJECT=my-project",
    `export SVC_${(module ?? "").toUpperCase()}_TOKEN="$(your-token-command)"`,
    "```",
    "",
    "| key | environment variable | secret | what it sets |",
    "|---|---|---|---|",
    ...rows,
    "",
    "## Credentials",
    "",
    "An API with a token (`svc:<api>Token`) sends it. The Google-style APIs without one take OAuth access tokens the way Google's own",
    "clients do, from the first of: `svc:credentials` (a service-account key, an `authorized_user` or an `external_account` file, its",
    "JSON or its path; a secret), `GOOGLE_APPLICATION_CREDENTIALS`, `GOOGLE_CREDENTIALS`, gcloud's application default credentials",
    "(`gcloud auth application-default login`), the metadata server (Compute Engine, GKE, Cloud Run). On top of any of them,",
    "`svc:impersonateServiceAccount` (with `svc:impersonateDelegates`) impersonates a service account, and `svc:subject` acts for a",
    "Workspace user by domain-wide delegation. Each API asks for the narrowest scope it documents; a token is refreshed before it",
    "expires and a request answered `401` is sent once more with a new one.",
    "",
    "```bash",
    'pulumi config set --secret svc:credentials "$(cat deployer-key.json)"',
    "export GOOGLE_APPLICATION_CREDENTIALS=$HOME/wif-config.json     # or a workload identity file, as CI systems write it",
    "pulumi config set svc:impersonateServiceAccount deployer@my-project.iam.gserviceaccount.com",
    "```",
    "",
    "Against the emulator, offline: `npx svc-emulator --port 8085 --tokens dev-token`, then `svc:emulatorUrl` (or `SVC_EMULATOR_URL`)",
    "set to the address it prints and every token to `dev-token`.",
    "",
  ].join("\n");
}

/** The Registry's pages, by path. */
export function renderRegistryDocs(schema: SchemaView, info: PackageInfo): Map<string, string> {
  return new Map([
    ["docs/registry/_index.md", overview(schema, info)],
    ["docs/registry/installation-configuration.md", installation(schema, info)],
  ]);
}
