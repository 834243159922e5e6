// A child process of `npm run bench`: the reference server (or, with `bare`, a bare Fastify JSON
// route) on a free port of 127.0.0.1, so the load generator never shares its event loop.
//   node bench/server.mjs pos <databaseUrl> [schema]   |   node bench/server.mjs bare
// Prints `listening <url>` when ready, and `cpu <microseconds>` on SIGUSR2. On SIGTERM it closes and exits normally, so that a `--cpu-prof` run
// (BENCH_CPU_PROF) writes its profile.
const [kind, databaseUrl, schema] = process.argv.slice(2);
// SIGUSR2 asks for the CPU time this process used so far (user + system, microseconds): `cpu <n>` on stdout.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`cpu ${user + system}\n`);
});
const root = new URL('../', import.meta.url);

if (kind === 'bare') {
  const { default: Fastify } = await import(new URL('node_modules/fastify/fastify.js', root).href);
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${url}`);
} else {
  const server = await import(new URL('packages/pos-server/dist/index.js', root).href);
  // As the pos-server command does before it starts (src/heapGrowth.ts).
  if (process.env.BENCH_DEFAULT_HEAP !== '1') server.boundHeapGrowth();
  // A PostgreSQL server needs a data directory; this app has no mail sender and keeps photos in the database, so
  // nothing is written there.
  const { tmpdir } = await import('node:os');
  const config = server.loadConfig({
    POS_DATABASE_URL: databaseUrl,
    POS_DATA_DIR: tmpdir(),
    POS_LOG_LEVEL: 'silent',
  });
  const db = server.createDb(config.databaseUrl, schema ? { schema } : {});
  await server.migrateToLatest(db);
  await server.seedDemo(db, { store: config.store, now: new Date() });
  const app = await server.buildApp({ db, config });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${url}`);
  process.once('SIGTERM', () => {
    app
      .close()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}
