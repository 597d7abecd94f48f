import { infoTirageEndpoints as endpoints, type InfoTirage } from '@borlette/shared/contracts/info-tirage';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { DemoResetCard } from '../../../components/demo-reset-card';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { companyChosen as chosen, useCan } from '../../../lib/authorization';
import { DEFAULT_TIME_ZONE, fBusinessDay } from '../../../lib/format';
import { useTirageOptions } from '../../../lib/options';
import { useUser } from '../../../lib/session/use-session';
import {
  INFO_TIRAGE_KEY,
  INFO_TIRAGE_PATHS,
  isPaidTicketsRefusal,
  serverMessage,
  useDeleteInfoTirage,
} from '../api/info-tirage';
import { infoColumns } from '../components/info-columns';
import { usePeriodFilter } from '../components/period-filter';

/** /dashboard/tirage/infotirage: the company's results (« lots gagnants ») and what they settled. */
export default function InfoTirageListPage() {
  const { t, i18n } = useTranslation(['infoTirage', 'nav', 'components']);
  const day = (d: string) => fBusinessDay(d, i18n.language);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteInfoTirage();
  const tirages = useTirageOptions();
  const timeZone = user.company?.timezone ?? DEFAULT_TIME_ZONE;
  const period = usePeriodFilter({ timeZone, days: 7 });

  const companyChosen = chosen(user);
  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);

  const filters = useMemo<DataTableFilter[]>(
    () => [
      {
        key: 'tirage_id',
        label: 'infoTirage:filters.tirage',
        options: (tirages.data ?? []).map((r) => ({ value: String(r.id), text: r.name })),
      },
    ],
    [tirages.data],
  );

  const onWithdraw = async (r: InfoTirage) => {
    const ok = await confirm({
      title: t('confirm.withdrawTitle', { name: r.tirage_name, date: day(r.draw_date) }),
      message: t('confirm.withdrawText'),
      confirmText: t('actions.withdraw'),
      danger: true,
    });
    if (!ok) return;
    let failure: unknown = null;
    try {
      await remove.mutateAsync({ row: r });
      return;
    } catch (error) {
      failure = error;
    }
    if (isPaidTicketsRefusal(failure)) {
      const again = await confirm({
        title: t('paid.title'),
        message: serverMessage(failure, t('paid.withdrawText')),
        confirmText: t('paid.withdrawConfirm'),
        danger: true,
      });
      if (!again) return;
      try {
        await remove.mutateAsync({ row: r, confirm: true });
        return;
      } catch (error) {
        failure = error;
      }
    }
    enqueueSnackbar(errorMessage(failure, t('components:toast.failed')), { variant: 'error', autoHideDuration: 8000 });
  };

  const rowActions = (r: InfoTirage): RowAction[] =>
    canChange
      ? [
          {
            key: 'edit',
            label: 'infoTirage:actions.correct',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(INFO_TIRAGE_PATHS.edit(r.id)),
          },
          {
            key: 'withdraw',
            label: 'infoTirage:actions.withdraw',
            icon: <UndoIcon fontSize="small" />,
            color: 'error',
            onClick: () => void onWithdraw(r),
          },
        ]
      : [];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={INFO_TIRAGE_PATHS.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('title') }]}
        action={addButton}
      />
      {companyChosen ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DemoResetCard />
      <DataTable<InfoTirage>
        queryKey={INFO_TIRAGE_KEY}
        endpoint={endpoints.list}
        columns={infoColumns}
        rowKey={(r) => r.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(r) => t('rowActions', { name: r.tirage_name, date: day(r.draw_date) })}
        filters={filters}
        toolbar={period.fields}
        params={period.params}
        searchPlaceholder="infoTirage:search"
        defaultSort="draw_date"
        defaultOrder="desc"
        csv
        csvFilename="lots-gagnants.csv"
        ariaLabel={t('title')}
        empty={{
          title: t('empty.title'),
          text: t('empty.text', { start: day(period.shown.start), end: day(period.shown.end) }),
          action: addButton,
        }}
      />
    </>
  );
}
