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
    files: ["nodejs/README.md"],
    text: [
      "# pulumi-svc/plugin: the provider plugin for TypeScript",
      "",
      "The resources and functions of pulumi-svc (DNS, calendar, quotas, CI, activity reports, ad mediation, the code host) for",
      "TypeScript programs through the provider plugin, generated from the plugin's schema. It is the pulumi-svc package's",
      'second entry point, built into it: `npm install pulumi-svc`, then `import * as svc from "pulumi-svc/plugin"`. The package\'s',
      "main entry (`pulumi-svc`) is the same resources as dynamic resources, which need no plugin.",
      "",
      PLUGIN,
      "",
      "## A first program",
      "",
      "```ts",
      'import * as svc from "pulumi-svc/plugin";',
      "",
      'const zone = new svc.dns.ManagedZone("zone", { name: "example-zone", dnsName: "example.com." });',
      'new svc.dns.RecordSet("www", { managedZone: zone.name, name: "www.example.com.", type: "A", ttl: 300, rrdatas: ["192.0.2.10"] });',
      "```",
    ].join("\n"),
  },
  {
    files: ["java/README.md"],
    text: [
      "# pulumi-svc for Java",
      "",
      "The resources and functions of pulumi-svc (DNS, calendar, quotas, CI, activity reports, ad mediation, the code host) for",
      "Java programs, generated from the provider plugin's schema by Pulumi's Java generator. The classes are `com.pulumi.svc.*`,",
      "the Maven artifact `com.pulumi:svc`; until it is published, install it from a checkout (`mvn install` in this folder) and",
      "depend on it:",
      "",
      "```xml",
      `<dependency><groupId>com.pulumi</groupId><artifactId>svc</artifactId><version>${INFO.version}</version></dependency>`,
      "```",
      "",
      PLUGIN,
      "",
      "## A first program",
      "",
      "```java",
      "package myproject;",
      "",
      "import com.pulumi.Pulumi;",
      "import com.pulumi.svc.dns.ManagedZone;",
      "import com.pulumi.svc.dns.ManagedZoneArgs;",
      "import com.pulumi.svc.dns.RecordSet;",
      "import com.pulumi.svc.dns.RecordSetArgs;",
      "import com.pulumi.svc.dns.enums.RecordSetType;",
      "",
      "public class App {",
      "    public static void main(String[] args) {",
      "        Pulumi.run(ctx -> {",
      '            var zone = new ManagedZone("zone", ManagedZoneArgs.builder().name("example-zone").dnsName("example.com.").build());',
      '            new RecordSet("www", RecordSetArgs.builder()',
      '                .managedZone(zone.name()).name("www.example.com.").type(RecordSetType.A).ttl(300).rrdatas("192.0.2.10")',
      "                .build());",
      "        });",
      "    }",
      "}",
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
  go: "In the pulumi-svc repository the SDK is generated again and compared, and built (`go build ./...`); a Go program made with it runs with the real engine against the API emulator, and `pulumi import` writes Go (tests/e2e/pluginGo.e2e.test.ts); a fresh project `go get`s the module from the release's module-proxy folder and runs (tests/e2e/release.e2e.test.ts).",
  python:
    "In the pulumi-svc repository the SDK is generated again and compared, and every module is compiled (`python3 -m py_compile`); a Python program made with it runs with the real engine against the API emulator, and the Python that `pulumi import` writes previews with no change (tests/e2e/pluginPython.e2e.test.ts); the release's wheel is installed into a fresh virtual environment and a program runs with it (tests/e2e/release.e2e.test.ts).",
  nodejs:
    "In the pulumi-svc repository the SDK is generated again and compared, and compiled into the package; a TypeScript program made with it runs with the real engine against the API emulator, and the TypeScript that `pulumi import` writes previews with no change (tests/e2e/pluginTypescript.e2e.test.ts).",
  java: "In the pulumi-svc repository the SDK is generated again and compared, and built with Maven; a Java program made with it runs with the real engine against the API emulator, and `pulumi import` writes Java (tests/e2e/pluginJava.e2e.test.ts).",
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
