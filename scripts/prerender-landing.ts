// A Vite build plugin (vite.config.ts): `vite build` itself writes the landing page
// prerendered, so every way of building (npm run build, the e2e runner, the server's
// first start) gets it.
//
// dist/index.html: the landing page's markup rendered at build time (react-dom/server)
//   inside #root, with the styles it uses inline, so it paints before any script runs;
//   main.tsx hydrates it with React and Mantine only (no router, no query cache).
// dist/app.html: the shell for every other path (/login, /dashboard/...): the app's
//   'Loading...' (PageLoader, what the dashboard shows while it checks the session)
//   prerendered inside #root, so the page paints once its stylesheets are in rather than
//   once the scripts have run; the routed app's code and stylesheets are fetched beside
//   the entry, and main.tsx renders the app over the loader. The server sends it for
//   deep links. Sent index.html instead, main.tsx still renders the right page,
//   but the landing page shows until the entry has run, and the app is fetched after it.
import react from '@vitejs/plugin-react'
import { createElement, type ComponentType, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createServer, type Plugin, type Rollup } from 'vite'
import { mantineCss } from './mantine-styles'

const APP_MODULE = '/src/client/app.tsx'
// LandingRoot: the tree main.tsx hydrates, so the markup matches it exactly.
const SHELL_MODULE = '/src/client/start/shell.tsx'
const PROVIDERS_MODULE = '/src/client/mantine-providers.tsx'
const LOADER_MODULE = '/src/client/components/page-loader.tsx'

interface Prerendered {
  landing: string
  loading: string
}

type Bundle = Rollup.OutputBundle
type Chunk = Rollup.OutputChunk

/**
 * The landing page's markup and app.html's 'Loading...' (in the same providers), rendered
 * by a throwaway Vite server in SSR mode.
 */
async function renderPages(root: string): Promise<Prerendered> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [react()],
  })
  try {
    const shell = (await server.ssrLoadModule(SHELL_MODULE)) as { LandingRoot: ComponentType }
    const { MantineProviders } = (await server.ssrLoadModule(PROVIDERS_MODULE)) as {
      MantineProviders: ComponentType<{ children: ReactNode }>
    }
    const { PageLoader } = (await server.ssrLoadModule(LOADER_MODULE)) as {
      PageLoader: ComponentType
    }
    return {
      landing: renderToString(createElement(shell.LandingRoot)),
      loading: renderToString(createElement(MantineProviders, null, createElement(PageLoader))),
    }
  } finally {
    await server.close()
  }
}

const chunks = (bundle: Bundle) =>
  Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk')

/** A chunk and every chunk it imports statically, in load order. */
function withStaticImports(bundle: Bundle, start: Chunk): Chunk[] {
  const seen = new Map<string, Chunk>()
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return
    seen.set(chunk.fileName, chunk)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(start)
  return [...seen.values()]
}

const cssOf = (list: Chunk[]) => [
  ...new Set(list.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])),
]

function assetText(bundle: Bundle, fileName: string): string {
  const asset = bundle[fileName]
  if (asset?.type !== 'asset') throw new Error(`prerender: ${fileName} is not in the build`)
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString()
}

/**
 * Every Mantine class in the markup must have a rule in the inline styles (or in the
 * markup's own <style>, where MantineProvider writes its responsive classes): a class
 * mantineCss did not cover fails the build here rather than showing unstyled.
 * `mantine-Button-root` and the like are only names for custom styling, with no rules.
 */
function checkStyles(markup: string, css: string): void {
  const styles =
    css + [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('')
  const classes = new Set<string>()
  for (const [, list = ''] of markup.matchAll(/class="([^"]*)"/g)) {
    for (const name of list.split(/\s+/)) {
      if (/^(m_[0-9a-f]+|mantine-[a-z][\w-]*)$/.test(name)) classes.add(name)
    }
  }
  const missing = [...classes].filter((name) => !styles.includes(`.${name}`))
  if (missing.length > 0) {
    throw new Error(
      `prerender: a prerendered page uses classes with no style (${missing.join(', ')})`,
    )
  }
}

/** Rewrites index.html as the prerendered landing page and adds app.html beside it. */
async function writePages(
  root: string,
  bundle: Bundle,
  entryCss: string[],
  emit: (html: string) => void,
) {
  const page = bundle['index.html']
  if (page?.type !== 'asset') throw new Error('prerender: the build has no index.html')
  const entry = chunks(bundle).find((c) => c.isEntry)
  const app = chunks(bundle).find((c) => c.moduleIds.some((id) => id.endsWith(APP_MODULE)))
  if (!entry || !app) throw new Error('prerender: no entry chunk or no app chunk')

  // Inline in the landing page: Mantine's styles for the components of the entry chunk
  // that its markup shows, and any stylesheet the entry imports. Nowhere else: app.html's stylesheets (all the
  // app's components) hold the same rules.
  const { landing: markup, loading } = await renderPages(root)
  const inlineCss = [
    mantineCss(entry.moduleIds, markup),
    ...entryCss.map((file) => assetText(bundle, file)),
  ].join('\n')
  for (const file of entryCss) delete bundle[file]
  checkStyles(markup, inlineCss)

  const shell = String(page.source)
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root')
  page.source = shell
    .replace('\n  </head>', `\n    <style>${inlineCss}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)

  // app.html fetches the routed app with the entry, not once the entry has run; at low
  // priority, as the page's first paint (its stylesheets and 'Loading...') does not wait
  // for it. Measured in Chromium throttled like Lighthouse's mobile, the rows show as soon
  // as before, and Lighthouse's simulation stops counting the app's code as in the first
  // paint's way (README, Performance).
  const entryFiles = new Set(withStaticImports(bundle, entry).map((c) => c.fileName))
  const appChunks = withStaticImports(bundle, app).filter((c) => !entryFiles.has(c.fileName))
  const hints = [
    ...cssOf(appChunks).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...appChunks.map(
      (c) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${c.fileName}">`,
    ),
  ]
  checkStyles(
    loading,
    cssOf(appChunks)
      .map((file) => assetText(bundle, file))
      .join('\n'),
  )
  emit(
    shell
      .replace('\n  </head>', `\n    ${hints.join('\n    ')}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${loading}</div>`),
  )
}

export function prerenderLanding(): Plugin[] {
  let root = ''
  let entryCss: string[] = []
  const apply: Plugin['apply'] = (config, { command }) => command === 'build' && !config.build?.ssr
  return [
    {
      name: 'rapport:prerender-landing:take-entry-css',
      apply,
      configResolved(config) {
        root = config.root
      },
      // Before Vite links the entry's stylesheet into index.html and lists it among what
      // lazy chunks load first: the pages get it their own way (writePages), and a copy
      // appended after the app's stylesheet would override the app's own rules.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const entry = chunks(bundle).find((c) => c.isEntry)
          const imported = entry?.viteMetadata?.importedCss
          entryCss = [...(imported ?? [])]
          imported?.clear()
        },
      },
    },
    {
      name: 'rapport:prerender-landing',
      apply,
      generateBundle: {
        // After Vite's own HTML plugin has put index.html into the bundle.
        order: 'post',
        async handler(_options, bundle) {
          await writePages(root, bundle, entryCss, (source) =>
            this.emitFile({ type: 'asset', fileName: 'app.html', source }),
          )
        },
      },
    },
  ]
}
