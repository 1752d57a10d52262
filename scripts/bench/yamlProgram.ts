/**
 * examples/dns-many-records as a YAML program through the provider plugin: one zone and `count`
 * A records with the same names, TTL and record data, changed by the same config keys (`ttl`,
 * `dataVersion`, `ten`). YAML has no loops, so the benchmark writes the program for its N, with the
 * plugin (built into the benchmark's folder) named in its `plugins:`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { buildPlugin } from "../plugin/build";

/** Writes the program into `<work>/svc-yaml` and the plugin into `<work>/plugin`; returns the program's folder. */
export function writeYamlProgram(work: string, count: number): string {
  const plugin = buildPlugin(path.join(work, "plugin"), work);
  const dir = path.join(work, "svc-yaml");
  mkdirSync(dir, { recursive: true });
  const records = Array.from({ length: count }, (_, i) =>
    [
      `  host-${i}:`,
      "    type: svc:dns/recordSet:RecordSet",
      "    properties:",
      "      managedZone: ${zone.name}",
      `      name: host-${i}.\${domain}`,
      "      type: A",
      // The first ten: TTL 900 when `ten` is 1 (the benchmark's change of ten records).
      ...(i < 10 ? ["      ttl:", "        fn::select:", "          - ${ten}", '          - ["${ttl}", 900]'] : ["      ttl: ${ttl}"]),
      `      rrdatas: ["\${prefix}.${i % 250}"]`,
    ].join("\n"),
  );
  const program = [
    "name: svc-dns-many-records-yaml",
    "description: One zone with many record sets, through the pulumi-svc provider plugin (the benchmark's YAML program)",
    "runtime: yaml",
    "plugins:",
    "  providers:",
    "    - name: svc",
    `      path: ${plugin.dir}`,
    "config:",
    "  count: { type: integer, default: 50 }",
    "  domain: { type: string, default: many.example.com. }",
    "  zoneName: { type: string, default: many-records }",
    "  ttl: { type: integer, default: 300 }",
    "  dataVersion: { type: integer, default: 1 }",
    "  ten: { type: integer, default: 0 }",
    "variables:",
    "  prefix:",
    "    fn::select:",
    "      - ${dataVersion}",
    '      - ["", "198.51.100", "203.0.113"]',
    "resources:",
    "  zone:",
    "    type: svc:dns/managedZone:ManagedZone",
    "    properties:",
    "      name: ${zoneName}",
    "      dnsName: ${domain}",
    ...records,
    "outputs:",
    `  recordCount: ${count}`,
    "",
  ];
  writeFileSync(path.join(dir, "Pulumi.yaml"), program.join("\n"));
  return dir;
}
