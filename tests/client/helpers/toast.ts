import { screen, waitFor } from '@testing-library/react'

/** The toast (a Mantine notification, role alert) whose text starts with `text`. */
export async function findToast(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = screen.getAllByRole('alert').find((n) => n.textContent?.startsWith(text))
    if (!found) throw new Error(`no toast '${text}'`)
  })
  return found as HTMLElement
}
