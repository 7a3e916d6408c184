/**
 * A Vite plugin that writes, for the client build only, what each chunk is made of:
 * `build/client/.vite/modules.json` (a dot-directory, never served — ADR 510) with every chunk's modules
 * and their rendered (minified) length. `bench/bundles.ts` groups them by package to say what ships
 * (tests/bundles/composition.ts). Part of the build, so outside tests/: the image's build context has no
 * tests (.dockerignore).
 */
import type { Plugin } from 'vite'

export interface ChunkModules {
  file: string
  modules: { id: string; length: number; code: string }[]
}

export function moduleStats(): Plugin {
  return {
    name: 'svn-module-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment?.name !== 'client') return
      const chunks: ChunkModules[] = []
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks.push({
          file: output.fileName,
          modules: Object.entries(output.modules)
            .filter(([, m]) => m.renderedLength > 0)
            .map(([id, m]) => ({ id, length: m.renderedLength, code: m.code ?? '' })),
        })
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) })
    },
  }
}
