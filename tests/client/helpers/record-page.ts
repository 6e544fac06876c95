import { screen } from '@testing-library/react'

/** The value shown under a label of a record page's details or figures (<dt>/<dd>). */
export function detail(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent ?? ''
}
