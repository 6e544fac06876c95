// Server tests run in Node; nothing global to set up beyond failing on stray errors.
process.env.LOG_LEVEL ??= 'silent'
