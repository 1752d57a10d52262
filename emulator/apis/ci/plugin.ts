/** The CI API v1.1 as an emulator plug-in: options under `ci`, flags `--ci-...`, `{message}` errors in the body format `Accept` asks for. */
import { messageErrors } from "../../errors";
import { definePlugin } from "../../plugin";
import { ciObjects } from "./console";
import { renderCiBody } from "./format";
import type { CiInput } from "./options";
import { ciFlags, resolveCiOptions } from "./options";
import { CI_PREFIX, ciAuthenticator, ciRoutes } from "./routes";
import { CiStore } from "./state";

export const ciPlugin = definePlugin({
  name: "ci",
  summary: `the CI API at ${CI_PREFIX}/...`,
  pathPrefixes: [`${CI_PREFIX}/`],
  errorFamily: messageErrors,
  renderBody: renderCiBody,
  acceptsFormBodies: true,
  // `ci-token` is the deprecated query form of the token; `private_key` the SSH key an `ssh-key` POST adds.
  secrets: { queryParameters: ["ci-token"], bodyFields: ["private_key"] },
  options: (input: CiInput) => resolveCiOptions(input),
  flags: ciFlags,
  createStore: () => new CiStore(),
  mount: ({ store, now, options }) => {
    const context = { store, now, ...options };
    return { authenticate: ciAuthenticator(context), routes: ciRoutes(context), objects: ciObjects(store) };
  },
});
