/**
 * The long run under 5-second tokens at full size: a zone of 300 record sets and a quota grant that
 * takes 25 s, every request with a live token (tests/support/longTokenRun.ts). `npm test` runs it at
 * 100 record sets (tests/e2e/credentials.e2e.test.ts).
 */
import { longTokenRun } from "../support/longTokenRun";
import { engineSuite } from "../support/suite";

longTokenRun(engineSuite({ tokenLifetimeSeconds: 3600 }), 300);
