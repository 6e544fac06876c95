import { importResultSchema, type ImportResult } from '#shared/csv'
import type { CsvResource } from '../lib/csv-file'
import { attachmentName, saveFile } from '../lib/download'
import { api } from './client'

/** A list's search, filters and ordering as the API names them (no paging). */
export type ExportFilters = Record<string, string | number | undefined>

/**
 * GET {path}/export/ with the list's parameters, through the one client (token and
 * refresh apply), saved under the server's file name; returns that name. No time limit:
 * a large export streams for seconds.
 */
export function exportCsv(resource: CsvResource, filters: ExportFilters): Promise<string> {
  return downloadExport(resource.path, filters)
}

/** GET {path}/export/ saved under the server's file name (`{path}.csv` without one). */
export async function downloadExport(path: string, filters: ExportFilters): Promise<string> {
  const response = await api.get(`${path}/export/`, { searchParams: filters, timeout: false })
  const name = attachmentName(response, `${path.replaceAll('/', '-')}.csv`)
  saveFile(await response.blob(), name)
  return name
}

interface ImportOptions {
  /** Answer what the import would do, and write nothing. */
  dryRun?: boolean
  /** Create the valid rows and report the rest, instead of all or nothing. */
  skipInvalid?: boolean
}

/**
 * POST {path}/import/ with the file as text/csv. ky's onUploadProgress is not used: it
 * streams the body, which Chromium refuses on HTTP/1.1 ("Failed to fetch"), so the
 * dialog's bar runs without a percentage.
 */
export async function importCsv(
  resource: CsvResource,
  file: File,
  { dryRun = false, skipInvalid = false }: ImportOptions,
): Promise<ImportResult> {
  const bytes = await file.arrayBuffer()
  return api
    .post(`${resource.path}/import/`, {
      // The bytes as they are (the server judges the encoding), read here: a File from
      // another realm (jsdom's, in the tests) is not a body fetch can send.
      body: bytes,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      searchParams: { dry_run: dryRun ? 1 : undefined, skip_invalid: skipInvalid ? 1 : undefined },
      timeout: false,
    })
    .json(importResultSchema)
}
