import type { TraceEntry } from '@borlette/shared/contracts/traceability';
import { ROLE_LABELS, type Role } from '@borlette/shared/permissions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fDayAt, fTime } from '../../../lib/format';
import { ActionChip, FieldName, Value } from './trace-cells';
import { entityText } from './trace-format';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** Everything an audit entry holds: who, what, when, from where, and the fields before / after. */
export function TraceDetailsDialog({ entry, onClose }: { entry: TraceEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(['traceability', 'common']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const o = entry ? { timeZone: entry.timezone, language: i18n.language } : {};
  return (
    <Dialog open={!!entry} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      {entry ? (
        <>
          <DialogTitle id={titleId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <ActionChip action={entry.action} />
            {entityText(entry, t)}
          </DialogTitle>
          <DialogContent dividers>
            <Box
              component="dl"
              sx={{
                m: 0,
                mb: 3,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
              }}
            >
              <Meta label={t('details.when')}>
                {fDayAt(entry.at, o)} {fTime(entry.at, o)}
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {entry.timezone}
                </Typography>
              </Meta>
              <Meta label={t('details.who')}>
                {entry.name ?? entry.username}
                {entry.name ? (
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {entry.username}
                  </Typography>
                ) : null}
              </Meta>
              <Meta label={t('details.role')}>
                {entry.role
                  ? t(`common:roles.${entry.role}`, { defaultValue: ROLE_LABELS[entry.role as Role] ?? entry.role })
                  : null}
              </Meta>
              {entry.company_name ? <Meta label={t('details.company')}>{entry.company_name}</Meta> : null}
              <Meta label={t('details.ip')}>{entry.ip}</Meta>
              <Meta label={t('details.request')}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {entry.request_id}
                </Box>
              </Meta>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Meta label={t('details.userAgent')}>{entry.user_agent}</Meta>
              </Box>
            </Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('details.changes', { count: entry.changes.length })}
            </Typography>
            {entry.changes.length ? (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" sx={{ minWidth: 420 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ bgcolor: 'background.neutral', fontWeight: 600 }}>
                        {t('details.field')}
                      </TableCell>
                      <TableCell sx={{ bgcolor: 'background.neutral', fontWeight: 600 }}>
                        {t('details.before')}
                      </TableCell>
                      <TableCell sx={{ bgcolor: 'background.neutral', fontWeight: 600 }}>
                        {t('details.after')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {entry.changes.map((c) => (
                      <TableRow key={c.field}>
                        <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          <FieldName field={c.field} />
                        </TableCell>
                        <TableCell sx={{ color: 'text.secondary' }}>
                          <Value value={c.before} field={c.field} max={2000} entry={entry} />
                        </TableCell>
                        <TableCell>
                          <Value value={c.after} field={c.field} max={2000} entry={entry} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('details.noChanges')}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="outlined" color="inherit">
              {t('details.close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
