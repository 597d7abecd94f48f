import { type CalendarEntryView, resultProvidersEndpoints } from '@borlette/shared/contracts/result-providers';
import { sourceLabel } from '@borlette/shared/draw-states';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { calendarQuery } from '../api/result-providers';
import { CalendarDialog } from '../components/calendar-dialog';
import { HolidaysDialog } from '../components/holidays-dialog';
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
      <PageHeader
        title={t('nav:result_providers_calendar')}
        subtitle={t('calendar.subtitle')}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:result_providers'), to: paths.dashboard.resultProviders.list },
          { label: t('nav:result_providers_calendar') },
        ]}
      />
      {list.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      <Card>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('nav:result_providers_calendar')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.session')}</TableCell>
                <TableCell>{t('columns.time')}</TableCell>
                <TableCell>{t('columns.timezone')}</TableCell>
                <TableCell>{t('columns.days')}</TableCell>
                <TableCell>{t('columns.holidays')}</TableCell>
                {canChange ? <TableCell align="right">{t('columns.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
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
                    <TableCell align="right">
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        <Tooltip title={t('calendar.edit')}>
                          <IconButton aria-label={t('calendar.editOf', { name: e.name })} onClick={() => setEditing(e)}>
                            <EditCalendarOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('calendar.holidays')}>
                          <IconButton
                            aria-label={t('calendar.holidaysOf', { name: e.name })}
                            onClick={() => setHolidaysOf(e.id)}
                          >
                            <EventBusyOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <CalendarDialog entry={editing} onClose={() => setEditing(null)} />
      <HolidaysDialog entry={holidayEntry} onClose={() => setHolidaysOf(null)} />
    </>
  );
}
