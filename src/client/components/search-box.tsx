import { useState, type Ref } from 'react'
import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'

interface SearchBoxProps {
  /** The search kept in the URL. */
  value: string
  /** Called 300 ms after typing stops, so the server is not asked on every key. */
  onChange: (value: string) => void
  placeholder: string
  /** The list screen focuses it when `/` is pressed. */
  ref?: Ref<HTMLInputElement>
}

/** The one search box for server-filtered tables. */
export function SearchBox({ value, onChange, placeholder, ref }: SearchBoxProps) {
  const [text, setText] = useState(value)
  const [seen, setSeen] = useState(value)
  const [sent, setSent] = useState(value)
  // A URL change we did not send (the top bar's search, back button) replaces the text;
  // our own debounced value coming back must not, or keys typed since would be lost.
  if (value !== seen) {
    setSeen(value)
    if (value !== sent) setText(value)
  }
  const commit = useDebouncedCallback((next: string) => {
    const trimmed = next.trim()
    setSent(trimmed)
    onChange(trimmed)
  }, 300)

  return (
    <TextInput
      ref={ref}
      type="search"
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value)
        commit(event.currentTarget.value)
      }}
      aria-keyshortcuts="/"
      maw={360}
    />
  )
}
