/**
 * Adopting what exists (`svc-import`) with a zone of 60 record sets beside every other API's seeded
 * objects (tests/support/adoptJourney.ts); the campaign adopts 300 (tests/campaign/adopt.campaign.test.ts).
 */
import { adoptJourney } from "../support/adoptJourney";

adoptJourney(60);
