import { type Company, companyEndpoints as endpoints } from '@borlette/shared/contracts/companies';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PasswordDialog } from '../../../components/password-dialog';
import { useUnlockSignIn } from '../../../components/unlock-sign-in';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useCountryOptions } from '../../../lib/options';
import { useSelectCompany } from '../../../lib/session/selection';
import { useUser } from '../../../lib/session/use-session';
import { companyKeys, useBlockCompany, useCompanyAdminPassword, useDeleteCompany } from '../api/companies';
import { companyColumns } from '../components/company-columns';
import { mayActOnCompanyAdmin } from '../lib/admin-rule';

const statusFilter: DataTableFilter = {
  key: 'status',
  label: 'companies:filters.status',
  allLabel: 'components:table.all_female',
  options: [
    { value: 'active', label: 'components:status.active_female' },
    { value: 'blocked', label: 'components:status.blocked_female' },
  ],
};

/** /dashboard/company: the companies (tenants) of the platform, in the country chosen in the top bar. */
export default function CompanyListPage() {
  // 'generales' holds the password dialog's strings: loaded with the page, not when the dialog opens.
  const { t } = useTranslation(['companies', 'generales', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const block = useBlockCompany();
  const remove = useDeleteCompany();
  const password = useCompanyAdminPassword();
  const unlockAction = useUnlockSignIn(endpoints.unlock);
  const select = useSelectCompany();
  const [passwordFor, setPasswordFor] = useState<Company | null>(null);

  const canAdd = useCan(endpoints.create);
  const canChange = useCan(endpoints.update);
  // Password, block and delete act on the company's admin account: for whoever holds what it holds.
  const canActOnAdmin = canChange && mayActOnCompanyAdmin(user);
  const list = paths.dashboard.company.list;

  const countries = useCountryOptions();
  const selectedCountry = user.select_country_code;
  const filters = useMemo<DataTableFilter[]>(
    () =>
      // With a country chosen in the top bar, the list already holds only that country.
      selectedCountry || !countries.data?.length
        ? [statusFilter]
        : [
            statusFilter,
            {
              key: 'country',
              label: 'companies:filters.country',
              options: countries.data.map((c) => ({ value: c.name_code, text: c.name })),
            },
          ],
    [selectedCountry, countries.data],
  );
  const selectedName = countries.data?.find((c) => c.name_code === selectedCountry)?.name ?? selectedCountry;

  const onBlock = async (c: Company) => {
    const blocked = c.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: c.name }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: c.id, blocked });
  };

  const onDelete = async (c: Company) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { name: c.name }),
      message: t(c.users_count ? 'confirm.deleteUsed' : 'confirm.deleteText', { count: c.users_count }),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: c.id, name: c.name });
  };

  const onSelect = (c: Company) =>
    select.mutate(c.ref_code, {
      onSuccess: () => enqueueSnackbar(t('toast.selected', { name: c.name }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    });

  const rowActions = (c: Company): RowAction[] => [
    ...(user.select_company !== c.ref_code
      ? [
          {
            key: 'select',
            label: 'companies:actions.select',
            icon: <LoginOutlinedIcon fontSize="small" />,
            onClick: () => onSelect(c),
          },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'companies:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${list}/${c.id}/edit`),
          },
        ]
      : []),
    ...(canChange && (canActOnAdmin || !c.admin_id)
      ? [
          ...(c.admin_id
            ? [
                {
                  key: 'password',
                  label: 'companies:actions.password',
                  icon: <KeyOutlinedIcon fontSize="small" />,
                  onClick: () => setPasswordFor(c),
                },
                unlockAction(c.id, c.admin_username ?? c.name),
              ]
            : []),
          c.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'companies:actions.unblock',
                icon: <LockOpenOutlinedIcon fontSize="small" />,
                onClick: () => void onBlock(c),
              }
            : {
                key: 'block',
                label: 'companies:actions.block',
                icon: <BlockIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(c),
              },
          {
            key: 'delete',
            label: 'companies:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(c),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={paths.dashboard.company.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:companies')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:companies') }]}
        action={addButton}
      />
      {selectedCountry ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('countryFiltered', { name: selectedName })}
        </Alert>
      ) : null}
      <DataTable<Company>
        queryKey={companyKeys.all}
        endpoint={endpoints.list}
        columns={companyColumns}
        rowKey={(c) => c.id}
        rowActions={rowActions}
        rowLabel={(c) => t('rowActions', { name: c.name })}
        filters={filters}
        searchPlaceholder="companies:search"
        defaultSort="name"
        csv
        csvFilename="compagnies.csv"
        ariaLabel={t('nav:companies')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
      <PasswordDialog
        open={!!passwordFor}
        ns="generales"
        title={t('password.title', { name: passwordFor?.name ?? '' })}
        text={t('password.text', { username: passwordFor?.admin_username ?? '' })}
        onClose={() => setPasswordFor(null)}
        onSubmit={(pw) =>
          passwordFor
            ? password.mutateAsync({ id: passwordFor.id, password: pw, name: passwordFor.name })
            : Promise.resolve()
        }
      />
    </>
  );
}
