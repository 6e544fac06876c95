import { Avatar, Card, Center, Loader, Stack, Text, UnstyledButton } from '@mantine/core'
import type { Agent } from '#shared/agent'
import { InfinityLoader } from './infinity-loader'

const loaders = { ...Loader.defaultLoaders, infinity: InfinityLoader }

/** Left column of the account screen; spec 2 fallbacks for empty fields. */
export function ProfileCard({ agent }: { agent: Agent | undefined }) {
  return (
    <Card withBorder padding="lg">
      {agent ? (
        <Stack align="center" gap={4} ta="center">
          <Avatar size={96} radius={96} color="indigo" mb="sm">
            {(agent.first_name[0] ?? '') + (agent.last_name[0] ?? '')}
          </Avatar>
          <Text fw={700} size="lg">
            {agent.first_name || 'unknown'} {agent.last_name}
          </Text>
          <Text c="dimmed" size="sm">
            {agent.city || 'city'}, {agent.country || 'country'}
          </Text>
          <Text c="dimmed" size="sm">
            {agent.timezone || 'UTC-5'}
          </Text>
          {/* Spec 2: 'Upload picture' is a link that does nothing. */}
          <UnstyledButton c="var(--mantine-color-anchor)" fz="sm" mt="sm" td="underline">
            Upload picture
          </UnstyledButton>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader loaders={loaders} type="infinity" aria-label="Loading profile" />
        </Center>
      )}
    </Card>
  )
}
