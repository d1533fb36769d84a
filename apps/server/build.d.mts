/** Types of build.mjs for the TypeScript that imports it (the benchmark). */
export declare const bundleServer: (entry: string, outfile: string) => Promise<unknown>;
