// `npm run test:pg` needs a PostgreSQL to create fresh test databases in.
if (!process.env.TEST_DATABASE_URL) {
  console.error('test:pg needs TEST_DATABASE_URL=postgres://user@host:port/db (see README "Tests")')
  process.exit(1)
}
