import { Button, Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useEffect } from 'react'
import { agentUpdateInputSchema, type Agent, type AgentUpdateInput } from '#shared/agent'
import { notifySuccess } from '../../lib/notify'
import { useUpdateAgentMutation } from './mutations'

const EMPTY: AgentUpdateInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  country: '',
  city: '',
}

export function AccountForm({ id, agent }: { id: number; agent: Agent | undefined }) {
  const update = useUpdateAgentMutation(id)
  const form = useForm<AgentUpdateInput>({
    initialValues: EMPTY,
    validate: schemaResolver(agentUpdateInputSchema, { sync: true }),
  })
  const { initialize } = form

  // Fill the form once the agent arrives; later refetches must not overwrite edits.
  useEffect(() => {
    if (!agent) return
    const { first_name, last_name, email, phone, country, city } = agent
    initialize({ first_name, last_name, email, phone, country, city })
  }, [agent, initialize])

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => notifySuccess('Account Updated, Refresh'),
      // Spec 8: an agent update failure goes to the console only.
      onError: (error) => console.error('Account update failed:', error),
    })
  })

  const field = (name: keyof AgentUpdateInput) => ({ required: true, ...form.getInputProps(name) })

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="md">
        Profile
      </Title>
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" autoComplete="given-name" {...field('first_name')} />
            <TextInput label="Last Name" autoComplete="family-name" {...field('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextInput label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Country" autoComplete="country-name" {...field('country')} />
            <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          </SimpleGrid>
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            Update
          </Button>
        </Stack>
      </form>
    </Card>
  )
}
