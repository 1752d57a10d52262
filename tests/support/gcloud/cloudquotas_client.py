"""Drives the quota emulator with Google's own Cloud Quotas client, the apitools one
bundled with the Google Cloud SDK (googleapis@188 for Node has no cloudquotas client).

Every response is decoded into the client's typed messages; a field the message does
not know (an "unrecognized field") or a value of the wrong type is a problem. Prints
one JSON object: the problems, and what each call returned, for the jest test to check.
Usage: python3 cloudquotas_client.py <emulator url> <token> <sdk lib dir>
"""
import json
import sys

url, token, sdk = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path[:0] = [sdk, sdk + "/third_party"]

from apitools.base.py import encoding, exceptions  # noqa: E402
from googlecloudsdk.generated_clients.apis.cloudquotas.v1 import cloudquotas_v1_client, cloudquotas_v1_messages as v1  # noqa: E402
from googlecloudsdk.generated_clients.apis.cloudquotas.v1beta import cloudquotas_v1beta_client, cloudquotas_v1beta_messages as v1beta  # noqa: E402

problems = []
results = {}


def unrecognized(message, where):
    """Fields of an answer the client's message types do not know, at any depth."""
    for name in message.all_unrecognized_fields():
        problems.append(f"{where}: unknown field {name}")
    for field in message.all_fields():
        value = message.get_assigned_value(field.name)
        values = value if isinstance(value, list) else [value]
        for item in values:
            if hasattr(item, "all_unrecognized_fields"):
                unrecognized(item, f"{where}.{field.name}")


def call(label, method, request):
    try:
        answer = method(request)
    except exceptions.HttpError as error:
        results[label] = {"status": error.status_code, "error": json.loads(error.content)["error"]}
        return None
    unrecognized(answer, label)
    results[label] = json.loads(encoding.MessageToJson(answer))
    return answer


def client(kind, version):
    made = kind(url=url + "/", get_credentials=False, additional_http_headers={"Authorization": "Bearer " + token})
    return made


quotas = client(cloudquotas_v1_client.CloudquotasV1, "v1")
beta = client(cloudquotas_v1beta_client.CloudquotasV1beta, "v1beta")
parent = "projects/client-project/locations/global"
preferences = quotas.projects_locations_quotaPreferences

config = v1.QuotaConfig(preferredValue=9007199254740993)
dimensions = v1.QuotaPreference.DimensionsValue(
    additionalProperties=[v1.QuotaPreference.DimensionsValue.AdditionalProperty(key="region", value="us-central1")]
)
preference = v1.QuotaPreference(
    service="compute.googleapis.com", quotaId="CPUS-per-project-region", dimensions=dimensions, quotaConfig=config,
    justification="client test", contactEmail="ops@example.com",
)
created = call("create", preferences.Create, v1.CloudquotasProjectsLocationsQuotaPreferencesCreateRequest(
    parent=parent, quotaPreferenceId="client-cpus", quotaPreference=preference))
call("get", preferences.Get, v1.CloudquotasProjectsLocationsQuotaPreferencesGetRequest(name=parent + "/quotaPreferences/client-cpus"))
call("list", preferences.List, v1.CloudquotasProjectsLocationsQuotaPreferencesListRequest(parent=parent, pageSize=10, orderBy="quota_id"))
patched = v1.QuotaPreference(justification="changed", etag=created.etag if created else None)
call("patch", preferences.Patch, v1.CloudquotasProjectsLocationsQuotaPreferencesPatchRequest(
    name=parent + "/quotaPreferences/client-cpus", quotaPreference=patched, updateMask="justification"))
call("stale", preferences.Patch, v1.CloudquotasProjectsLocationsQuotaPreferencesPatchRequest(
    name=parent + "/quotaPreferences/client-cpus", quotaPreference=patched, updateMask="justification"))
infos = quotas.projects_locations_services_quotaInfos
call("infos", infos.List, v1.CloudquotasProjectsLocationsServicesQuotaInfosListRequest(
    parent=parent + "/services/compute.googleapis.com", pageSize=3))
call("info", infos.Get, v1.CloudquotasProjectsLocationsServicesQuotaInfosGetRequest(
    name=parent + "/services/compute.googleapis.com/quotaInfos/CPUS-per-project-region"))
folder = "folders/456789012345/locations/global"
call("folderCreate", beta.folders_locations_quotaPreferences.Create, v1beta.CloudquotasFoldersLocationsQuotaPreferencesCreateRequest(
    parent=folder, quotaPreferenceId="client-networks", quotaPreference=v1beta.QuotaPreference(
        service="compute.googleapis.com", quotaId="NETWORKS-per-project", quotaConfig=v1beta.QuotaConfig(preferredValue=15))))
settings = "projects/team-project/locations/global/quotaAdjusterSettings"
call("settings", beta.projects_locations_quotaAdjusterSettings.GetQuotaAdjusterSettings,
     v1beta.CloudquotasProjectsLocationsQuotaAdjusterSettingsGetQuotaAdjusterSettingsRequest(name=settings))
call("settingsPatch", beta.projects_locations_quotaAdjusterSettings.UpdateQuotaAdjusterSettings,
     v1beta.CloudquotasProjectsLocationsQuotaAdjusterSettingsUpdateQuotaAdjusterSettingsRequest(
         name=settings, updateMask="enablement",
         quotaAdjusterSettings=v1beta.QuotaAdjusterSettings(enablement=v1beta.QuotaAdjusterSettings.EnablementValueValuesEnum.ENABLED)))

print(json.dumps({"problems": problems, "results": results}))
