import { describe, expect, it } from 'vitest'
import { addDays, todayIn } from '../../src/shared/calendar'
import type { Task, TaskCounts, TaskList } from '../../src/shared/tasks'
import { createAgentAndLogin } from './helpers/factories'
import { call, useTestApp } from './helpers/test-app'

const s = useTestApp()

// Fourteen hours ahead of UTC, eight (or seven) behind, and a half hour: at any moment of
// the day, midnight falls at a different instant in each.
const ZONES = ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']

/** The wall-clock time in `zone` at `instant`, read as if it were UTC (ms). */
function wallClock(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
}

/** The instant today ends in `zone`: its next local midnight. */
function endOfToday(zone: string, now: number): number {
  const tomorrow = Date.parse(`${addDays(todayIn(zone, new Date(now)), 1)}T00:00:00Z`)
  let guess = tomorrow
  for (let i = 0; i < 3; i++) guess = tomorrow - (wallClock(zone, guess) - guess)
  return guess
}

type Bucket = 'overdue' | 'today' | 'upcoming'
const bucketOf = (due: number, zone: string, now: number): Bucket =>
  due < now ? 'overdue' : due < endOfToday(zone, now) ? 'today' : 'upcoming'

describe('due buckets in a time zone', () => {
  it('splits open tasks at each zone’s own midnight, a minute either side', async () => {
    const agent = await createAgentAndLogin(s.app, s.database)
    const start = Date.now()
    // Each pair lies either side of a midnight at least five minutes away, so that no
    // task changes bucket while the test runs: today's, unless it is closer than that.
    const midnights = ZONES.map((zone) => endOfToday(zone, start + 300_000))
    const dues = midnights.flatMap((midnight) => [midnight - 90_000, midnight + 90_000])
    dues.push(start - 3_600_000)
    const created: Task[] = []
    for (const [i, due] of dues.entries()) {
      const body = { title: `Task ${i}`, due_at: new Date(due).toISOString() }
      const res = await call(s.app, 'POST', '/api/tasks/', { token: agent.access, body })
      created.push(res.json<Task>())
    }
    const undated = await call(s.app, 'POST', '/api/tasks/', {
      token: agent.access,
      body: { title: 'Whenever' },
    })
    const now = Date.now()
    for (const zone of ZONES) {
      const expected: Record<Bucket, number[]> = { overdue: [], today: [], upcoming: [] }
      for (const task of created)
        expected[bucketOf(Date.parse(task.due_at ?? ''), zone, now)].push(task.id)
      for (const bucket of ['overdue', 'today', 'upcoming'] as const) {
        const res = await call(s.app, 'GET', `/api/tasks/?due=${bucket}&tz=${zone}`, {
          token: agent.access,
        })
        const ids = res.json<TaskList>().Tasks.map((t) => t.id)
        expect(
          ids.sort((a, b) => a - b),
          `${bucket} in ${zone}`,
        ).toEqual(expected[bucket])
      }
      const counts = await call(s.app, 'GET', `/api/tasks/counts/?tz=${zone}`, {
        token: agent.access,
      })
      expect(counts.json<TaskCounts>(), zone).toEqual({
        open: created.length + 1,
        overdue: expected.overdue.length,
        today: expected.today.length,
        upcoming: expected.upcoming.length,
        none: 1,
        done: 0,
      })
    }
    // Each zone's own pair lies either side of its midnight: one today, one upcoming
    // (both upcoming when the test began within five minutes of that zone's midnight).
    ZONES.forEach((zone, i) => {
      const [before, after] = [created[2 * i], created[2 * i + 1]]
      const tonight = midnights[i] === endOfToday(zone, now)
      expect(bucketOf(Date.parse(before?.due_at ?? ''), zone, now)).toBe(
        tonight ? 'today' : 'upcoming',
      )
      expect(bucketOf(Date.parse(after?.due_at ?? ''), zone, now)).toBe('upcoming')
    })
    const none = await call(s.app, 'GET', '/api/tasks/?due=none', { token: agent.access })
    expect(none.json<TaskList>().Tasks.map((t) => t.id)).toEqual([undated.json<Task>().id])
  })
})
