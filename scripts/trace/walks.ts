/**
 * Which of the provider's files one operation runs through, traced through its calls: V8's
 * precise coverage of the process, taken after a warm-up of the same operation (so loading and
 * first-call work are left out) and again after the measured one; every file with a function
 * that ran in between is a file the operation crossed. The walks of issue 54:
 *
 *   npx ts-node --transpile-only scripts/trace/walks.ts
 *
 * - an ACL rule's role change (calendar AclRule, update of `role`);
 * - a record-set TTL change inside a zone batch (two record sets of one zone, their TTLs changed
 *   at the same time: one joint change).
 *
 * It prints each walk's files, grouped by folder, and their count. The emulator runs in this
 * process and is left out of the count (its files are under emulator/), as are node_modules.
 */
import { Session } from "node:inspector/promises";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../../tests/support/emulatorControl";
import { API_MANIFESTS } from "../../provider/apis";
import { settingNames } from "../../provider/config";
import { declarations } from "../../provider/registry";
import { typeKey } from "../../provider/engine/declaration/declaration";
import { dynamicProvider } from "../../provider/engine/pulumi/dynamicProvider";

const ROOT = path.resolve(__dirname, "..", "..");

interface Walk {
  readonly name: string;
  /** Makes what the operation needs; returns the operation, run twice (warm-up, then measured). */
  readonly prepare: (round: number) => Promise<() => Promise<unknown>>;
}

const provider = (key: string): ReturnType<typeof dynamicProvider> => {
  const declaration = declarations.find((candidate) => typeKey(candidate) === key);
  if (declaration === undefined) throw new Error(`no declaration ${key}`);
  return dynamicProvider(declaration);
};

async function checked(key: string, inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { inputs: checkedInputs, failures } = await provider(key).check({}, inputs);
  if (failures !== undefined && failures.length > 0) throw new Error(`${key}: ${JSON.stringify(failures)}`);
  return checkedInputs ?? {};
}

const WALKS: readonly Walk[] = [
  {
    name: "an ACL rule's role change (calendar:AclRule update of role)",
    prepare: async (round) => {
      const acl = provider("calendar:AclRule");
      const calendar = await provider("calendar:Calendar").create(await checked("calendar:Calendar", { summary: `walk ${round}` }));
      const calendarId = String(calendar.outs["calendarId"]);
      const olds = await checked("calendar:AclRule", { calendarId, scope: { type: "user", value: `ann${round}@example.com` }, role: "reader" });
      const made = await acl.create(olds);
      const news = await checked("calendar:AclRule", { ...olds, role: "writer" });
      return () => acl.update(made.id, made.outs, news);
    },
  },
  {
    name: "a record-set TTL change inside a zone batch (dns:RecordSet update of ttl, two of one zone at once)",
    prepare: async (round) => {
      const records = provider("dns:RecordSet");
      const zoneName = `walk-${round}`;
      await provider("dns:ManagedZone").create(await checked("dns:ManagedZone", { name: zoneName, dnsName: `walk${round}.example.` }));
      const made = await Promise.all(
        ["a", "b"].map(async (host) => {
          const olds = await checked("dns:RecordSet", {
            managedZone: zoneName,
            name: `${host}.walk${round}.example.`,
            type: "A",
            ttl: 300,
            rrdatas: ["192.0.2.1"],
          });
          const created = await records.create(olds);
          return { created, news: await checked("dns:RecordSet", { ...olds, ttl: 600 }) };
        }),
      );
      return () => Promise.all(made.map(({ created, news }) => records.update(created.id, created.outs, news)));
    },
  },
];

/** With WALK_FUNCTIONS set, the functions each file ran, printed beside it. */
const functionsRan = new Map<string, string[]>();

/** The repository's files (not node_modules, not the emulator) with a function that ran since the last take. */
async function ranSinceLastTake(session: Session): Promise<Set<string>> {
  const { result } = await session.post("Profiler.takePreciseCoverage");
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith("file://")) continue;
    const file = path.relative(ROOT, fileURLToPath(script.url));
    if (file.startsWith("..") || file.includes("node_modules") || file.startsWith("emulator/") || file.startsWith("tests/") || file.startsWith("scripts/"))
      continue;
    const ran = script.functions.filter((fn) => fn.ranges.some((range) => range.count > 0));
    if (ran.length === 0) continue;
    files.add(file);
    if (process.env["WALK_FUNCTIONS"] !== undefined)
      functionsRan.set(
        file,
        ran.map((fn) => fn.functionName || "(anonymous)"),
      );
  }
  return files;
}

async function main(): Promise<void> {
  const emulator = await startEmulator("walk-token");
  process.env["SVC_EMULATOR_URL"] = emulator.url;
  for (const manifest of API_MANIFESTS) if (manifest.settings === undefined) process.env[settingNames(manifest.name).token[1]] = emulator.token;
  process.env["SVC_PROJECT"] = "walk-project";
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  try {
    for (const walk of WALKS) {
      await (
        await walk.prepare(1)
      )();
      const operation = await walk.prepare(2);
      await ranSinceLastTake(session);
      await operation();
      const files = [...(await ranSinceLastTake(session))].sort();
      console.log(`\n${walk.name}: ${files.length} files`);
      for (const file of files) console.log(`  ${file}${functionsRan.has(file) ? `: ${[...new Set(functionsRan.get(file))].join(", ")}` : ""}`);
    }
  } finally {
    session.disconnect();
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
