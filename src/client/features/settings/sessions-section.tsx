import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SessionInfo } from '#shared/sessions'
import {
  sessionQueries,
  useEndOtherSessionsMutation,
  useEndSessionMutation,
} from '../../api/sessions'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { notifySuccess } from '../../lib/notify'
import { deviceName } from './device-name'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

function SessionRow({ session }: { session: SessionInfo }) {
  const end = useEndSessionMutation()
  const name = deviceName(session.user_agent)
  return (
    <Paper withBorder p="sm" component="li" aria-label={name}>
      {/* On a phone the action goes under the text rather than squeezing it. */}
      <Group justify="space-between" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 180px' }}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {session.ip} · Last used {when.format(new Date(session.last_used_at))}
          </Text>
        </Stack>
        {session.current ? (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            This device
          </Badge>
        ) : (
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            loading={end.isPending}
            onClick={() => end.mutate(session.id)}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  )
}

/** Settings 'Sessions': every signed-in device, each with 'Sign out'. */
export function SessionsSection() {
  const sessions = useQuery(sessionQueries.list())
  const others = useEndOtherSessionsMutation()
  const [asking, setAsking] = useState(false)
  const list = sessions.data ?? []
  const hasOthers = list.some((session) => !session.current)

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h3" id="sessions-title" mb="md">
        Sessions
      </Title>
      <Stack>
        {sessions.isError && (
          <Alert color="red" role="alert">
            {sessions.error.message}
          </Alert>
        )}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
        <Button variant="default" disabled={!hasOthers} onClick={() => setAsking(true)}>
          Sign out everywhere else
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title="Sign out everywhere else"
        message="Sign out every other session?"
        {...(others.error ? { error: `Error: ${others.error.message}` } : {})}
        action={{
          label: 'Sign out everywhere else',
          busyLabel: 'Signing out...',
          busy: others.isPending,
          onConfirm: () =>
            others.mutate(undefined, {
              onSuccess: ({ revoked }) => {
                setAsking(false)
                notifySuccess(
                  revoked === 1 ? 'Signed out 1 session' : `Signed out ${revoked} sessions`,
                )
              },
            }),
        }}
      />
    </Card>
  )
}
