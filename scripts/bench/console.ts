/**
 * The `console` scenario: how fast the web console's pages answer with one zone of N record sets
 * (default 5,000; the record-set collection is paged) and a request log of N/5 requests. The
 * emulator runs in this process; each page is fetched `--rounds` times (default 20) after one warm-up
 * fetch, and the table gives the median and the slowest, against the target of 100 ms.
 * `npm run bench -- --scenario console [N] [--rounds K] [--out FILE]`.
 */
import { writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../tests/support/emulatorControl";

const TARGET_MS = 100;
const ZONES = "/dns/v1/projects/bench/managedZones";
const BATCH = 1000;

interface Options {
  count: number;
  rounds: number;
  out: string;
}

function parse(argv: readonly string[]): Options {
  let count = 5000;
  let rounds = 20;
  let out = path.resolve("bench-console.json");
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--scenario") i++;
    else if (arg === "--rounds") rounds = Number(argv[++i]);
    else if (arg === "--out") out = path.resolve(argv[++i] ?? out);
    else if (/^\d+$/.test(arg)) count = Number(arg);
    else throw new Error(`unknown argument ${arg}; usage: bench --scenario console [N] [--rounds K] [--out FILE]`);
  }
  if (![count, rounds].every((value) => Number.isInteger(value) && value > 0)) throw new Error("N and K must be positive whole numbers");
  return { count, rounds, out };
}

/** The console's links from a page: the first that matches, so the benchmark follows what a user clicks. */
function linkIn(html: string, pattern: RegExp): string {
  const found = pattern.exec(html)?.[1];
  if (found === undefined) throw new Error(`no link matching ${pattern} in the page`);
  return found.replace(/&#38;/g, "&");
}

export async function runConsoleBench(argv: readonly string[]): Promise<void> {
  const { count, rounds, out } = parse(argv);
  const emulator = await startEmulator();
  try {
    const created = await emulator.api("POST", ZONES, { name: "bench", dnsName: "bench.example.", description: "console benchmark" });
    if (created.status !== 200) throw new Error(`zone: ${created.status}`);
    for (let start = 0; start < count; start += BATCH) {
      const additions = Array.from({ length: Math.min(BATCH, count - start) }, (_, index) => ({
        name: `host-${start + index}.bench.example.`,
        type: "A",
        ttl: 300,
        rrdatas: [`192.0.2.${(start + index) % 250}`],
      }));
      const change = await emulator.api("POST", `${ZONES}/bench/changes`, { additions });
      if (change.status !== 200) throw new Error(`change: ${change.status} ${JSON.stringify(change.body)}`);
    }
    for (let i = 0; i < Math.max(100, Math.floor(count / 5)); i++) await emulator.api("GET", `${ZONES}/bench/rrsets/host-${i % count}.bench.example./A`);

    const text = async (url: string): Promise<string> => (await fetch(`${emulator.url}${url}`)).text();
    const dns = await text("/_ui/objects/dns");
    const project = linkIn(dns, /href="(\/_ui\/objects\/dns\/[^/"]+)"/);
    const zone = linkIn(dns, /href="(\/_ui\/objects\/dns\/[^/"]+\/[^/"]+)"/);
    const zonePage = await text(zone);
    const lastPage = `${zone}?group=record%20sets&page=${Math.ceil(count / 50)}`;
    const recordSet = linkIn(zonePage, new RegExp(`href="(${zone.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/[^/"?]+)"`));
    const pages: Record<string, string> = {
      "objects (every API)": "/_ui/objects",
      "objects of dns": "/_ui/objects/dns",
      project,
      "zone (record sets page 1)": zone,
      "zone (last page of record sets)": lastPage,
      "one record set": recordSet,
      requests: "/_ui/requests",
      "requests, 4xx filter": "/_ui/requests?status=4xx",
      "requests data (the script's)": "/_ui/data/requests",
      controls: "/_ui/controls",
    };
    const rows: Array<{ page: string; url: string; bytes: number; medianMs: number; maxMs: number; withinTarget: boolean }> = [];
    console.log(`scenario console: ${count} record sets in one zone, ${rounds} fetches a page; target < ${TARGET_MS} ms`);
    console.log(`${"page".padEnd(34)} ${"bytes".padStart(9)} ${"median ms".padStart(10)} ${"max ms".padStart(8)}`);
    for (const [name, url] of Object.entries(pages)) {
      const warm = await fetch(`${emulator.url}${url}`);
      if (warm.status !== 200) throw new Error(`${url}: ${warm.status}`);
      const bytes = (await warm.text()).length;
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const started = process.hrtime.bigint();
        const response = await fetch(`${emulator.url}${url}`);
        await response.text();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      const medianMs = times[Math.floor(times.length / 2)] ?? 0;
      const maxMs = times[times.length - 1] ?? 0;
      rows.push({ page: name, url, bytes, medianMs, maxMs, withinTarget: medianMs < TARGET_MS });
      console.log(`${name.padEnd(34)} ${String(bytes).padStart(9)} ${medianMs.toFixed(1).padStart(10)} ${maxMs.toFixed(1).padStart(8)}`);
    }
    const slow = rows.filter((row) => !row.withinTarget);
    console.log(slow.length === 0 ? `every page's median is under ${TARGET_MS} ms` : `over ${TARGET_MS} ms: ${slow.map((row) => row.page).join(", ")}`);
    writeFileSync(out, `${JSON.stringify({ scenario: "console", count, rounds, cpus: os.cpus().length, targetMs: TARGET_MS, rows }, null, 2)}\n`);
    console.log(`written: ${out}`);
  } finally {
    await emulator.close();
  }
}
