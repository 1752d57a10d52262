/** The plug-in tests' shared set-up: a throwaway API served beside the real ones. */
import type { ApiStore } from "../../emulator/store";
import { UsageError } from "../../emulator/command-line";
import { ApiError, googleAip193Errors } from "../../emulator/errors";
import { googleBearerAuth } from "../../emulator/google/auth";
import { badRequest } from "../../emulator/google/errors";
import { pagingBy } from "../../emulator/google/paging";
import { definePlugin } from "../../emulator/plugin";
import { defaultApis } from "../../emulator/server";

export const WIDGETS = "/widgets/v1/widgets";
export const SERVICE = "widgets.example.com";

export interface Widget {
  name: string;
  label: string;
  creationSequence: number;
}

export class WidgetStore implements ApiStore {
  readonly widgets = new Map<string, Widget>();
  private lastSequence = 0;

  nextSequence(): number {
    this.lastSequence += 1;
    return this.lastSequence;
  }

  reset(): void {
    this.widgets.clear();
    this.lastSequence = 0;
  }

  userObjects(): Record<string, unknown[]> {
    return { widgets: [...this.widgets.values()].map(({ name, label }) => ({ name, label })) };
  }
}

/** An AIP-158 list: `pageSize`, 2 by default, at most 3. */
export const widgetPaging = pagingBy({ parameter: "pageSize", defaultSize: 2, maxSize: 3 });

export const widgetsApi = definePlugin({
  name: "widgets",
  summary: "the widgets API at /widgets/v1/...",
  pathPrefixes: ["/widgets/v1/"],
  errorFamily: googleAip193Errors(SERVICE),
  secrets: { bodyFields: ["secret"] },
  options: (input: { widgets?: { label?: string } }) => ({ label: input.widgets?.label ?? "plain" }),
  flags: {
    flags: [{ name: "widgets-label", value: "<text>", help: "label of new widgets (default plain)" }],
    parse: (values) => {
      const label = values.one("widgets-label");
      if (label === "") throw new UsageError("--widgets-label must not be empty");
      return label === undefined ? {} : { widgets: { label } };
    },
  },
  createStore: () => new WidgetStore(),
  mount: ({ store, options, tokens }) => ({
    authenticate: googleBearerAuth(tokens),
    routes: [
      {
        method: "POST",
        pattern: WIDGETS,
        operation: "widgets.create",
        handle: ({ body }) => {
          const name = (body as { name?: unknown } | undefined)?.name;
          if (typeof name !== "string" || name === "") throw badRequest("required", "widget.name is required");
          if (store.widgets.has(name)) {
            throw new ApiError({
              httpStatus: 409,
              reason: "alreadyExists",
              message: `Widget ${name} already exists.`,
              errorInfo: { metadata: { widget: name } },
            });
          }
          const widget = { name, label: options.label, creationSequence: store.nextSequence() };
          store.widgets.set(name, widget);
          return { status: 200, body: { name, label: widget.label } };
        },
      },
      {
        method: "GET",
        pattern: WIDGETS,
        operation: "widgets.list",
        handle: ({ query }) => {
          const page = widgetPaging.paginateByCreation("widgets", [...store.widgets.values()], query);
          return { status: 200, body: { widgets: page.items.map(({ name }) => name), nextPageToken: page.nextPageToken } };
        },
      },
    ],
  }),
});

export const apis = [...defaultApis, widgetsApi];
