import { useState } from 'react'
import { ActionIcon, Badge, Button, Group, Menu, Tabs } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { IconDeviceFloppy, IconDots } from '@tabler/icons-react'
import type { View, ViewScreen } from '#shared/views'
import { viewQueries } from '../api/views'
import { useRole } from '../lib/role'
import { currentUserId } from '../lib/tokens'
import { ConfirmDialog } from './confirm-dialog'
import { ViewDialog } from './view-dialog'
import { useViewWrites } from './view-mutations'

/** A URL query without its page (a view is a list, not a page of it), keys in order. */
function normalize(query: string, drop: string[] = ['page']): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''))
  for (const key of drop) params.delete(key)
  params.sort()
  return params.toString()
}

/**
 * BEYOND.md "Saved views": 'All', then the views as tabs (shared ones badged 'Shared');
 * the open view is the one whose query is the URL's; 'Save view' names the URL's query,
 * and 'View options' renames or deletes the open view for its owner or an Admin.
 */
export function SavedViews({ screen }: { screen: ViewScreen }) {
  const router = useRouter()
  const { pathname, searchStr } = useRouterState({ select: (state) => state.location })
  const { role, canWrite } = useRole()
  const views = useQuery(viewQueries.screen(screen)).data?.Views ?? []
  const writes = useViewWrites()
  const [dialog, setDialog] = useState<'save' | 'rename' | 'delete' | null>(null)
  const current = normalize(searchStr)
  const open = views.find((view) => normalize(view.query) === current)
  // 'All' drops the filters, search and sort, and keeps the layout (the orders board).
  const layout = new URLSearchParams(searchStr).get('view')
  const all = layout ? `view=${layout}` : ''
  const value = open
    ? String(open.id)
    : normalize(searchStr, ['page', 'view']) === ''
      ? 'all'
      : null
  const go = (query: string) => router.history.push(query ? `${pathname}?${query}` : pathname)
  const mine = (view: View) => view.owner.id === currentUserId() || role === 'Admin'
  const close = () => setDialog(null)
  const input = (name: string, shared: boolean, query: string) => ({ name, shared, screen, query })

  return (
    <Group justify="space-between" gap="xs" align="flex-end">
      <Tabs
        value={value}
        onChange={(next) =>
          go(next === 'all' ? all : (views.find((v) => String(v.id) === next)?.query ?? ''))
        }
        style={{ minWidth: 0 }}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {views.map((view) => (
            <Tabs.Tab
              key={view.id}
              value={String(view.id)}
              aria-description={view.shared ? 'Shared with the team' : undefined}
              rightSection={
                view.shared && (
                  <Badge size="xs" variant="light" aria-hidden style={{ flexShrink: 0 }}>
                    Shared
                  </Badge>
                )
              }
            >
              {view.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap={4} wrap="nowrap">
        {open && canWrite && mine(open) && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label="View options">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setDialog('rename')}>Rename</Menu.Item>
              <Menu.Item color="red" onClick={() => setDialog('delete')}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {canWrite && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => setDialog('save')}
          >
            Save view
          </Button>
        )}
      </Group>
      {dialog === 'save' && (
        <ViewDialog
          opened
          onClose={close}
          title="Save view"
          initial={{ name: '', shared: false }}
          mutation={writes.save}
          onSave={({ name, shared }) => writes.save.mutateAsync(input(name, shared, current))}
        />
      )}
      {dialog === 'rename' && open && (
        <ViewDialog
          opened
          onClose={close}
          title="Rename view"
          initial={open}
          mutation={writes.update}
          onSave={({ name, shared }) =>
            writes.update.mutateAsync({ view: open, input: input(name, shared, open.query) })
          }
        />
      )}
      {open && (
        <ConfirmDialog
          opened={dialog === 'delete'}
          onClose={close}
          title="Delete view"
          message={`Delete view "${open.name}"?`}
          error={writes.remove.error?.message}
          action={{
            label: 'Delete',
            busyLabel: 'Deleting...',
            busy: writes.remove.isPending,
            color: 'red',
            onConfirm: () => writes.remove.mutate(open, { onSuccess: () => go(all) }),
          }}
        />
      )}
    </Group>
  )
}
