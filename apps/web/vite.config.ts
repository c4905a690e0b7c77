import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Mantine components on the chat's first paint that take one small part of a library whose
 * package is a single module (a chunk holds whole modules): ScrollArea a hook of the positioning
 * library, AppShell's bars two class names of the scroll lock. They get that part from a shim in
 * src/lib/shims, so the libraries load with the first popover, tooltip or modal instead (007).
 * A name a shim lacks fails the build as a missing export, should Mantine import more one day.
 */
const MANTINE_SHIMS = [
  { importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/, source: '@floating-ui/react', shim: './src/lib/shims/floating-ui-merge-refs.ts' },
  { importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/, source: 'react-remove-scroll', shim: './src/lib/shims/remove-scroll-class-names.ts' },
];

function mantineShims(): Plugin {
  return {
    name: 'mantine-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      const hit = importer ? MANTINE_SHIMS.find((s) => s.source === source && s.importer.test(importer)) : undefined;
      return hit ? fileURLToPath(new URL(hit.shim, import.meta.url)) : null;
    },
  };
}

/** What the chunking needs of the module graph (Rolldown's chunking context). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const isAppModule = (id: string) => !id.includes('node_modules') && /[\\/](apps[\\/]web|packages[\\/]contracts)[\\/]src[\\/]/.test(id);

/** The app's own modules statically reachable from `roots` (packages are left to the chunking). */
function appModulesFrom(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (isAppModule(next)) queue.push(next);
  }
  return seen;
}

/**
 * The app's modules that only the chat route and the dashboard frame load statically: not in the
 * entry's graph, imported by no other page, never imported dynamically.
 */
function chatOnlyModules(graph: ModuleGraph): Set<string> {
  const routes = [src('app/dashboard-layout.tsx'), src('app/pages/chat-page.tsx')];
  const entry = appModulesFrom(graph, [src('main.tsx')]);
  const only = new Set([...appModulesFrom(graph, routes)].filter((id) => !entry.has(id) && !routes.includes(id)));
  const inside = (id: string) => only.has(id) || routes.includes(id);
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const id of only) {
      const info = graph.getModuleInfo(id);
      if (!info || info.dynamicImporters.length > 0 || !info.importers.every(inside)) {
        only.delete(id);
        dropped = true;
      }
    }
  }
  return only;
}

/**
 * Chunks for the first load of /dashboard/chat (007). Left to itself the chunking cut what the chat
 * shares with the other pages into some fifty small chunks, one per set of pages using them, each
 * compressed on its own: about 14 KB gzip more than the same code in one piece. So:
 * - the entry's static graph is one chunk (every page loads all of it anyway);
 * - the modules of the app only the chat route and the dashboard frame use (the navigation, the
 *   session list, the credit warning; not the chat screen, which the public pages share), with
 *   what they import that the entry has not, are one chunk. A page that needs one of those
 *   components loads all of it: measured against the chunking left to itself, the other pages'
 *   first loads came out smaller (sign-in, store, studio, settings, public chatbot, console),
 *   a shared session's 3 KB larger.
 */
function chatChunks() {
  // Worked out once per build (the graph is one object for the whole chunking pass).
  let built: { graph: ModuleGraph; chatOnly: Set<string> } | undefined;
  const chatOnly = (graph: ModuleGraph) => (built?.graph === graph ? built : (built = { graph, chatOnly: chatOnlyModules(graph) })).chatOnly;
  return {
    groups: [
      { name: 'initial', tags: ['$initial' as const], priority: 2 },
      { name: (id: string, graph: ModuleGraph) => (chatOnly(graph).has(id) ? 'dashboard-chat' : null), debugName: 'dashboard-chat', priority: 1 },
    ],
  };
}

export default defineConfig({
  plugins: [react(), mantineShims()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 800, rolldownOptions: { output: { codeSplitting: chatChunks() } } },
});
