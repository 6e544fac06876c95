// A Vite build plugin (vite.config.ts): Mantine's stylesheet holds only the components the
// build contains. `@mantine/core/styles.css` (about 250 KB) is every component's file
// one after another; the app uses about half of them. In a build, the import in app.tsx
// is emptied and this plugin writes the stylesheet of the components found in the
// bundle, in Mantine's order, where that import was. Development keeps the whole file.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
// Vite's own CSS minifier (a dependency of vite 8).
import { transform } from 'lightningcss'
import type { Plugin, Rollup } from 'vite'

const require = createRequire(import.meta.url)
const FULL = require.resolve('@mantine/core/styles.css')
const FOLDER = path.join(path.dirname(FULL), 'styles')
// Always first: the reset, the theme's default variables, the global classes.
const BASE = ['baseline', 'default-css-variables', 'global']

let cache: { order: string[]; files: Map<string, string> } | undefined

/** Every component stylesheet, in the order styles.css has them. */
function componentStyles() {
  if (cache) return cache
  const full = readFileSync(FULL, 'utf8')
  const files = new Map<string, string>()
  for (const file of readdirSync(FOLDER)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue
    files.set(file.slice(0, -'.css'.length), readFileSync(path.join(FOLDER, file), 'utf8'))
  }
  const at = (name: string) => full.indexOf(files.get(name)!.trim().slice(0, 200))
  const order = [...files.keys()].filter((name) => at(name) >= 0).sort((a, b) => at(a) - at(b))
  cache = { order, files }
  return cache
}

/**
 * Mantine's styles for the components among `moduleIds` (each component lives in a
 * folder named like its stylesheet: components/Button/ → Button.css). With `markup`,
 * only those whose classes the markup uses (Button brings Loader along, but a page
 * without a busy button needs none of Loader's styles).
 */
export function mantineCss(moduleIds: Iterable<string>, markup?: string): string {
  const used = new Set<string>()
  for (const id of moduleIds) {
    // components/Checkbox/CheckboxCard/…: both Checkbox.css and CheckboxCard.css.
    const match = /@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](.+)[\\/][^\\/]+$/.exec(
      id,
    )
    if (match) for (const part of match[1]!.split(/[\\/]/)) used.add(part)
  }
  const { order, files } = componentStyles()
  const inMarkup = markup === undefined ? undefined : new Set(markup.match(/\bm_[0-9a-f]+\b/g))
  const wanted = (name: string) => {
    if (BASE.includes(name)) return true
    if (!used.has(name)) return false
    if (!inMarkup) return true
    return (files.get(name)!.match(/\.m_[0-9a-f]+\b/g) ?? []).some((c) => inMarkup.has(c.slice(1)))
  }
  const css = order
    .filter(wanted)
    .map((name) => files.get(name))
    .join('\n')
  return transform({
    filename: 'mantine.css',
    code: Buffer.from(css),
    minify: true,
  }).code.toString()
}

const classesIn = (text: string, pattern: RegExp) =>
  new Set((text.match(pattern) ?? []).map((name) => name.replace(/^\./, '')))

/**
 * Every Mantine class the scripts use that has rules in the whole stylesheet must have
 * them in the one written here: a component found some other way than its folder fails
 * the build rather than showing unstyled.
 */
function checkCoverage(chunks: Rollup.OutputChunk[], css: string): void {
  const rules = classesIn(readFileSync(FULL, 'utf8'), /\.m_[0-9a-f]+\b/g)
  const kept = classesIn(css, /\.m_[0-9a-f]+\b/g)
  const used = classesIn(chunks.map((c) => c.code).join('\n'), /\bm_[0-9a-f]+\b/g)
  const missing = [...used].filter((name) => rules.has(name) && !kept.has(name))
  if (missing.length > 0) {
    throw new Error(`mantine-styles: no rules kept for ${missing.join(', ')}`)
  }
}

export function mantineStyles(): Plugin {
  return {
    name: 'rapport:mantine-styles',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    load(id) {
      if (id === FULL) return ''
      return undefined
    },
    generateBundle: {
      // Before Vite lists each chunk's stylesheets in the HTML and in the lazy imports.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is Rollup.OutputChunk => file.type === 'chunk',
        )
        const importer = chunks.find((c) => c.moduleIds.includes(FULL))
        const imported = importer?.viteMetadata?.importedCss
        if (!importer || !imported) throw new Error('mantine-styles: no chunk imports styles.css')
        const source = mantineCss(chunks.flatMap((c) => c.moduleIds))
        checkCoverage(chunks, source)
        const reference = this.emitFile({ type: 'asset', name: 'mantine.css', source })
        // First, so the app's own rules come after Mantine's and win ties.
        const rest = [...imported]
        imported.clear()
        for (const file of [this.getFileName(reference), ...rest]) imported.add(file)
      },
    },
  }
}
