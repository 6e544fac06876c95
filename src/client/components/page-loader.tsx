import { Center, Loader, Stack, Text } from '@mantine/core'

/** Spec 2: while the dashboard checks the session it shows 'Loading...'. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  )
}
