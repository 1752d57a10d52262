// Reading an object that exists into a program, without managing it: the
// static `get` of a resource class. Nothing is created, changed or deleted for
// it; `up` reads it, and destroying the stack leaves it alone.
//
// Configuration: recordId, the id of an existing record set
// ("projects/{project}/managedZones/{zone}/rrsets/{name}/{type}"), and
// copyName, the name of a record set this program creates with the same data.
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const config = new pulumi.Config();

const existing = svc.dns.RecordSet.get("existing", config.require("recordId"));

// The read properties are typed outputs: they feed a managed resource directly.
const copy = new svc.dns.RecordSet("copy", {
  managedZone: existing.managedZone,
  name: config.require("copyName"),
  type: existing.type,
  ttl: existing.ttl,
  // rrdatas is optional (a routing policy may answer instead), so its output may be undefined.
  rrdatas: existing.rrdatas.apply((records) => records ?? []),
});

export const existingType = existing.type;
export const existingTtl = existing.ttl;
export const existingRrdatas = existing.rrdatas;
export const copyId = copy.id;
