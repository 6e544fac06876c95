import { useState } from 'react'
import { Alert, MultiSelect, Stack, Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES, type CreatedWebhook } from '#shared/webhooks'
import { ApiError } from '../../api/client'
import { DialogActions, DialogFrame, type DialogProps } from '../../components/dialog'
import { useCreateWebhook } from './mutations'
import { ShownOnce } from './shown-once'

/** BEYOND.md "Admin": 'Add webhook' (URL, Events with 'All events'); the secret shows once. */
export function AddWebhookDialog(dialog: DialogProps) {
  const [created, setCreated] = useState<CreatedWebhook>()
  const close = () => {
    setCreated(undefined)
    dialog.onClose()
  }
  return (
    <DialogFrame opened={dialog.opened} onClose={close} title="Add webhook">
      {created ? (
        <ShownOnce
          secret={created.secret}
          label="Signing secret"
          note="This signing secret is shown once. Store it now."
          onDone={close}
        />
      ) : (
        <AddForm onCancel={close} onCreated={setCreated} />
      )}
    </DialogFrame>
  )
}

interface Values {
  url: string
  all: boolean
  events: string[]
}

function AddForm(props: { onCancel: () => void; onCreated: (hook: CreatedWebhook) => void }) {
  const create = useCreateWebhook()
  const [failure, setFailure] = useState<string>()
  const form = useForm<Values>({
    initialValues: { url: '', all: true, events: [] },
    validate: {
      url: (url) =>
        /^https?:\/\/\S+$/i.test(url.trim())
          ? null
          : 'Enter a web address starting with http:// or https://.',
      events: (events, { all }) =>
        all || events.length > 0 ? null : 'Choose at least one event type.',
    },
  })
  const submit = form.onSubmit(({ url, all, events }) => {
    setFailure(undefined)
    create.mutate(
      { url: url.trim(), events: all ? [ALL_EVENTS] : events },
      {
        onSuccess: props.onCreated,
        onError: (error) => {
          const fields = (error instanceof ApiError && error.fields) || {}
          if (fields.url || fields.events) form.setErrors(fields)
          else setFailure(error.message)
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="URL"
          placeholder="https://example.com/hooks/rapport"
          required
          data-autofocus
          {...form.getInputProps('url')}
        />
        <Switch label="All events" {...form.getInputProps('all', { type: 'checkbox' })} />
        <MultiSelect
          label="Events"
          data={WEBHOOK_EVENT_TYPES.filter((type) => type !== 'ping')}
          disabled={form.values.all}
          searchable
          {...form.getInputProps('events')}
        />
        {failure !== undefined && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
      <DialogActions
        onCancel={props.onCancel}
        action={{ label: 'Add webhook', busyLabel: 'Adding...', busy: create.isPending }}
      />
    </form>
  )
}
