import { afterEach, beforeEach, vi } from 'vitest'

const COLUMN_WIDTH = 400

/**
 * jsdom lays nothing out, so dnd-kit would see every box at 0,0 and no card over any
 * column. Gives the board's columns side-by-side boxes and each card a box inside its
 * column, enough for the keyboard's column-by-column moves.
 */
export function useBoardRects(): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      // The card drawn under the pointer starts where the first column's cards are.
      if (this.closest('[data-board-overlay]')) return new DOMRect(10, 60, COLUMN_WIDTH - 40, 80)
      const column = this.closest<HTMLElement>('[data-board-column]')
      if (!column) return new DOMRect(0, 0, 0, 0)
      const columns = [...document.querySelectorAll('[data-board-column]')]
      const left = columns.indexOf(column) * COLUMN_WIDTH
      return this === column
        ? new DOMRect(left, 0, COLUMN_WIDTH - 20, 800)
        : new DOMRect(left + 10, 60, COLUMN_WIDTH - 40, 80)
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
}
