import { z } from "zod";
import { VCS_TYPES } from "./names";
export declare const userSchema: z.ZodObject<{
    login: z.ZodString;
    basic_email_prefs: z.ZodOptional<z.ZodEnum<{
        none: "none";
        all: "all";
        smart: "smart";
    }>>;
    admin: z.ZodOptional<z.ZodBoolean>;
    user_key_fingerprint: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    days_left_in_trial: z.ZodOptional<z.ZodNumber>;
    trial_end: z.ZodOptional<z.ZodNullable<z.ZodString>>;
}, z.core.$loose>;
export type CiUser = z.infer<typeof userSchema>;
export declare const projectSchema: z.ZodObject<{
    vcs_url: z.ZodString;
    followed: z.ZodBoolean;
    username: z.ZodString;
    reponame: z.ZodString;
    branches: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        pusher_logins: z.ZodOptional<z.ZodArray<z.ZodString>>;
        last_non_success: z.ZodOptional<z.ZodNullable<z.ZodObject<{
            pushed_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            vcs_revision: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            build_num: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
            outcome: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        }, z.core.$loose>>>;
        last_success: z.ZodOptional<z.ZodNullable<z.ZodObject<{
            pushed_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            vcs_revision: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            build_num: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
            outcome: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        }, z.core.$loose>>>;
        recent_builds: z.ZodOptional<z.ZodArray<z.ZodObject<{
            pushed_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            vcs_revision: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            build_num: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
            outcome: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        }, z.core.$loose>>>;
        running_builds: z.ZodOptional<z.ZodArray<z.ZodUnknown>>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type CiProject = z.infer<typeof projectSchema>;
export declare const JOB_LIFECYCLES: readonly ["queued", "not_run", "not_running", "running", "finished"];
export declare const jobSummarySchema: z.ZodObject<{
    vcs_url: z.ZodOptional<z.ZodString>;
    build_url: z.ZodOptional<z.ZodString>;
    build_num: z.ZodNumber;
    branch: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    vcs_revision: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    vcs_tag: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    committer_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    committer_email: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    author_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    author_email: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    subject: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    body: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    why: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    dont_build: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    queued_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    start_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    stop_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    build_time_millis: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    username: z.ZodOptional<z.ZodString>;
    reponame: z.ZodOptional<z.ZodString>;
    lifecycle: z.ZodEnum<{
        queued: "queued";
        not_run: "not_run";
        not_running: "not_running";
        running: "running";
        finished: "finished";
    }>;
    outcome: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    status: z.ZodString;
    retry_of: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    previous: z.ZodOptional<z.ZodNullable<z.ZodObject<{
        status: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        build_num: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type CiJobSummary = z.infer<typeof jobSummarySchema>;
export declare const jobSchema: z.ZodObject<{
    vcs_url: z.ZodOptional<z.ZodString>;
    build_url: z.ZodOptional<z.ZodString>;
    build_num: z.ZodNumber;
    branch: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    vcs_revision: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    vcs_tag: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    committer_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    committer_email: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    author_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    author_email: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    subject: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    body: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    why: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    dont_build: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    queued_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    start_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    stop_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    build_time_millis: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    username: z.ZodOptional<z.ZodString>;
    reponame: z.ZodOptional<z.ZodString>;
    lifecycle: z.ZodEnum<{
        queued: "queued";
        not_run: "not_run";
        not_running: "not_running";
        running: "running";
        finished: "finished";
    }>;
    outcome: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    status: z.ZodString;
    retry_of: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    previous: z.ZodOptional<z.ZodNullable<z.ZodObject<{
        status: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        build_num: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    }, z.core.$loose>>>;
    steps: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        actions: z.ZodArray<z.ZodObject<{
            name: z.ZodOptional<z.ZodString>;
            bash_command: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            run_time_millis: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
            start_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            end_time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            exit_code: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
            type: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            index: z.ZodOptional<z.ZodNumber>;
            status: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            step: z.ZodOptional<z.ZodNumber>;
            failed: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
        }, z.core.$loose>>;
    }, z.core.$loose>>>;
    canceled: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
    failed: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
    infrastructure_fail: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
    timedout: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
    parallel: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    oss: z.ZodOptional<z.ZodNullable<z.ZodBoolean>>;
    job_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    build_parameters: z.ZodOptional<z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>>;
    messages: z.ZodOptional<z.ZodArray<z.ZodUnknown>>;
    vcs_type: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type CiJob = z.infer<typeof jobSchema>;
export declare const artifactSchema: z.ZodObject<{
    path: z.ZodOptional<z.ZodString>;
    pretty_path: z.ZodOptional<z.ZodString>;
    node_index: z.ZodOptional<z.ZodNumber>;
    url: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
export type CiArtifact = z.infer<typeof artifactSchema>;
export declare const testsSchema: z.ZodObject<{
    tests: z.ZodArray<z.ZodObject<{
        message: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        file: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        source: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        run_time: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        result: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        classname: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    }, z.core.$loose>>;
}, z.core.$loose>;
export type CiTestMetadata = z.infer<typeof testsSchema>;
export declare const checkoutKeyListSchema: z.ZodArray<z.ZodObject<{
    public_key: z.ZodString;
    type: z.ZodString;
    fingerprint: z.ZodString;
    preferred: z.ZodOptional<z.ZodBoolean>;
    time: z.ZodOptional<z.ZodNullable<z.ZodString>>;
}, z.core.$loose>>;
export type CiCheckoutKeyInfo = z.infer<typeof checkoutKeyListSchema>[number];
export declare const projectArgs: z.ZodObject<{
    vcsType: z.ZodEnum<{
        "vcs-a": "vcs-a";
        "vcs-b": "vcs-b";
    }>;
    username: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
    project: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
}, z.core.$strip>;
export declare const projectBuildsArgs: z.ZodObject<{
    branch: z.ZodOptional<z.ZodString>;
    filter: z.ZodOptional<z.ZodEnum<{
        failed: "failed";
        running: "running";
        completed: "completed";
        successful: "successful";
    }>>;
    allPages: z.ZodOptional<z.ZodBoolean>;
    maxBuilds: z.ZodOptional<z.ZodNumber>;
    limit: z.ZodOptional<z.ZodNumber>;
    offset: z.ZodOptional<z.ZodNumber>;
    shallow: z.ZodOptional<z.ZodBoolean>;
    vcsType: z.ZodEnum<{
        "vcs-a": "vcs-a";
        "vcs-b": "vcs-b";
    }>;
    username: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
    project: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
}, z.core.$strip>;
export declare const recentBuildsArgs: z.ZodObject<{
    limit: z.ZodOptional<z.ZodNumber>;
    offset: z.ZodOptional<z.ZodNumber>;
    shallow: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strip>;
export declare const buildArgs: z.ZodObject<{
    buildNum: z.ZodNumber;
    vcsType: z.ZodEnum<{
        "vcs-a": "vcs-a";
        "vcs-b": "vcs-b";
    }>;
    username: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
    project: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
}, z.core.$strip>;
export declare const checkoutKeysArgs: z.ZodObject<{
    digest: z.ZodOptional<z.ZodEnum<{
        md5: "md5";
        sha256: "sha256";
    }>>;
    vcsType: z.ZodEnum<{
        "vcs-a": "vcs-a";
        "vcs-b": "vcs-b";
    }>;
    username: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
    project: z.ZodType<string, unknown, z.core.$ZodTypeInternals<string, unknown>>;
}, z.core.$strip>;
export type ProjectArgs = z.infer<typeof projectArgs>;
export type ProjectBuildsArgs = z.infer<typeof projectBuildsArgs>;
export type RecentBuildsArgs = z.infer<typeof recentBuildsArgs>;
export type BuildArgs = z.infer<typeof buildArgs>;
export type CheckoutKeysArgs = z.infer<typeof checkoutKeysArgs>;
export declare function getMe(): Promise<CiUser>;
export declare function getProjects(): Promise<CiProject[]>;
export declare function getProjectBuilds(input: ProjectBuildsArgs): Promise<CiJobSummary[]>;
export declare function getRecentBuilds(input?: RecentBuildsArgs): Promise<CiJobSummary[]>;
export declare function getBuild(input: BuildArgs): Promise<CiJob>;
export declare function getBuildArtifacts(input: BuildArgs): Promise<CiArtifact[]>;
export declare function getBuildTests(input: BuildArgs): Promise<CiTestMetadata>;
export declare function getCheckoutKeys(input: CheckoutKeysArgs): Promise<CiCheckoutKeyInfo[]>;
export { VCS_TYPES };
