/**
 * The READMEs of the generated SDKs (sdks/<language>/README.md, and the Python package's own):
 * how to install the provider plugin and the SDK, and a first program, in each language.
 * Written by scripts/gen-sdks.sh after the code generators, which write a one-line README.
 *
 *   ts-node scripts/generator/sdkReadmes.ts <sdks folder>
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { packageInfo } from "./packageInfo";

const INFO = packageInfo();

const PLUGIN = [
  "## The provider plugin",
  "",
  "The SDK drives the `svc` resource plugin, which the engine runs. The engine downloads it by itself on the first",
  `\`pulumi up\` (or \`preview\`) of a program that uses the SDK, from the release of the SDK's version (${INFO.repository}/releases):`,
  "each platform's archive carries its own Node.js runtime, so nothing else needs installing. Offline, install the archive",
  "of your platform from the release yourself:",
  "",
  "```sh",
  `pulumi plugin install resource svc ${INFO.version} --file pulumi-resource-svc-v${INFO.version}-linux-amd64.tar.gz`,
  "```",
  "",
  "Settings are the provider's configuration (`pulumi config set svc:project ...`, `pulumi config set --secret svc:dnsToken ...`)",
  "or its environment variables; see the repository's docs/registry/installation-configuration.md.",
].join("\n");

const TESTED = (what: string): string => `\n\n## What is tested\n\n${what}\n`;

const READMES: ReadonlyArray<{ readonly files: readonly string[]; readonly text: string }> = [
  {
    files: ["go/README.md"],
    text: [
      "# pulumi-svc for Go",
      "",
      "The resources and functions of pulumi-svc (DNS, calendar, quotas, CI, activity reports, ad mediation, the code host) for Go",
      `programs, generated from the provider plugin's schema. The module is \`${INFO.goModule}\` (folder \`svc/\`):`,
      "",
      "```sh",
      `go get ${INFO.goModule}@v${INFO.version}`,
      "```",
      "",
      PLUGIN,
      "",
      "## A first program",
      "",
      "```go",
      "package main",
      "",
      "import (",
      '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      `\t"${INFO.goModule}/dns"`,
      ")",
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      '\t\tzone, err := dns.NewManagedZone(ctx, "zone", &dns.ManagedZoneArgs{Name: pulumi.String("example-zone"), DnsName: pulumi.String("example.com.")})',
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
      '\t\t_, err = dns.NewRecordSet(ctx, "www", &dns.RecordSetArgs{',
      '\t\t\tManagedZone: zone.Name, Name: pulumi.String("www.example.com."), Type: dns.RecordSetTypeA,',
      '\t\t\tTtl: pulumi.Int(300), Rrdatas: pulumi.StringArray{pulumi.String("192.0.2.10")},',
      "\t\t})",
      "\t\treturn err",
      "\t})",
      "}",
      "```",
    ].join("\n"),
  },
  {
    files: ["python/README.md", "python/pulumi_svc/README.md"],
    text: [
      "# pulumi-svc for Python",
      "",
      "The resources and functions of pulumi-svc (DNS, calendar, quotas, CI, activity reports, ad mediation, the code host) for",
      "Python programs, generated from the provider plugin's schema. The package is `pulumi_svc`:",
      "",
      "```sh",
      `pip install pulumi_svc==${INFO.version}`,
      "```",
      "",
      PLUGIN,
      "",
      "## A first program",
      "",
      "```python",
      "import pulumi_svc as svc",
      "",
      'zone = svc.dns.ManagedZone("zone", name="example-zone", dns_name="example.com.")',
      'svc.dns.RecordSet("www", managed_zone=zone.name, name="www.example.com.", type="A", ttl=300, rrdatas=["192.0.2.10"])',
      "```",
    ].join("\n"),
  },
  {
    files: ["dotnet/README.md"],
    text: [
      "# pulumi-svc for .NET",
      "",
      "The resources and functions of pulumi-svc (DNS, calendar, quotas, CI, activity reports, ad mediation, the code host) for",
      ".NET programs, generated from the provider plugin's schema. The project is `Pulumi.Svc.csproj` (namespace `Pulumi.Svc`):",
      "",
      "```sh",
      `dotnet add package Pulumi.Svc --version ${INFO.version}`,
      "```",
      "",
      PLUGIN,
      "",
      "## A first program",
      "",
      "```csharp",
      "using Pulumi;",
      "using Svc = Pulumi.Svc;",
      "",
      "return await Deployment.RunAsync(() =>",
      "{",
      '    var zone = new Svc.Dns.ManagedZone("zone", new() { Name = "example-zone", DnsName = "example.com." });',
      '    new Svc.Dns.RecordSet("www", new() { ManagedZone = zone.Name, Name = "www.example.com.", Type = Svc.Dns.RecordSetType.A, Ttl = 300, Rrdatas = { "192.0.2.10" } });',
      "});",
      "```",
    ].join("\n"),
  },
];

const TESTS: Readonly<Record<string, string>> = {
  go: "In the pulumi-svc repository the SDK is generated again and compared, and built (`go build ./...`); a Go program made with it runs with the real engine against the API emulator (tests/e2e/pluginGo.e2e.test.ts), and a fresh project `go get`s the module from the release's module-proxy folder and runs (tests/e2e/release.e2e.test.ts).",
  python:
    "In the pulumi-svc repository the SDK is generated again and compared, and every module is compiled (`python3 -m py_compile`); the release's wheel is installed into a fresh virtual environment and a program runs with it under Pulumi's mocks (tests/e2e/release.e2e.test.ts).",
  dotnet:
    "In the pulumi-svc repository the SDK is generated again and compared. It is not compiled and no .NET program runs there: those machines have no .NET SDK.",
};

export function renderSdkReadmes(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { files: names, text } of READMES) {
    for (const name of names) files.set(name, `${text}${TESTED(TESTS[name.split("/")[0] ?? ""] ?? "")}`);
  }
  return files;
}

if (require.main === module) {
  const out = process.argv[2];
  if (out === undefined) throw new Error("usage: sdkReadmes.ts <sdks folder>");
  for (const [name, text] of renderSdkReadmes()) writeFileSync(path.join(out, name), text);
}
