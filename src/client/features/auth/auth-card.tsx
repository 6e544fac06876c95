import { Anchor, Card, Center, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface AuthCardProps {
  title: string
  description: string
  footerText: string
  footerLink: { to: '/login' | '/register'; label: string }
  children: ReactNode
}

/** The card shared by the login and register screens. */
export function AuthCard({ title, description, footerText, footerLink, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md">
      <Card withBorder shadow="sm" padding="xl" w="100%" maw={400} component="main">
        <Stack gap="xs" mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </Stack>
        {children}
        <Text size="sm" ta="center" mt="md">
          {footerText}{' '}
          <Anchor component={Link} to={footerLink.to} underline="always">
            {footerLink.label}
          </Anchor>
        </Text>
      </Card>
    </Center>
  )
}
