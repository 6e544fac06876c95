import { SimpleGrid, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { customerInputSchema, type CustomerData } from '#shared/customer'

// The form holds what the schema outputs (every field a string), not its looser input.
type CustomerFormValues = CustomerData

/** Create and edit share one form, checked with the schema the server uses (STYLE rule 3). */
export function useCustomerForm(initial: Partial<CustomerFormValues> = {}) {
  return useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: {
      name: initial.name ?? '',
      email: initial.email ?? '',
      city: initial.city ?? '',
      country: initial.country ?? '',
      phone: initial.phone ?? '',
    },
    validate: schemaResolver(customerInputSchema, { sync: true }),
  })
}

/** Spec 2: Name, Email, City, Country, Phone. */
export function CustomerFields({ form }: { form: ReturnType<typeof useCustomerForm> }) {
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
