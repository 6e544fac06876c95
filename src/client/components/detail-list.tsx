import type { ReactNode } from 'react'
import { Flex, Text } from '@mantine/core'

export interface Detail {
  label: string
  value: ReactNode
}

/**
 * A record's fields as a description list, the label small above its value; each as
 * wide as its value, wrapping onto the next line where the screen is narrow.
 */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <Flex component="dl" wrap="wrap" columnGap="xl" rowGap="sm" align="flex-start" m={0}>
      {details.map(({ label, value }) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </Flex>
  )
}
