import { type Country, countryEndpoints } from '@borlette/shared/contracts/countries';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { COUNTRIES_KEY } from '../../../lib/query-keys';
import { useDeleteCountry } from '../api/countries';
import { countryColumns } from '../components/country-columns';

/** /dashboard/user/pays: the countries where companies operate, with their cities. */
export default function CountryListPage() {
  const { t } = useTranslation(['countries', 'nav']);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const remove = useDeleteCountry();
  const canAdd = useCan(countryEndpoints.create);
  const canChange = useCan(countryEndpoints.update);
  const list = paths.dashboard.user.pays;

  const onDelete = async (c: Country) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { name: c.name }),
      message: t(c.companies_count ? 'confirm.deleteUsed' : 'confirm.deleteText', { count: c.companies_count }),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: c.id, name: c.name });
  };

  const rowActions = (c: Country): RowAction[] => [
    {
      key: 'edit',
      label: 'countries:actions.edit',
      icon: <EditOutlinedIcon fontSize="small" />,
      onClick: () => navigate(`${list}/${c.id}/edit`),
    },
    {
      key: 'delete',
      label: 'countries:actions.delete',
      icon: <DeleteOutlinedIcon fontSize="small" />,
      color: 'error',
      onClick: () => void onDelete(c),
    },
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={`${list}/new`} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:pays')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:pays') }]}
        action={addButton}
      />
      <DataTable<Country>
        queryKey={COUNTRIES_KEY}
        endpoint={countryEndpoints.list}
        columns={countryColumns}
        rowKey={(c) => c.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(c) => t('rowActions', { name: c.name })}
        searchPlaceholder="countries:search"
        defaultSort="name"
        csv
        csvFilename="pays.csv"
        ariaLabel={t('nav:pays')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
    </>
  );
}
