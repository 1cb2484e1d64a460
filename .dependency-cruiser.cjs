// The layer rules of docs/architecture.md, checked on every `npm test` (`npm run lint:deps`): who may import
// whom, no import cycles, and Electron only in the thin shell.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make the layers meaningless: move the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'electron-only-in-the-shell',
      severity: 'error',
      comment:
        'Only the Electron shell (src-main/index.ts, window.ts, paths.ts, preload/) may load electron: everything else runs and is tested under plain Node.',
      from: { pathNot: '^src-main/(index|window|paths)\\.ts$|^src-main/preload/' },
      to: { path: '^electron$|node_modules/electron/' },
    },
    {
      name: 'contract-is-pure',
      severity: 'error',
      comment: 'contract/ is the wire format shared with the browser: it imports nothing environment-specific.',
      from: { path: '^src-main/contract/' },
      to: { pathNot: '^src-main/contract/' },
    },
    {
      name: 'catalogue-has-no-http',
      severity: 'error',
      comment: 'catalogue/ is the only place with SQL and knows nothing of the HTTP server or the UI.',
      from: { path: '^src-main/catalogue/' },
      to: { path: '^src-main/(server|preload)/|^src-main/(index|window|cli[^/]*)\\.ts$|^src-renderer/|node_modules/(fastify|@fastify)/' },
    },
    {
      name: 'server-knows-no-shell',
      severity: 'error',
      comment: 'server/ never imports the Electron shell or the UI.',
      from: { path: '^src-main/server/' },
      to: { path: '^src-main/(preload/|index\\.ts|window[^/]*\\.ts|cli[^/]*\\.ts)|^src-renderer/' },
    },
    {
      name: 'renderer-reads-only-the-contract',
      severity: 'error',
      comment: 'The UI takes from src-main only contract/ (types and pure path builders).',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/', pathNot: '^src-main/contract/' },
    },
    {
      name: 'renderer-flows-one-way',
      severity: 'error',
      comment: 'api/ → stores/ → views/ → components/: nothing lower imports what sits above it.',
      from: { path: '^src-renderer/src/(api|stores|composables|player)/' },
      to: { path: '^src-renderer/src/(views|components)/' },
    },
    {
      name: 'player-rules-stay-pure',
      severity: 'error',
      comment: 'player/ decides what plays (queue), drives the element (audio) and saves state; it never reaches the stores or the API.',
      from: { path: '^src-renderer/src/player/' },
      to: { path: '^src-renderer/src/(stores|api)/|node_modules/(pinia|vue)/' },
    },
    {
      name: 'components-never-fetch',
      severity: 'error',
      comment: "Components render; stores hold state and call api/ (a component may name api/'s types).",
      from: { path: '^src-renderer/src/components/' },
      to: { path: '^src-renderer/src/api/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'read-side-only-reads',
      severity: 'error',
      comment: 'catalogue/read/ and catalogue/search/ answer queries on a read-only connection: they never reach the writers or the importers.',
      from: { path: '^src-main/catalogue/(read|search)/' },
      to: { path: '^src-main/catalogue/(write|build|import|sync|upgrade)/' },
    },
    {
      name: 'sql-only-in-the-catalogue',
      severity: 'error',
      comment:
        'SQL lives in catalogue/ alone: the rest of the product asks catalogue.queries (tests and tools may open a database file to check what it holds).',
      from: { path: '^src-(main|renderer)/', pathNot: '^src-main/catalogue/' },
      to: { path: 'node_modules/better-sqlite3/|^src-main/catalogue/read/catalogue-sql\\.ts$' },
    },
    {
      name: 'user-db-stands-alone',
      severity: 'error',
      comment: 'The user database never depends on the catalogue it outlives.',
      from: { path: '^src-main/catalogue/user/' },
      to: { path: '^src-main/catalogue/(?!user/|db/)' },
    },
    {
      name: 'tests-never-load-electron',
      severity: 'error',
      from: { path: '^test/' },
      to: { path: '^electron$|node_modules/electron/|^src-main/(index|window|paths)\\.ts$|^src-main/preload/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js', '.mjs', '.d.ts'] },
  },
};
