import { type CalendarEntryView, resultProvidersEndpoints } from '@borlette/shared/contracts/result-providers';
import { sourceLabel } from '@borlette/shared/draw-states';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { calendarQuery } from '../api/result-providers';
import { CalendarDialog } from '../components/calendar-dialog';
import { HolidaysDialog } from '../components/holidays-dialog';
import { ActionsCell, SourcesTable } from '../components/sources-table';
import { daysKeys } from '../lib/labels';

/** /dashboard/result-providers/calendar: each official session's zone, time, days and holidays. */
export default function DrawCalendarPage() {
  const { t, i18n } = useTranslation(['resultProviders', 'nav']);
  const list = useQuery(calendarQuery);
  const canChange = useCan(resultProvidersEndpoints.updateCalendar);
  const [editing, setEditing] = useState<CalendarEntryView | null>(null);
  const [holidaysOf, setHolidaysOf] = useState<number | null>(null);
  const holidayEntry = list.data?.find((e) => e.id === holidaysOf) ?? null;

  return (
    <>
      <SourcesTable
        title={t('nav:result_providers_calendar')}
        subtitle={t('calendar.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:result_providers'), to: paths.dashboard.resultProviders.list },
          { label: t('nav:result_providers_calendar') },
        ]}
        loadError={list.isError}
        columns={[
          t('columns.session'),
          t('columns.time'),
          t('columns.timezone'),
          t('columns.days'),
          t('columns.holidays'),
        ]}
        canChange={canChange}
      >
        {(list.data ?? []).map((e) => (
          <TableRow key={e.id} hover>
            <TableCell>{sourceLabel(e.name, i18n.language)}</TableCell>
            <TableCell>{e.draw_time}</TableCell>
            <TableCell>{e.timezone}</TableCell>
            <TableCell>
              {daysKeys(e.days)
                .map((k) => t(k))
                .join(' ')}
            </TableCell>
            <TableCell>{e.holidays.length ? e.holidays.map((h) => h.day).join(', ') : '—'}</TableCell>
            {canChange ? (
              <ActionsCell
                actions={[
                  {
                    title: t('calendar.edit'),
                    label: t('calendar.editOf', { name: e.name }),
                    icon: <EditCalendarOutlinedIcon fontSize="small" />,
                    onClick: () => setEditing(e),
                  },
                  {
                    title: t('calendar.holidays'),
                    label: t('calendar.holidaysOf', { name: e.name }),
                    icon: <EventBusyOutlinedIcon fontSize="small" />,
                    onClick: () => setHolidaysOf(e.id),
                  },
                ]}
              />
            ) : null}
          </TableRow>
        ))}
      </SourcesTable>
      <CalendarDialog entry={editing} onClose={() => setEditing(null)} />
      <HolidaysDialog entry={holidayEntry} onClose={() => setHolidaysOf(null)} />
    </>
  );
}
