// The benchmark's per-record baseline (`npm run bench -- --scenario latency`): a plain dynamic
// provider for the same graph as the floor, written the way a hand-written provider (or
// terraform-provider-google's record set) works: one request per create, update and delete, each
// record change waited for until the service reports it done, one read per record on refresh. It
// talks to the emulator of the benchmark (SVC_EMULATOR_URL, SVC_DNS_TOKEN, SVC_PROJECT in the
// environment the CLI hands the provider process). Not part of the package.
"use strict";

/** How often a pending change is checked (terraform's state-change waiters poll about this often or less). */
const POLL_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const inputsOf = ({ __provider: _provider, ...inputs }) => inputs;
const isZone = (props) => props["dnsName"] !== undefined;

async function call(method, path, body) {
  const url = `${process.env.SVC_EMULATOR_URL}/dns/v1/projects/${process.env.SVC_PROJECT}${path}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${process.env.SVC_DNS_TOKEN}`, "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status === 404 && method === "GET") return undefined;
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return text === "" ? undefined : JSON.parse(text);
}

const rrset = (props) => ({ name: props.name, type: props.type, ttl: props.ttl, rrdatas: props.rrdatas });

/** One change of one record set, waited for until done. */
async function change(zone, body) {
  let answer = await call("POST", `/managedZones/${zone}/changes`, body);
  while (answer.status !== "done") {
    await sleep(POLL_MS);
    answer = await call("GET", `/managedZones/${zone}/changes/${answer.id}`);
  }
}

// Checks and diffs like the floor: only the requests differ.
const floor = require("./floorProvider.js").provider;

exports.provider = {
  check: floor.check,
  diff: floor.diff,
  async create(inputs) {
    const props = inputsOf(inputs);
    if (isZone(props)) {
      await call("POST", "/managedZones", { name: props.name, dnsName: props.dnsName, description: "" });
      return { id: props.name, outs: props };
    }
    await change(props.managedZone, { additions: [rrset(props)] });
    return { id: `${props.managedZone}/${props.name}/${props.type}`, outs: props };
  },
  async read(id, props) {
    const path = isZone(props) ? `/managedZones/${props.name}` : `/managedZones/${props.managedZone}/rrsets/${props.name}/${props.type}`;
    const found = await call("GET", path);
    return found === undefined ? {} : { id, props: inputsOf(props) };
  },
  async update(_id, olds, news) {
    const props = inputsOf(news);
    if (!isZone(props)) await change(props.managedZone, { deletions: [rrset(olds)], additions: [rrset(props)] });
    return { outs: props };
  },
  async delete(_id, props) {
    if (isZone(props)) await call("DELETE", `/managedZones/${props.name}`);
    else await change(props.managedZone, { deletions: [rrset(props)] });
  },
};
