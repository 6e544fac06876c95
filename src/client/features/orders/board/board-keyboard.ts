import {
  KeyboardCode,
  type Announcements,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import type { Order } from '#shared/order'
import { orderLabel } from '../order-links'

const NEXT = [KeyboardCode.Right, KeyboardCode.Down] as string[]
const PREVIOUS = [KeyboardCode.Left, KeyboardCode.Up] as string[]

/**
 * Arrows move a picked-up card a whole column at a time (right or down: the next status;
 * left or up: the one before), on a desktop's row of columns as on a phone's stack. The
 * card is placed inside the column's box, so the collision check finds that column.
 */
export function columnCoordinates(statuses: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = NEXT.includes(event.code) ? 1 : PREVIOUS.includes(event.code) ? -1 : 0
    if (step === 0) return undefined
    event.preventDefault()
    const order = context.active?.data.current?.order as Order | undefined
    const from = statuses.indexOf(String(context.over?.id ?? order?.status ?? ''))
    const target = statuses[Math.min(statuses.length - 1, Math.max(0, from + step))]
    const rect = target === undefined ? null : context.droppableRects.get(target)
    const card = context.collisionRect
    if (!rect || !card) return undefined
    return {
      x: rect.left + Math.max(0, (rect.width - card.width) / 2),
      y: rect.top + Math.min(48, Math.max(0, rect.height - card.height) / 2),
    }
  }
}

const labelOf = (active: { data: { current?: Record<string, unknown> } }) => {
  const order = active.data.current?.order as Order | undefined
  return order ? orderLabel(order) : 'The order'
}
const statusOf = (id: UniqueIdentifier | undefined) => String(id)

/** What a screen reader hears while a card moves (dnd-kit's live region). */
export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${labelOf(active)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${labelOf(active)} is over ${statusOf(over.id)}.`
      : `${labelOf(active)} is over no status.`,
  onDragEnd: ({ active, over }) =>
    over ? `${labelOf(active)} dropped on ${statusOf(over.id)}.` : `${labelOf(active)} not moved.`,
  onDragCancel: ({ active }) => `Moving ${labelOf(active)} cancelled.`,
}

export const instructions: ScreenReaderInstructions = {
  draggable:
    'To move this order to another status, press Space, then the arrow keys to choose the status, then Space to drop it there, or Escape to cancel.',
}
