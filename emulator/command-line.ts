/**
 * The command line of `svc-emulator`: the emulator's own flags (port, host,
 * bearer tokens) plus every plug-in's, and the usage text built from them.
 * Kept apart from `cli.ts` (the bin, which starts serving when loaded) so
 * plug-ins can use the value parsers and tests can parse a command line.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ApiOptionsOf, ApiPlugin } from "./plugin";
import type { PersistenceOptions } from "./persistence/persistence";
import { MAX_PROPAGATION_MS, parseLatency, type SpeedSettings } from "./speed";

/** A bad command line: the CLI prints the message and the usage, and exits 2. */
export class UsageError extends Error {}

export interface CliFlag {
  /** Without the dashes, e.g. `ci-project-token`; a plug-in's flags start with its name (`--ci-...`), Cloud DNS's older ones excepted. */
  name: string;
  /** How the value is written in the usage, e.g. `<a,b,...>`. */
  value: string;
  /** Help text; a `\n` starts a new line. */
  help: string;
  /** May be given more than once. */
  multiple?: boolean;
}

/** The parsed values of the flags, read by name. */
export interface FlagValues {
  /** The value of a single flag, or undefined when absent. */
  one(name: string): string | undefined;
  /** Every value of a repeatable flag, in order. */
  all(name: string): string[];
}

export interface CommandLine<ApiOptions> {
  port: number;
  host: string;
  /** `createEmulator`'s options: `tokens` and every plug-in's part. */
  emulatorOptions: {
    tokens?: string[];
    tokenLifetimeSeconds?: number;
    trustCa?: string[];
    speed?: SpeedSettings;
    allowedHosts?: string[];
  } & PersistenceOptions &
    Partial<ApiOptions>;
  /** Service accounts whose key files to write once the address is known (`--service-account`), and where. */
  serviceAccounts: { names: string[]; directory: string };
}

const CORE_FLAGS: readonly CliFlag[] = [
  { name: "port", value: "<port>", help: "TCP port; 0 (the default) picks a free one" },
  { name: "host", value: "<host>", help: "interface to bind (default 127.0.0.1)" },
  {
    name: "allow-host",
    value: "<name>",
    help: "also answer requests that name this host (e.g. a container's service\nname); addresses, localhost and --host always work; repeatable",
    multiple: true,
  },
  { name: "tokens", value: "<a,b,...>", help: "accept only these bearer tokens besides those the emulator\nissues (default: any non-empty token)" },
  { name: "token-lifetime", value: "<n>[s|m|h]", help: "how long the access tokens the emulator issues live\n(default 1h; a bare number is seconds)" },
  {
    name: "service-account",
    value: "<name>",
    help: "create a service account and write its key file <name>.json,\nwhose token_uri is this emulator; repeatable",
    multiple: true,
  },
  { name: "credentials-dir", value: "<dir>", help: "where --service-account key files go (default: the current folder)" },
  {
    name: "trust-ca",
    value: "<file>",
    help: "a PEM CA certificate trusted for push-notification receivers,\nbesides the system CAs; repeatable",
    multiple: true,
  },
  { name: "latency", value: "<ms>[±<ms>]", help: "added to every API request, optionally with an even jitter\n(100±20, also written 100+-20; default 0)" },
  {
    name: "change-propagation",
    value: "<ms>",
    help: "how long writes propagate: DNS changes and zone operations stay\npending, quota increases reconciling (default: each API's own)",
  },
  {
    name: "data-dir",
    value: "<dir>",
    help: "keep every API's objects (and the service accounts) in this folder:\nloaded at start, each change written before its response",
  },
  { name: "import", value: "<dir>", help: "load the state saved in this folder at start (not written back)" },
  { name: "export-on-exit", value: "<dir>", help: "write every API's state into this folder when stopped\n(SIGINT, SIGTERM, SIGHUP)" },
];

export function parseCommandLine<Plugins extends readonly ApiPlugin[]>(argv: string[], plugins: Plugins): CommandLine<ApiOptionsOf<Plugins>> | "help" {
  const flags = allFlags(plugins);
  const config: Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }> = {
    help: { type: "boolean", short: "h" },
  };
  for (const flag of flags) config[flag.name] = { type: "string", ...(flag.multiple === true ? { multiple: true } : {}) };
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options: config, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return "help";
  const read: FlagValues = {
    one: (name) => (typeof values[name] === "string" ? values[name] : undefined),
    all: (name) => (Array.isArray(values[name]) ? values[name].filter((value): value is string => typeof value === "string") : []),
  };
  const port = parseInteger("--port", read.one("port") ?? "0", 65535);
  const tokens = commaList(read.one("tokens"));
  const apiOptions = Object.assign({}, ...plugins.map((plugin) => plugin.parseFlags(read))) as Partial<ApiOptionsOf<Plugins>>;
  const trustCa = read.all("trust-ca").map(readCaFile);
  const speed = speedOf(read);
  const lifetime = read.one("token-lifetime");
  const dataDir = read.one("data-dir");
  const importDir = read.one("import");
  const exportOnExit = read.one("export-on-exit");
  if (dataDir !== undefined && importDir !== undefined)
    throw new UsageError("--data-dir loads its folder at start already: give --data-dir or --import, not both");
  const allowedHosts = read.all("allow-host");
  const badHost = allowedHosts.find((name) => !HOST_NAME.test(name));
  if (badHost !== undefined) throw new UsageError(`--allow-host must be a host name such as emulator or dev.example.test, got '${badHost}'`);
  const names = read.all("service-account");
  const badName = names.find((name) => !SERVICE_ACCOUNT_NAME.test(name));
  if (badName !== undefined)
    throw new UsageError(`--service-account must be 6 to 30 lowercase letters, digits and hyphens, starting with a letter, got '${badName}'`);
  return {
    port,
    host: read.one("host") ?? "127.0.0.1",
    serviceAccounts: { names, directory: read.one("credentials-dir") ?? "." },
    emulatorOptions: {
      ...apiOptions,
      ...(lifetime !== undefined && { tokenLifetimeSeconds: parseDuration("--token-lifetime", lifetime) }),
      ...(tokens !== undefined && tokens.length > 0 ? { tokens } : {}),
      ...(trustCa.length > 0 && { trustCa }),
      ...(allowedHosts.length > 0 && { allowedHosts }),
      ...(speed !== undefined && { speed }),
      ...(dataDir !== undefined && { dataDir }),
      ...(importDir !== undefined && { importDir }),
      ...(exportOnExit !== undefined && { exportOnExit }),
    },
  };
}

function speedOf(read: FlagValues): SpeedSettings | undefined {
  const rawLatency = read.one("latency");
  const rawPropagation = read.one("change-propagation");
  if (rawLatency === undefined && rawPropagation === undefined) return undefined;
  const latency = rawLatency === undefined ? {} : parseLatency(rawLatency);
  if (latency === undefined) throw new UsageError(`--latency must be <ms> or <ms>±<jitter ms> (e.g. 100 or 100±20), got '${rawLatency}'`);
  return {
    ...latency,
    ...(rawPropagation !== undefined && { changePropagationMs: parseInteger("--change-propagation", rawPropagation, MAX_PROPAGATION_MS) }),
  };
}

/** The core flags, then each plug-in's in list order; two owners of one name is a bug in the list. */
function allFlags(plugins: readonly ApiPlugin[]): CliFlag[] {
  const flags = [...CORE_FLAGS, ...plugins.flatMap((plugin) => plugin.flags)];
  const seen = new Set<string>(["help"]);
  for (const { name } of flags) {
    if (seen.has(name)) throw new Error(`svc-emulator: two flags are named --${name}`);
    seen.add(name);
  }
  return flags;
}

const USAGE_PREFIX = "Usage: svc-emulator ";
const LINE_WIDTH = 100;
const HELP_COLUMN = 26;

export function usage(plugins: readonly ApiPlugin[]): string {
  const flags = allFlags(plugins);
  const synopsis = wrap(
    flags.map((flag) => `[--${flag.name} ${flag.value}${flag.multiple === true ? " ..." : ""}]`),
    LINE_WIDTH - USAGE_PREFIX.length,
  ).join(`\n${" ".repeat(USAGE_PREFIX.length)}`);
  const description = wrap(
    (
      `Serves local emulations of the project's APIs under one origin (${plugins.map((plugin) => plugin.summary).join(", ")}) ` +
      "and internal endpoints under /_emulator/ (stats, requests, objects, reset, faults, speed), with a web console at /_ui. " +
      "Prints the base URL as the first line of stdout (the console's on the second), then serves until interrupted (SIGINT, SIGTERM or SIGHUP); started through npm " +
      "(npx, npm run), also until npm exits."
    ).split(" "),
    78,
  ).join("\n");
  const options = [...flags.map((flag) => optionHelp(`--${flag.name} ${flag.value}`, flag.help)), optionHelp("-h, --help", "show this help")];
  return `${USAGE_PREFIX}${synopsis}\n\n${description}\n\nOptions:\n${options.join("\n")}\n`;
}

function optionHelp(form: string, help: string): string {
  const indent = " ".repeat(HELP_COLUMN);
  const lines = help.split("\n");
  const head = `  ${form}`;
  const first = head.length < HELP_COLUMN ? `${head.padEnd(HELP_COLUMN)}${lines.shift() ?? ""}` : head;
  return [first, ...lines.map((line) => `${indent}${line}`)].join("\n");
}

/** Joins words with spaces into lines of at most `width` characters (a longer word gets a line of its own). */
function wrap(words: string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

export function commaList(raw: string | undefined): string[] | undefined {
  return raw
    ?.split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export function parsePositiveInteger(option: string, raw: string): number {
  const value = parseInteger(option, raw, 1_000_000);
  if (value < 1) throw new UsageError(`${option} must be at least 1, got '${raw}'`);
  return value;
}

export function parseInteger(option: string, raw: string, max: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new UsageError(`${option} must be an integer from 0 to ${max}, got '${raw}'`);
  return Number(raw);
}

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?$/;
const SERVICE_ACCOUNT_NAME = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const DURATION_UNITS: Record<string, number> = { "": 1, s: 1, m: 60, h: 3600 };

/** `90`, `5s`, `10m`, `1h` in seconds, from 1 s to a day. */
function parseDuration(option: string, raw: string): number {
  const match = /^(\d+)([smh]?)$/.exec(raw);
  const seconds = match?.[1] === undefined ? Number.NaN : Number(match[1]) * (DURATION_UNITS[match[2] ?? ""] ?? Number.NaN);
  if (!(seconds >= 1 && seconds <= 86_400)) throw new UsageError(`${option} must be a duration from 1s to 24h (e.g. 5s, 10m, 1h), got '${raw}'`);
  return seconds;
}

/** A `--trust-ca` file: PEM text with at least one certificate. */
function readCaFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`--trust-ca ${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!text.includes("-----BEGIN CERTIFICATE-----")) throw new UsageError(`--trust-ca ${file}: must be a PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return text;
}
