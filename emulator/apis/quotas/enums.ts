/**
 * The Cloud Quotas enums with their proto numbers (google/api/cloudquotas/v1
 * and v1beta agree), and the answer fields that carry them: what the REST
 * transport of Google's client reads and writes as numbers.
 */
import type { EnumFields } from "../../google/enums";
import { protoEnum } from "../../google/enums";

export const ENABLEMENT = protoEnum({ ENABLEMENT_UNSPECIFIED: 0, ENABLED: 2, DISABLED: 3 });
export const CONTAINER_TYPE = protoEnum({ CONTAINER_TYPE_UNSPECIFIED: 0, PROJECT: 1, FOLDER: 2, ORGANIZATION: 3 });
export const INELIGIBILITY_REASON = protoEnum({
  INELIGIBILITY_REASON_UNSPECIFIED: 0,
  NO_VALID_BILLING_ACCOUNT: 1,
  OTHER: 2,
  NOT_SUPPORTED: 3,
  NOT_ENOUGH_USAGE_HISTORY: 4,
});
export const REQUEST_ORIGIN = protoEnum({ ORIGIN_UNSPECIFIED: 0, CLOUD_CONSOLE: 1, AUTO_ADJUSTER: 2 });
export const SAFETY_CHECK = protoEnum({ QUOTA_SAFETY_CHECK_UNSPECIFIED: 0, QUOTA_DECREASE_BELOW_USAGE: 1, QUOTA_DECREASE_PERCENTAGE_TOO_HIGH: 2 });

/** Each name is one enum wherever it appears in the API's answers. */
export const QUOTAS_ENUM_FIELDS: EnumFields = {
  enablement: ENABLEMENT,
  containerType: CONTAINER_TYPE,
  ineligibilityReason: INELIGIBILITY_REASON,
  requestOrigin: REQUEST_ORIGIN,
};
