/**
 * The reports API's options (`createEmulator({ reports: {...} })`) and flags
 * (`--reports-...`): the size of the seeded audit trail, the channels' own
 * longest life, and who each token is (user and OAuth client) for the
 * ownership rules of `channels/stop`.
 */
import { commaList, parsePositiveInteger } from "../../command-line";
import type { OwnerTable } from "../../channels/owners";
import { parseOwnerFlag } from "../../channels/owners";
import type { ChannelOwner } from "../../channels/registry";
import type { ApiFlags } from "../../plugin";

export interface ReportsOptions {
  /** Activities of the token application seeded at start and after a reset (default 250). */
  seedActivities?: number;
  /** The service's own limit of a channel's life, and its life when no expiration is asked (default 21,600 s: six hours). */
  channelMaxTtlSeconds?: number;
  /** Token -> its user and OAuth client; a token left out is `<token>@example.test` of `emulator-client`. */
  owners?: Record<string, ChannelOwner>;
  /** Tokens of users who are not administrators: they may read and watch only their own activities (403 otherwise). */
  nonAdmins?: string[];
}

export interface ReportsInput {
  /** The admin activity reporting API: token audit activities and their push-notification channels. */
  reports?: ReportsOptions;
}

export interface ResolvedReportsOptions {
  seedActivities: number;
  channelMaxTtlMs: number;
  owners: OwnerTable;
  nonAdmins: ReadonlySet<string>;
}

export function resolveReportsOptions({ reports = {} }: ReportsInput): ResolvedReportsOptions {
  const seed = reports.seedActivities ?? 250;
  const ttl = reports.channelMaxTtlSeconds ?? 21_600;
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`reports.seedActivities must be a whole number of at least 0, got ${seed}`);
  if (!(ttl > 0)) throw new Error(`reports.channelMaxTtlSeconds must be positive, got ${ttl}`);
  return { seedActivities: seed, channelMaxTtlMs: ttl * 1000, owners: reports.owners ?? {}, nonAdmins: new Set(reports.nonAdmins ?? []) };
}

export const reportsFlags: ApiFlags<ReportsInput> = {
  flags: [
    { name: "reports-seed-activities", value: "<n>", help: "token audit activities seeded at start (default 250)" },
    { name: "reports-channel-max-ttl", value: "<seconds>", help: "a channel's longest life (default 21600)" },
    {
      name: "reports-owner",
      value: "<token=user:client[:service]>",
      help: "the user and OAuth client of a token, for channels/stop; repeatable\n(default: <token>@example.test of emulator-client)",
      multiple: true,
    },
    { name: "reports-non-admins", value: "<a,b,...>", help: "tokens of users who may read and watch only their own activities" },
  ],
  parse: (values) => {
    const reports: ReportsOptions = {};
    const seed = values.one("reports-seed-activities");
    if (seed !== undefined) reports.seedActivities = seed === "0" ? 0 : parsePositiveInteger("--reports-seed-activities", seed);
    const ttl = values.one("reports-channel-max-ttl");
    if (ttl !== undefined) reports.channelMaxTtlSeconds = parsePositiveInteger("--reports-channel-max-ttl", ttl);
    const owners = values.all("reports-owner").map((value) => parseOwnerFlag("reports-owner", value));
    if (owners.length > 0) reports.owners = Object.fromEntries(owners);
    const nonAdmins = commaList(values.one("reports-non-admins"));
    if (nonAdmins !== undefined && nonAdmins.length > 0) reports.nonAdmins = nonAdmins;
    return Object.keys(reports).length > 0 ? { reports } : {};
  },
};
