import { z } from 'zod'
import { agentRefSchema } from './notes'
import { requiredText, text } from './text'

/** The screens a view may be saved on (API contract "Saved views"). */
export const VIEW_SCREENS = ['customers', 'orders', 'tasks'] as const
export type ViewScreen = (typeof VIEW_SCREENS)[number]

export const VIEW_NAME_MAX = 60
export const VIEW_QUERY_MAX = 2000

const SCREEN_MESSAGE = `Choose one of: ${VIEW_SCREENS.join(', ')}.`
export const viewScreenSchema = z.enum(VIEW_SCREENS, { error: SCREEN_MESSAGE })

/** A saved view: a name for a screen's filters, search and sort (its URL query). */
export const viewSchema = z.object({
  id: z.number(),
  name: z.string(),
  screen: viewScreenSchema,
  /** The screen's URL query string without its `?`. */
  query: z.string(),
  shared: z.boolean(),
  owner: agentRefSchema,
})
export type View = z.infer<typeof viewSchema>

/** POST and PUT body; `query` and `shared` may be left out ('' and false). */
export const viewInputSchema = z.object({
  name: requiredText(VIEW_NAME_MAX, 'Enter a name.'),
  screen: viewScreenSchema,
  query: z
    .string({ error: 'Send the query as text.' })
    .transform((value) => value.trim().replace(/^\?/, ''))
    .pipe(text(VIEW_QUERY_MAX))
    .optional()
    .transform((value) => value ?? ''),
  shared: z
    .boolean({ error: 'Send shared as true or false.' })
    .optional()
    .transform((value) => value ?? false),
})
export type ViewInput = z.input<typeof viewInputSchema>
export type ViewData = z.output<typeof viewInputSchema>

export const viewListQuerySchema = z.object({ screen: viewScreenSchema.optional() })
export type ViewListQuery = z.output<typeof viewListQuerySchema>

export const viewListSchema = z.object({ Views: z.array(viewSchema) })
export type ViewList = z.infer<typeof viewListSchema>

/** 409: the agent already has a view of this name on this screen. */
export const VIEW_NAME_TAKEN = 'You already have a view with this name here. Choose another name.'
