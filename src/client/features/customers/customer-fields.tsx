import { SimpleGrid, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { customerInputSchema } from '../../../shared/customer'

export interface CustomerFormValues {
  name: string
  email: string
  city: string
  country: string
  phone: string
}

const EMPTY: CustomerFormValues = { name: '', email: '', city: '', country: '', phone: '' }

/** Create and edit share one form, checked with the schema the server uses (STYLE rule 3). */
export function useCustomerForm(initial: Partial<CustomerFormValues> = {}) {
  return useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: {
      name: initial.name ?? EMPTY.name,
      email: initial.email ?? EMPTY.email,
      city: initial.city ?? EMPTY.city,
      country: initial.country ?? EMPTY.country,
      phone: initial.phone ?? EMPTY.phone,
    },
    validate: schemaResolver(customerInputSchema, { sync: true }),
  })
}

export type CustomerForm = ReturnType<typeof useCustomerForm>

/** Spec 2: Name, Email, City, Country, Phone. */
export function CustomerFields({ form }: { form: CustomerForm }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email" type="email" {...form.getInputProps('email')} />
      <TextInput label="City" {...form.getInputProps('city')} />
      <TextInput label="Country" {...form.getInputProps('country')} />
      <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
    </SimpleGrid>
  )
}
