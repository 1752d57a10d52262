/**
 * A TypeScript program through the provider plugin and its typed TypeScript SDK, this package's
 * second entry point `pulumi-svc/plugin` (sdks/nodejs, generated from the plugin's schema), run by
 * this project's Node.js language host with the program's type-checked ts-node, with the real
 * engine against the emulator: the journey of tests/support/pluginJourney.ts, `pulumi import`
 * writing TypeScript.
 */
import * as path from "node:path";
import { pluginJourney } from "../support/pluginJourney";

pluginJourney({
  example: "plugin-typescript",
  language: "nodejs",
  title: "TypeScript",
  zone: "plugin-ts-zone",
  dnsName: "plugin-ts.example.",
  calendar: "Plugin TypeScript team",
  quotaPreference: "plugin-ts-cpus",
  importedCode:
    /import \* as svc from "pulumi-svc\/plugin";[\s\S]*new svc\.dns\.RecordSet\("legacy", \{[\s\S]*ttl: 300,[\s\S]*type: svc\.dns\.RecordSetType\.TXT/,
  // The written files are modules of their own (each imports pulumi and svc): the program imports them.
  adopt: { main: "index.ts", append: (written) => written.map((file) => `\nimport "./${path.basename(file, ".ts")}";`).join("") },
});
