import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

/** Spec 2/8: any unknown path shows 'Page Not Found'. */
export function NotFound() {
  return (
    <Stack component="main" align="center" justify="center" mih="60vh" gap="sm" p="xl">
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed">The page you are looking for does not exist.</Text>
      <Button component={Link} to="/">
        Back to home
      </Button>
    </Stack>
  )
}
