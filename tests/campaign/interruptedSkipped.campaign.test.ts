/**
 * The kill campaign, checkpoints skipped: `pulumi up` of examples/interrupted (300 record sets)
 * killed at 10 random moments, then `destroy` killed 5 times, each followed by `svc-recover` and the
 * same command again. `npm test` runs the same test at a small size
 * (tests/e2e/interruptedSkipped.e2e.test.ts).
 */
import { killCampaign } from "../support/killCampaign";

killCampaign({ file: "interruptedSkipped", checkpoints: "skipped", records: 300, ups: 10, then: { kind: "destroy", kills: 5 } });
