/** Writes the report's JSON Schema beside the built CLI (run by `npm run build` and `prepack`). */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { reportJsonSchema } from "./schema";

writeFileSync(path.join(__dirname, "report.schema.json"), `${JSON.stringify(reportJsonSchema(), null, 2)}\n`);
