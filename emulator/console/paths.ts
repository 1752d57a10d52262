/** Where the web console is served: beside the internal endpoints, outside every API namespace. */
export const CONSOLE_PREFIX = "/_ui";
