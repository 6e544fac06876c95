/**
 * Key roots shared by features, so a write in one feature can refresh another's reads
 * (a renamed customer changes order rows; any write changes the overview counts)
 * without features importing each other's internals (STYLE "Layout").
 */
export const queryRoots = {
  customers: ['customers'],
  orders: ['orders'],
  stats: ['stats'],
  // Agent records and the signed-in agent's role: one family, so one prefix reaches both.
  agents: ['agents'],
} as const
