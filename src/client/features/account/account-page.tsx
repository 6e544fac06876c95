import { Grid, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { agentQueries } from '../../api/agent'
import { currentUserId } from '../../lib/tokens'
import { AccountForm } from './account-form'
import { ProfileCard } from './profile-card'

export function AccountPage() {
  // The guard let us in, so the access token names the agent (API.md: user_id).
  const id = currentUserId() ?? 0
  const { data: agent, error } = useQuery({ ...agentQueries.detail(id), enabled: id > 0 })

  if (error) return <Text c="red">Error: {error.message}</Text>

  return (
    <>
      <Title order={1} size="h2" mb="md">
        Account
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard agent={agent} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AccountForm id={id} agent={agent} />
        </Grid.Col>
      </Grid>
    </>
  )
}
