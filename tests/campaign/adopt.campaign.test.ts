/**
 * Adopting what exists (`svc-import`) at full size: a zone of 300 record sets beside every other API's
 * seeded objects (tests/support/adoptJourney.ts); `npm test` adopts 60 (tests/e2e/adopt.e2e.test.ts).
 */
import { adoptJourney } from "../support/adoptJourney";

adoptJourney(300);
