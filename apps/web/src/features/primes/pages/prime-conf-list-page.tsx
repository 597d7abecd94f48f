import { type PrimeConf, type PrimeType, primeConfEndpoints } from '@borlette/shared/contracts/primes';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PermissionDenied } from '../../../components/permission-denied';
import { paths } from '../../../config/paths';
import { can, companyChosen as chosen, displayName } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { confKey, useDeletePrimeConf } from '../api/primes';
import { confColumns } from '../components/conf-columns';
import { Precedence } from '../components/precedence';
import { mayOpen, primeTypeOf } from '../type-param';

/** /dashboard/tirage/configuration/:type (tirage, surcussale, agent): the primes of that level. */
export default function PrimeConfListPage() {
  const { type: raw } = useParams();
  const user = useUser();
  const type = primeTypeOf(raw);
  if (!type) return <Navigate to={paths.page404} replace />;
  if (!mayOpen(user, type, 'view')) return <PermissionDenied name={displayName(user)} />;
  return <ConfList key={type} type={type} />;
}

function ConfList({ type }: { type: PrimeType }) {
  const { t } = useTranslation(['primes', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const remove = useDeletePrimeConf(type);
  const base = paths.dashboard.tirage.prime(type);
  const typeLabel = t(`nav:primeTypes.${type}`);
  const title = t('nav:prime_type', { type: typeLabel });

  const endpoints = primeConfEndpoints[type];
  const companyChosen = chosen(user);
  const canAdd = can(user, endpoints.create);
  const canChange = can(user, endpoints.update);

  const onDelete = async (p: PrimeConf) => {
    const ok = await confirm({
      title: t('conf.confirm.deleteTitle', { name: p.target_name }),
      message: t(`conf.confirm.deleteText.${type}`),
      confirmText: t('conf.delete'),
      danger: true,
    });
    if (ok) remove.mutate(p);
  };

  const rowActions = (p: PrimeConf): RowAction[] => [
    {
      key: 'edit',
      label: 'primes:conf.edit',
      icon: <EditOutlinedIcon fontSize="small" />,
      onClick: () => navigate(`${base}/${p.id}/edit`),
    },
    {
      key: 'delete',
      label: 'primes:conf.delete',
      icon: <DeleteOutlinedIcon fontSize="small" />,
      color: 'error',
      onClick: () => void onDelete(p),
    },
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={`${base}/new`} variant="contained" startIcon={<AddIcon />}>
      {t(`conf.new.${type}`)}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`conf.subtitle.${type}`)}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
        action={addButton}
      />
      <Precedence current={type} />
      {companyChosen ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<PrimeConf>
        queryKey={confKey(type)}
        endpoint={endpoints.list}
        columns={confColumns}
        rowKey={(p) => p.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(p) => t('rowActions', { name: p.target_name })}
        searchPlaceholder={`primes:conf.search.${type}`}
        defaultSort="target_name"
        csv
        csvFilename={`primes-${type}.csv`}
        ariaLabel={title}
        empty={{ title: t(`conf.empty.title.${type}`), text: t(`conf.empty.text.${type}`), action: addButton }}
      />
    </>
  );
}
