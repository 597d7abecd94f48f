import { tirageEndpoints as endpoints, type Tirage } from '@borlette/shared/contracts/tirages';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableFilter } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen as chosen, useCan } from '../../../lib/authorization';
import { TIRAGES_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session/use-session';
import { TIRAGE_PATHS } from '../api/tirages';
import { tirageColumns } from '../components/tirage-columns';
import { useTirageActions } from '../components/use-tirage-actions';

const filters: DataTableFilter[] = [
  {
    key: 'status',
    label: 'tirages:filters.status',
    options: [
      { value: 'active', label: 'components:status.active' },
      { value: 'blocked', label: 'components:status.blocked' },
    ],
  },
  {
    key: 'mode',
    label: 'tirages:filters.mode',
    options: [
      { value: 'auto', label: 'tirages:mode.auto' },
      { value: 'open', label: 'tirages:mode.open' },
      { value: 'closed', label: 'tirages:mode.closed' },
    ],
  },
];

/** /dashboard/tirage/list: the company's draws, whether each sells now, and their last result. */
export default function TirageListPage() {
  // infoTirage: the last result's balls are labelled from it (loaded here, not inside a cell).
  const { t } = useTranslation(['tirages', 'infoTirage', 'nav', 'components']);
  const user = useUser();

  // The superuser looking at every company ('all') reads only: writes need one company.
  const companyChosen = chosen(user);
  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  const canBlock = useCan(endpoints.block);
  const rowActions = useTirageActions({ canChange, canBlock });
  const zone = user.company?.timezone;

  const addButton = canAdd ? (
    <Button component={RouterLink} to={TIRAGE_PATHS.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:tirages')}
        subtitle={zone ? t('subtitle', { zone }) : t('subtitleAll')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:tirages') }]}
        action={addButton}
      />
      {companyChosen ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<Tirage>
        queryKey={TIRAGES_KEY}
        endpoint={endpoints.list}
        columns={tirageColumns}
        rowKey={(r) => r.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(r) => t('rowActions', { name: r.name })}
        filters={filters}
        searchPlaceholder="tirages:search"
        defaultSort="name"
        csv
        csvFilename="tirages.csv"
        ariaLabel={t('nav:tirages')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
    </>
  );
}
