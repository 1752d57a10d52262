import { z } from "zod";
import type { ApiClient } from "../http/client";
export declare const bindingWire: z.ZodObject<{
    role: z.ZodString;
    members: z.ZodDefault<z.ZodArray<z.ZodString>>;
    condition: z.ZodOptional<z.ZodUnknown>;
}, z.core.$loose>;
export declare const policyWire: z.ZodObject<{
    version: z.ZodOptional<z.ZodNumber>;
    etag: z.ZodString;
    bindings: z.ZodOptional<z.ZodArray<z.ZodObject<{
        role: z.ZodString;
        members: z.ZodDefault<z.ZodArray<z.ZodString>>;
        condition: z.ZodOptional<z.ZodUnknown>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type IamPolicy = z.infer<typeof policyWire>;
export type Binding = z.infer<typeof bindingWire>;
export interface PolicyTarget {
    readonly client: ApiClient;
    readonly resource: string;
    readonly label: string;
    readonly log: (message: string) => void;
}
export declare function getPolicy({ client, resource }: Pick<PolicyTarget, "client" | "resource">): Promise<IamPolicy>;
export declare function normalizeBindings(bindings: readonly Binding[]): Array<{
    role: string;
    members: string[];
}>;
export declare function modifyPolicy(target: PolicyTarget, change: (bindings: Binding[]) => Binding[]): Promise<IamPolicy>;
