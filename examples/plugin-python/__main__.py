"""The plugin-yaml example in Python, through the generated Python SDK (sdks/python).

Configuration, all optional: wwwTtl (300), apiType (A) and apiData (192.0.2.20) of the api record
set, quotaProject (quota-project).
"""

import pulumi
import pulumi_svc as svc

config = pulumi.Config()

zone = svc.dns.ManagedZone(
    "zone",
    name="plugin-python-zone",
    dns_name="plugin-python.example.",
    description="The records of the plugin Python example",
)
svc.dns.RecordSet(
    "www",
    managed_zone=zone.name,
    name="www.plugin-python.example.",
    type="A",
    ttl=config.get_int("wwwTtl") or 300,
    rrdatas=["192.0.2.10", "192.0.2.11"],
)
# A CNAME cannot stand beside another type at its name: a change to or from one deletes first.
svc.dns.RecordSet(
    "api",
    managed_zone=zone.name,
    name="api.plugin-python.example.",
    type=config.get("apiType") or "A",
    rrdatas=[config.get("apiData") or "192.0.2.20"],
)
team = svc.calendar.Calendar("calendar", summary="Plugin Python team")
svc.calendar.AclRule(
    "reader",
    calendar_id=team.calendar_id,
    scope=svc.calendar.AclRuleScopeArgs(type="user", value="ann@example.com"),
    role="reader",
)
svc.quotas.QuotaPreference(
    "cpus",
    project=config.get("quotaProject") or "quota-project",
    quota_preference_id="plugin-python-cpus",
    service="compute.googleapis.com",
    quota_id="CPUS-per-project-region",
    dimensions={"region": "us-central1"},
    preferred_value="24",
    justification="steady state",
)
# A read function: the zone as the API describes it, once it exists.
read = svc.dns.get_managed_zone_output(managed_zone=zone.name)

pulumi.export("nameServers", zone.name_servers)
pulumi.export("calendarId", team.calendar_id)
pulumi.export("readDnsName", read.dns_name)
