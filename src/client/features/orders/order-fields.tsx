import { NumberInput, Select, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { z } from 'zod'
import { ORDER_STATUSES } from '#shared/constants'
import type { Order, OrderCreateInput } from '#shared/order'
import { CustomerSelect } from './customer-select'

// The create body's fields as the inputs hold them: a Select holds null until a pick.
type OrderFormValues = { [K in keyof OrderCreateInput]: OrderCreateInput[K] | null }

/** What a form starts with: the order being edited, or a customer already picked. */
type OrderFormStart = Partial<Pick<Order, 'customer' | 'status' | 'total_Amount'>>

/** One form for create and edit, checked by the shared schema of the call it feeds (STYLE rule 3). */
export function useOrderForm(schema: z.ZodType, start: OrderFormStart = {}) {
  return useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: {
      customer: start.customer != null ? String(start.customer) : null,
      status: start.status ?? null,
      total_Amount: start.total_Amount !== undefined ? Number(start.total_Amount) : '',
    },
    validate: schemaResolver(schema, { sync: true }),
  })
}

interface OrderFieldsProps {
  form: ReturnType<typeof useOrderForm>
  /** Spec 5: create marks all three as required; edit shows no markers. */
  required: boolean
  /** The customer the form starts with, shown before any search has found it. */
  customer?: PickedCustomer | null
}

/** A customer as the picker shows it: `#id name`. */
export interface PickedCustomer {
  id: number
  name: string
}

/** The order's customer as the picker's first option (its name as the order carries it). */
export const pickedCustomer = (order: Order): PickedCustomer | null =>
  order.customer !== null
    ? { id: order.customer, name: order.customer_name ?? 'Unknown Customer' }
    : null

export function OrderFields({ form, required, customer = null }: OrderFieldsProps) {
  return (
    <Stack>
      <CustomerSelect
        withAsterisk={required}
        initialOption={customer}
        {...form.getInputProps('customer')}
      />
      <Select
        label="Status"
        withAsterisk={required}
        data={[...ORDER_STATUSES]}
        {...form.getInputProps('status')}
      />
      <NumberInput
        label="Total Amount"
        withAsterisk={required}
        min={0}
        decimalScale={2}
        leftSection="$"
        {...form.getInputProps('total_Amount')}
      />
    </Stack>
  )
}
