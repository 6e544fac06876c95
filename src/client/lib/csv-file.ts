import { IMPORT_MAX_BYTES } from '#shared/csv'

/** What the export and import of one list need to know (API.md "CSV export and import"). */
export interface CsvResource {
  /** The API path: `{path}/export/`, `{path}/import/`. */
  path: 'customers' | 'orders'
  singular: string
  plural: string
  /** The columns an import reads, the first one required. */
  fields: readonly string[]
  /** The template's example row, one value per field. */
  example: readonly string[]
}

export const CSV_RESOURCES = {
  customers: {
    path: 'customers',
    singular: 'customer',
    plural: 'customers',
    fields: ['name', 'email', 'city', 'country', 'phone'],
    example: ['Olivia Smith', 'olivia@example.com', 'Leeds', 'United Kingdom', '+44 20 7946 0916'],
  },
  orders: {
    path: 'orders',
    singular: 'order',
    plural: 'orders',
    fields: ['customer', 'status', 'total_amount'],
    example: ['1', 'Pending', '125.50'],
  },
} as const satisfies Record<string, CsvResource>

/** '1 customer', '12 customers'. */
export const countOf = (count: number, resource: CsvResource) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? resource.singular : resource.plural}`

/** 'Download a template': the header row and one example row, made here, as a link's target. */
export function templateLink(resource: CsvResource): { href: string; download: string } {
  const text = `${resource.fields.join(',')}\r\n${resource.example.join(',')}\r\n`
  return {
    href: `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`,
    download: `${resource.path}-template.csv`,
  }
}

/** A header cell as the server matches it: ignoring case, spaces and underscores. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_]+/g, '')

export interface CsvPreview {
  /** The file's header cells, each with the field it fills (null: ignored). */
  columns: { name: string; field: string | null }[]
  /** The first rows after the header, as written, with the file's line each ends on. */
  rows: { line: number; cells: string[] }[]
}

/** How many rows the preview shows. */
export const PREVIEW_ROWS = 5
// Enough of the file for the first rows; the server reads the whole of it.
const PREVIEW_BYTES = 64 * 1024

/** Comma or semicolon, as the server decides: whichever the header uses more outside quotes. */
function delimiterOf(text: string): ',' | ';' {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '')
  return header.split(';').length > header.split(',').length ? ';' : ','
}

/** The header and first rows of a chosen file, read here with csv-parse (loaded on demand). */
export async function previewFile(file: File, resource: CsvResource): Promise<CsvPreview> {
  const [{ parse }, head] = await Promise.all([
    import('csv-parse/browser/esm/sync'),
    file.slice(0, PREVIEW_BYTES).text(),
  ])
  const text = head.replace(/^\uFEFF/, '')
  // `to` stops after the rows shown, so a cut in the middle of a quoted cell is not an error.
  const records = parse(text, {
    delimiter: delimiterOf(text),
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    to: PREVIEW_ROWS + 1,
  }) as unknown as { record: string[]; info: { lines: number } }[]
  const [first, ...rest] = records
  const header = first?.record ?? []
  const taken = new Set<string>()
  const columns = header.map((name) => {
    const field = resource.fields.find((f) => columnKey(f) === columnKey(name) && !taken.has(f))
    if (field) taken.add(field)
    return { name, field: field ?? null }
  })
  return { columns, rows: rest.map(({ record, info }) => ({ line: info.lines, cells: record })) }
}

/** Files the server would refuse for their size are refused before they are sent. */
export function tooLarge(file: File): boolean {
  return file.size > IMPORT_MAX_BYTES
}
