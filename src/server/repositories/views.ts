import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { View, ViewData, ViewListQuery } from '#shared/views'
import type { Db } from '../db/client'
import { agents } from '../db/schema'
import { views } from '../db/schema-lists'
import { isUniqueViolation } from '../db/unique-violation'

const columns = {
  id: views.id,
  name: views.name,
  screen: sql<View['screen']>`${views.screen}`,
  query: views.query,
  shared: views.shared,
  owner: sql<View['owner']>`json_build_object('id', ${agents.id}, 'username', ${agents.username})`,
}

/** Who asks: their own views and the shared ones are theirs to see; an Admin may change any. */
export interface ViewViewer {
  id: number
  admin: boolean
}

/** What a viewer may see: their own views and the ones others shared (Admins too). */
const visibleTo = (viewer: ViewViewer): SQL | undefined =>
  or(eq(views.agentId, viewer.id), eq(views.shared, true))

function select(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(views)
    .innerJoin(agents, eq(agents.id, views.agentId))
    .where(where)
    .orderBy(asc(sql`lower(${views.name})`), asc(views.id))
}

export async function listViews(db: Db, query: ViewListQuery, viewer: ViewViewer) {
  const screen = query.screen === undefined ? undefined : eq(views.screen, query.screen)
  return { Views: await select(db, and(visibleTo(viewer), screen)) }
}

/** A view the viewer may see, or undefined (another's private view is "not found"). */
export async function findView(db: Db, id: number, viewer: ViewViewer): Promise<View | undefined> {
  const visible = viewer.admin ? undefined : visibleTo(viewer)
  const [row] = await select(db, and(eq(views.id, id), visible))
  return row
}

/** Whether the viewer may change or delete `view`: its owner or an Admin. */
export const mayChange = (view: View, viewer: ViewViewer) =>
  viewer.admin || view.owner.id === viewer.id

/** A write refused by the unique name (per agent and screen, ignoring case) is 'taken'. */
async function unlessTaken<T>(write: () => Promise<T>): Promise<T | 'taken'> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}

export async function createView(db: Db, data: ViewData, ownerId: number): Promise<View | 'taken'> {
  const [row] = await db
    .insert(views)
    .values({ ...data, agentId: ownerId })
    .onConflictDoNothing()
    .returning({ id: views.id })
  if (!row) return 'taken'
  const view = await findView(db, row.id, { id: ownerId, admin: true })
  if (!view) throw new Error('inserted view vanished')
  return view
}

/** Changes a view; its owner stays whoever changes it. Undefined: it is gone. */
export async function updateView(
  db: Db,
  id: number,
  data: ViewData,
): Promise<View | 'taken' | undefined> {
  const updated = await unlessTaken(() =>
    db
      .update(views)
      .set({ ...data, updatedAt: sql`now()` })
      .where(eq(views.id, id))
      .returning({ id: views.id }),
  )
  if (updated === 'taken' || updated.length === 0) return updated === 'taken' ? updated : undefined
  return findView(db, id, { id: 0, admin: true })
}

export async function deleteView(db: Db, id: number): Promise<void> {
  await db.delete(views).where(eq(views.id, id))
}
