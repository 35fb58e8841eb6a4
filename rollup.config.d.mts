// Types of the functions rollup.config.mjs exports for the build test (test/build/manifests.test.ts).
import type { RollupOptions } from 'rollup';

export interface ChunkLike {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
}
export declare function memberCentreChunks(chunks: readonly ChunkLike[], isLazy: (id: string) => boolean): Set<string>;
export declare function assetManifest(
  outputs: readonly { fileName: string; name?: string; facadeModuleId?: string | null }[],
  entrypoints: string[],
): { files: Record<string, string>; entrypoints: string[] };
declare function config(): RollupOptions[];
export default config;
