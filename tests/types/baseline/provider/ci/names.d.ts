import { z } from "zod";
import type { ServerAssignedForm } from "../engine/declaration";
export declare const VCS_TYPES: readonly ["vcs-a", "vcs-b"];
export declare const vcsType: z.ZodEnum<{
    "vcs-a": "vcs-a";
    "vcs-b": "vcs-b";
}>;
export declare const MAX_OWNER_LENGTH = 39;
export declare const MAX_PROJECT_LENGTH = 100;
export declare const segment: (what: string, maxLength: number) => z.ZodType<string>;
export declare const projectShape: {
    vcsType: z.ZodEnum<{
        "vcs-a": "vcs-a";
        "vcs-b": "vcs-b";
    }>;
    username: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
    project: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
};
export declare function hostnameProblem(value: string): string | undefined;
export declare const hostname: z.ZodString;
export declare const FINGERPRINT_FORM: ServerAssignedForm;
export declare const PROJECT_PATH = "api/v1.1/project/{vcsType}/{username}/{project}";
