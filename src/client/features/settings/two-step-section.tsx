import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { twoStepQueries, useTwoStepSetupMutation } from '../../api/two-step'
import { RecoveryCodes } from './recovery-codes'
import { TwoStepOffDialog } from './two-step-off-dialog'
import { TwoStepSetup } from './two-step-setup'

/** Settings 'Two-step sign-in': turn it on (QR code, key, code, recovery codes) or off. */
export function TwoStepSection() {
  const status = useQuery(twoStepQueries.status())
  const setup = useTwoStepSetupMutation()
  const [codes, setCodes] = useState<string[] | null>(null)
  const [turningOff, setTurningOff] = useState(false)

  const body = () => {
    if (codes) {
      return (
        <RecoveryCodes
          codes={codes}
          onStored={() => {
            setCodes(null)
            setup.reset()
          }}
        />
      )
    }
    if (status.isError) {
      return (
        <Alert color="red" role="alert">
          {status.error.message}
        </Alert>
      )
    }
    if (!status.data) return <Text c="dimmed">Loading...</Text>
    if (status.data.enabled) {
      return (
        <Group justify="space-between">
          <Text>Two-step sign-in is on: signing in asks for a code from your app.</Text>
          <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        </Group>
      )
    }
    if (setup.data) return <TwoStepSetup setup={setup.data} onEnabled={setCodes} />
    return (
      <Stack align="flex-start">
        <Text>
          Two-step sign-in is off. With it on, signing in also asks for a 6-digit code from an
          authenticator app on your phone.
        </Text>
        {setup.isError && (
          <Alert color="red" role="alert">
            {setup.error.message}
          </Alert>
        )}
        <Button loading={setup.isPending} onClick={() => setup.mutate()}>
          Turn on
        </Button>
      </Stack>
    )
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-step-title">
      <Title order={2} size="h3" id="two-step-title" mb="md">
        Two-step sign-in
      </Title>
      {body()}
      <TwoStepOffDialog opened={turningOff} onClose={() => setTurningOff(false)} />
    </Card>
  )
}
