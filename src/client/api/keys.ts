/**
 * The key root of each api module (STYLE rule 4): every key of a resource starts with its
 * root, so a write refreshes a resource by its module's `all` (a renamed customer changes
 * order rows; any write changes the overview counts) and no key is spelt twice.
 */
export const queryRoots = {
  customers: ['customers'],
  orders: ['orders'],
  stats: ['stats'],
  // Sales reports: every customer or order change can move their figures.
  reports: ['reports'],
  // Every change adds an entry: customer, order and agent writes refresh it.
  history: ['history'],
  // Agent records and the signed-in agent's role: one family, so one prefix reaches both.
  agents: ['agents'],
  // Saved views of the list screens.
  views: ['views'],
} as const
