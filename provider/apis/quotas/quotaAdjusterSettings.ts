/** `svc.quotas.QuotaAdjusterSettings`: whether the quota adjuster raises a project's quotas on its own (v1beta). */
import { z } from "zod";
import { declare } from "../../engine/declaration/declaration";
import { excerpt } from "../../engine/declaration/excerpt";
import { etagOutput, parentShape, text } from "./parent";

export const quotaAdjusterSettingsArgs = z.object({
  project: parentShape.project.meta({ description: "The project; `svc:project` when left out. The settings exist only for projects." }),
  enablement: z
    .enum(["ENABLED", "DISABLED"], { error: (issue) => `must be "ENABLED" or "DISABLED"; got ${excerpt(issue.input)}` })
    .meta({ description: "`ENABLED`: the quota adjuster raises the project's quotas as usage grows; `DISABLED`: it does not." }),
});
export type QuotaAdjusterSettingsArgs = z.infer<typeof quotaAdjusterSettingsArgs>;

const settingsWire = z.looseObject({
  name: z.string(),
  enablement: z.string().optional(),
  updateTime: z.string().optional(),
  etag: z.string().optional(),
  inherited: z.boolean().optional(),
  inheritedFrom: z.string().optional(),
});

const ITEM = "v1beta/projects/{project}/locations/global/quotaAdjusterSettings";

export const quotaAdjusterSettings = declare<QuotaAdjusterSettingsArgs, z.infer<typeof settingsWire>>({
  module: "quotas",
  name: "QuotaAdjusterSettings",
  api: "quotas",
  args: quotaAdjusterSettingsArgs,
  // No folder or organization input: the settings exist only for projects, so a program that passes one is refused before any request.
  immutable: ["project"],
  projectScoped: true,
  id: { format: "projects/{project}/locations/global/quotaAdjusterSettings", importFormats: ["{project}"] },
  paths: { collection: ITEM, item: ITEM },
  wire: settingsWire,
  toCreateBody: ({ enablement }) => ({ enablement }),
  toState: (wire) => ({
    enablement: wire.enablement ?? "ENABLEMENT_UNSPECIFIED",
    inherited: wire.inherited ?? false,
    inheritedFrom: wire.inheritedFrom ?? "",
    etag: wire.etag ?? "",
    updateTime: wire.updateTime ?? "",
  }),
  update: { patch: "updateMask", etagField: "etag" },
  steps: {
    // Every project has settings: the create adopts them with a PATCH of the enablement (no POST exists).
    create: { method: "PATCH", path: ITEM, query: { updateMask: "enablement" }, repeat: "idempotent" },
    delete: {
      abandon: (state) =>
        `quota adjuster settings cannot be deleted (every project has them), so ${text(state["project"])} keeps enablement ${text(state["enablement"])}`,
    },
  },
  outputs: {
    inherited: z.boolean().meta({ description: "Whether the setting comes from the project's folder or organization rather than the project itself." }),
    inheritedFrom: z
      .string()
      .meta({ description: "Where an inherited setting comes from: `folders/{id}`, `organizations/{id}` or `default`; empty when the project sets its own." }),
    etag: etagOutput,
    updateTime: z.string().meta({ description: "When the settings last changed (RFC 3339)." }),
  },
  adoption: {
    scope: { flag: "parent", pattern: "projects/{project}/locations/global", example: "projects/my-project/locations/global" },
    identity: {},
    optIn: {
      flag: "inherited-settings",
      description: "adopt a project's quota adjuster settings also when they are inherited (nobody set them on the project)",
      reason: (settings) => {
        if (settings["inherited"] !== true) return undefined;
        const from = text(settings["inheritedFrom"]);
        return (
          `the project's settings are inherited from ${from === "" || from === "default" ? "the service's default" : from} (enablement ${text(settings["enablement"])}): ` +
          "nobody set them on the project, and adopting them would make the program own a value it never chose"
        );
      },
    },
    naming: "{project}_adjuster",
  },
  docs: {
    summary:
      "The quota adjuster settings of a project (Cloud Quotas v1beta): whether the service raises quotas on its own as usage grows.\n\n" +
      "Every project has them, inherited from its folder or organization until it sets its own: create adopts them with a PATCH (no POST exists), " +
      "destroy leaves them as they are and says so.",
    example: 'new svc.quotas.QuotaAdjusterSettings("adjuster", { project: "my-project", enablement: "ENABLED" });',
  },
  samples: {
    inputs: { project: "team-project", enablement: "ENABLED" },
    updates: [{ enablement: "DISABLED" }],
    replacements: [{ project: "org-project" }],
  },
});
