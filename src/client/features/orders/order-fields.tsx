import { NumberInput, Select, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { ORDER_STATUSES } from '../../../shared/constants'
import { fieldErrors } from '../../../shared/errors'
import type { Order } from '../../../shared/order'
import type { z } from 'zod'
import { CustomerSelect } from './customer-select'

export interface OrderFormValues {
  customer: string | null
  status: string | null
  total_Amount: number | string
}

/** One form for create and edit, checked by the shared schema of the call it feeds (STYLE rule 3). */
export function useOrderForm(schema: z.ZodType, order?: Order) {
  return useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: {
      customer: order?.customer != null ? String(order.customer) : null,
      status: order?.status ?? null,
      total_Amount: order ? Number(order.total_Amount) : '',
    },
    validate: (values) => {
      const result = schema.safeParse(values)
      return result.success ? {} : fieldErrors(result.error)
    },
  })
}

export type OrderForm = ReturnType<typeof useOrderForm>

interface OrderFieldsProps {
  form: OrderForm
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
