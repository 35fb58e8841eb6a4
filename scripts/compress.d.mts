// Types of scripts/compress.mjs for the server tests, which call it directly.
export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare function compressDir(dir: string): { files: number; raw: number; gzip: number; brotli: number };
