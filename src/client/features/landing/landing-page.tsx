import {
  Blockquote,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { FEATURES, TESTIMONIALS } from './landing-content'
import { LandingHeader } from './landing-header'
import { LandingLink } from './landing-link'

// Kept free of charts and dashboard code: the landing page must stay a small download.
export function LandingPage() {
  return (
    <>
      <LandingHeader />
      <Container component="main" size="lg" py="xl">
        <Stack align="center" ta="center" gap="md" py="xl">
          <Title order={1} size="h1">
            Build stronger customer relationships
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            Rapport CRM helps your business manage customer relationships, track interactions,
            streamline processes and grow.
          </Text>
          <Group>
            <Button component={LandingLink} href="/register" size="md">
              Get Started
            </Button>
            <Button component={LandingLink} href="/dashboard" size="md" variant="default">
              Dashboard
            </Button>
          </Group>
        </Stack>

        <Title order={2} ta="center" mt="xl" mb="lg">
          Features
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FEATURES.map(({ title, description, icon: FeatureIcon }) => (
            <Card key={title} withBorder padding="lg">
              <ThemeIcon size="lg" variant="light" mb="sm">
                <FeatureIcon size={20} aria-hidden />
              </ThemeIcon>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text c="dimmed" mt="xs">
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Title order={2} ta="center" mt={48} mb="lg">
          What our customers say
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {TESTIMONIALS.map(({ quote, name, title }) => (
            <Blockquote
              key={name}
              cite={`${name}, ${title}`}
              p="lg"
              // Mantine's cite grey is too faint on the quote's tinted background (axe).
              styles={{ cite: { color: 'var(--mantine-color-dimmed)', opacity: 1 } }}
            >
              {quote}
            </Blockquote>
          ))}
        </SimpleGrid>
      </Container>
    </>
  )
}
