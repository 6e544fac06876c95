import { NumberInput, Select, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { z } from 'zod'
import { ORDER_STATUSES } from '../../../shared/constants'
import type { Order, OrderCreateInput } from '../../../shared/order'
import { CustomerSelect } from './customer-select'

// The create body's fields as the inputs hold them: a Select holds null until a pick.
type OrderFormValues = { [K in keyof OrderCreateInput]: OrderCreateInput[K] | null }

/** One form for create and edit, checked by the shared schema of the call it feeds (STYLE rule 3). */
export function useOrderForm(schema: z.ZodType, order?: Order) {
  return useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: {
      customer: order?.customer != null ? String(order.customer) : null,
      status: order?.status ?? null,
      total_Amount: order ? Number(order.total_Amount) : '',
    },
    validate: schemaResolver(schema, { sync: true }),
  })
}

interface OrderFieldsProps {
  form: ReturnType<typeof useOrderForm>
  /** Spec 5: create marks all three as required; edit shows no markers. */
  required: boolean
  order?: Order
}

export function OrderFields({ form, required, order }: OrderFieldsProps) {
  const initialOption =
    order?.customer != null
      ? { id: order.customer, name: order.customer_name ?? 'Unknown Customer' }
      : null
  return (
    <Stack>
      <CustomerSelect
        withAsterisk={required}
        initialOption={initialOption}
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
