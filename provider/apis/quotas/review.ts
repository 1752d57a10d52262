/** What a reviewer of a quota preference's change must not miss (svc-plan's warnings). */
import type { ReviewWarning } from "../../engine/declaration/review";

/** An int64 as a number or a decimal string; anything else (a secret, a value not known yet) cannot be compared. */
const whole = (value: unknown): string | undefined =>
  typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) ? String(value) : undefined;

export const quotaDecrease: ReviewWarning = {
  kind: "quotaDecrease",
  on: ["update"],
  says: ({ name, olds, news }) => {
    const [before, after] = [whole(olds["preferredValue"]), whole(news["preferredValue"])];
    if (before === undefined || after === undefined || BigInt(after) >= BigInt(before)) return undefined;
    return (
      `quota preference ${name} is decreased from ${before} to ${after}: the service refuses a value below ` +
      "current usage (or a large cut) unless ignoreSafetyChecks allows it, and a lower limit stops work beyond it"
    );
  },
};
