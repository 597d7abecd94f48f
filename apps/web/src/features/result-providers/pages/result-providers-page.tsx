import { type ResultProvider, resultProvidersEndpoints } from '@borlette/shared/contracts/result-providers';
import { stateLabel } from '@borlette/shared/draw-states';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { providersQuery } from '../api/result-providers';
import { ProviderDialog } from '../components/provider-dialog';
import { ProviderTestDialog } from '../components/provider-test-dialog';
import { ActionsCell, SourcesTable } from '../components/sources-table';
import { urlKind } from '../lib/labels';

/** /dashboard/result-providers: where the official results come from; edit a source, « Tester » it. */
export default function ResultProvidersPage() {
  const { t, i18n } = useTranslation(['resultProviders', 'nav']);
  const list = useQuery(providersQuery);
  const canChange = useCan(resultProvidersEndpoints.update);
  const [editing, setEditing] = useState<ResultProvider | null>(null);
  const [testing, setTesting] = useState<ResultProvider | null>(null);

  return (
    <>
      <SourcesTable
        title={t('nav:result_providers')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:result_providers') }]}
        action={
          <Button component={RouterLink} to={paths.dashboard.resultProviders.calendar} variant="outlined">
            {t('nav:result_providers_calendar')}
          </Button>
        }
        loadError={list.isError}
        columns={[
          t('columns.source'),
          t('columns.address'),
          t('columns.state'),
          t('columns.polling'),
          t('columns.key'),
        ]}
        canChange={canChange}
      >
        {(list.data ?? []).map((p) => (
          <TableRow key={p.code} hover>
            <TableCell>
              <Typography variant="subtitle2">{p.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {p.states.map((s) => stateLabel(s, i18n.language)).join(', ')} · {t(`kinds.${p.kind}`)}
              </Typography>
            </TableCell>
            <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
              {urlKind(p.base_url) === 'http' ? (
                <Typography variant="body2">{p.base_url}</Typography>
              ) : (
                <Chip size="small" variant="outlined" label={t(`url.${urlKind(p.base_url)}`)} />
              )}
            </TableCell>
            <TableCell>
              <Chip
                size="small"
                color={p.enabled ? 'success' : 'default'}
                label={t(p.enabled ? 'enabled' : 'disabled')}
              />
            </TableCell>
            <TableCell>
              {p.kind === 'manual'
                ? t('polling.manual')
                : t('polling.text', { start: p.poll_start_min, every: p.poll_every_min, giveUp: p.give_up_min })}
            </TableCell>
            <TableCell>{p.key_configured === null ? '—' : t(p.key_configured ? 'key.set' : 'key.missing')}</TableCell>
            {canChange ? (
              <ActionsCell
                actions={[
                  {
                    title: t('actions.test'),
                    label: t('actions.testOf', { name: p.name }),
                    icon: <NetworkCheckIcon fontSize="small" />,
                    onClick: () => setTesting(p),
                  },
                  {
                    title: t('actions.edit'),
                    label: t('actions.editOf', { name: p.name }),
                    icon: <EditOutlinedIcon fontSize="small" />,
                    onClick: () => setEditing(p),
                  },
                ]}
              />
            ) : null}
          </TableRow>
        ))}
      </SourcesTable>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('secretsNote')}
      </Typography>
      <ProviderDialog provider={editing} onClose={() => setEditing(null)} />
      <ProviderTestDialog provider={testing} onClose={() => setTesting(null)} />
    </>
  );
}
