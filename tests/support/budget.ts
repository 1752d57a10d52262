/** A budget for tests that send requests through a client directly, outside any step: large, named for the test's requests. */
import { Budget } from "../../provider/http/retry";

export const testBudget = (limit = 1000): Budget => new Budget({ step: "test", resource: "a test's requests" }, limit);
