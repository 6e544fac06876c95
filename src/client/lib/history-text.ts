import type { HistoryChanges, HistoryEntry } from '#shared/history'

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** "city London → Leeds, phone — → 555" */
export function describeChanges(changes: HistoryChanges): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field} ${shown(before)} → ${shown(after)}`)
    .join(', ')
}

const DONE: Record<HistoryEntry['action'], string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  restore: 'restored',
  import: 'imported',
  role: 'role changed',
  active: 'activation changed',
  password: 'password changed',
  '2fa': 'two-step sign-in changed',
}

/** What happened to a record, for its page: 'created', 'updated city London → Leeds'. */
export function describeChange(entry: Pick<HistoryEntry, 'action' | 'changes'>): string {
  if (entry.action === 'update') return `updated ${describeChanges(entry.changes)}`
  if (entry.action === 'active') return entry.changes.active?.[1] ? 'activated' : 'deactivated'
  if (entry.action === '2fa') {
    return `two-step sign-in turned ${entry.changes.two_step?.[1] ? 'on' : 'off'}`
  }
  return DONE[entry.action]
}

/** The status an entry gave an order, or undefined when it set none (a delete, an amount). */
export function statusSet(entry: Pick<HistoryEntry, 'action' | 'changes'>): string | undefined {
  const [before, after] = entry.changes.status ?? []
  if (typeof after !== 'string') return undefined
  if (entry.action === 'update' && typeof before === 'string') return `${before} → ${after}`
  return entry.action === 'restore' ? `${after} (restored)` : after
}
