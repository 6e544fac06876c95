import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { saveFile } from '../../lib/download'

const FILE_NAME = 'rapport-recovery-codes.txt'

/** The ten recovery codes, shown this once, with 'Download' and 'I have stored them'. */
export function RecoveryCodes({ codes, onStored }: { codes: string[]; onStored: () => void }) {
  const download = () => {
    const text = `Rapport CRM recovery codes (each works once)\n\n${codes.join('\n')}\n`
    saveFile(new Blob([text], { type: 'text/plain' }), FILE_NAME)
  }
  return (
    <Stack>
      <Alert color="green" role="status">
        Two-step sign-in is on. Store these recovery codes somewhere safe: each signs you in once if
        you lose your authenticator. They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {codes.map((code) => (
          <Text component="li" key={code}>
            <Code fz="sm">{code}</Code>
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={download}>
          Download
        </Button>
        <Button onClick={onStored}>I have stored them</Button>
      </Group>
    </Stack>
  )
}
