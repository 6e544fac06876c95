import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import { todayIn } from '#shared/days'
import { exportSales, reportQueries } from '../../api/reports'
import { ErrorText } from '../../components/data-table'
import { serverFields } from '../../lib/server-fields'
import { notifyError, notifySuccess } from '../../lib/notify'
import { ChangeCards } from './change-cards'
import { CityChart } from './city-chart'
import { PeriodPicker } from './period-picker'
import { browserZone, periodOf, type ReportSearch } from './periods'
import { RevenueChart } from './revenue-chart'
import { StatusChart } from './status-chart'
import { TopCustomers } from './top-customers'

/** Why the API refused the period, in its words for the field ('from' for a span too long). */
function refusal(error: Error): string {
  const fields = serverFields(error, ['from', 'to', 'tz'])
  return fields.from ?? fields.to ?? fields.tz ?? error.message
}

interface ReportsPageProps {
  search: ReportSearch
  onSearchChange: (search: ReportSearch) => void
}

/** BEYOND.md "Reports": a period, its four cards against the period before, four charts. */
export function ReportsPage({ search, onSearchChange }: ReportsPageProps) {
  const zone = browserZone()
  const period = periodOf(search, todayIn(zone))
  const params = { from: period.from, to: period.to, tz: zone }
  // Another period keeps the last figures on screen until its own arrive.
  const { data: report, error } = useQuery({
    ...reportQueries.sales(params),
    placeholderData: keepPreviousData,
  })
  const download = useMutation({
    mutationFn: () => exportSales(params),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
    onError: (error) => notifyError(error.message),
  })
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Reports
        </Title>
        <Group align="flex-end" gap="sm">
          <PeriodPicker
            choice={period.choice}
            from={period.from}
            to={period.to}
            onChange={onSearchChange}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {download.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </Group>
      </Group>
      {/* A hand-made URL the API refuses (a span over ten years): its reason, not silence. */}
      {error && <ErrorText message={refusal(error)} />}
      <ChangeCards report={report} />
      <RevenueChart report={report} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatusChart report={report} />
        <CityChart report={report} />
      </SimpleGrid>
      <TopCustomers report={report} />
    </Stack>
  )
}
