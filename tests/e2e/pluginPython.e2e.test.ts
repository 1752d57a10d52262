/**
 * A Python program through the provider plugin and the generated Python SDK (sdks/python), run by
 * this project's Python language host (scripts/language-host, built by scripts/setup.sh) in the
 * virtual environment setup makes (Pulumi's Python SDK from PyPI at the engine's version, and
 * sdks/python), with the real engine against the emulator: the journey of tests/support/pluginJourney.ts,
 * `pulumi import` writing Python.
 */
import { readFileSync } from "node:fs";
import { pluginJourney } from "../support/pluginJourney";

pluginJourney({
  example: "plugin-python",
  language: "python",
  title: "Python",
  zone: "plugin-python-zone",
  dnsName: "plugin-python.example.",
  calendar: "Plugin Python team",
  quotaPreference: "plugin-python-cpus",
  importedCode: /legacy = svc\.dns\.RecordSet\("legacy",[\s\S]*ttl=300,[\s\S]*type=svc\.dns\.RecordSetType\.TXT/,
  // Python runs the written modules appended to __main__.py (each repeats its imports, which is harmless).
  adopt: { main: "__main__.py", append: (written) => written.map((file) => `\n${readFileSync(file, "utf8")}`).join("") },
});
