// Types of what TypeScript code (the benchmarks) imports from lib.mjs.
export declare const root: string;
/** Node flags of the API process (see lib.mjs). */
export declare const API_NODE_FLAGS: string[];
/** Environment of the API process (see lib.mjs). */
export declare const API_ENV: Record<string, string>;
/** `process.env` with `API_ENV` under it. */
export declare function apiEnv(): NodeJS.ProcessEnv;
