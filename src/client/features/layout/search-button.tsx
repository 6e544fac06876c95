import { ActionIcon, Popover, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

/** The top bar's search icon: typed text opens the customers list filtered by it. */
export function SearchButton() {
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [text, setText] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setOpened(false)
    const search = text.trim()
    void navigate({ to: '/dashboard/customers', search: search ? { search } : {} })
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Search customers"
          onClick={() => setOpened((o) => !o)}
        >
          <IconSearch size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} role="search">
          <TextInput
            aria-label="Search text"
            placeholder="Search customers..."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
        </form>
      </Popover.Dropdown>
    </Popover>
  )
}
