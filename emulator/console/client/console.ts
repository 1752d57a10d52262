/**
 * The console's browser script (an ES module, compiled by this folder's tsconfig into
 * dist/emulator/console/client/): the live request log on the requests page, the controls'
 * requests on the controls page. Pages work without it, minus what is live.
 */
import { startControls } from "./controls.js";
import { startRequests } from "./requests.js";

startRequests(document);
startControls(document);
