import { type LottoOption, lottoEndpoints } from '@borlette/shared/contracts/lotto';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { LOTTO_KEY, LOTTO_PATHS, useBlockLotto, useDeleteLotto, useTakenCodes } from '../api/lotto';
import { lottoColumns } from '../components/lotto-columns';
import { allCodesTaken } from '../components/mapping-rules';

const filters: DataTableFilter[] = [
  {
    key: 'game',
    label: 'lotto:filters.game',
    options: [
      { value: 'loto4', label: 'lotto:games.loto4' },
      { value: 'loto5', label: 'lotto:games.loto5' },
    ],
  },
  {
    key: 'status',
    label: 'lotto:filters.status',
    allLabel: 'components:table.all_female',
    options: [
      { value: 'active', label: 'components:status.active_female' },
      { value: 'blocked', label: 'components:status.blocked_female' },
    ],
  },
];

/** /dashboard/borlette/lotto: the loto 4 / loto 5 options and how each number is built. */
export default function LottoListPage() {
  // infoTirage: the example ball's namespace, loaded with the page.
  const { t } = useTranslation(['lotto', 'infoTirage', 'tirages', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const block = useBlockLotto();
  const remove = useDeleteLotto();

  const mayAdd = useCan(lottoEndpoints.create);
  // Each code exists once: with the six options there, "Nouvelle option" would lead to an empty choice.
  const taken = useTakenCodes(mayAdd);
  const canAdd = mayAdd && !(taken.data && allCodesTaken(taken.data));
  const canChange = useCan(lottoEndpoints.update);
  const canBlock = useCan(lottoEndpoints.block);

  const onBlock = async (o: LottoOption) => {
    const blocked = o.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: o.label }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: o.id, blocked });
  };

  const onDelete = async (o: LottoOption) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { name: o.label }),
      message: t('confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: o.id, label: o.label });
  };

  const rowActions = (o: LottoOption): RowAction[] => [
    ...(canChange
      ? [
          {
            key: 'edit',
            label: 'lotto:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(LOTTO_PATHS.edit(o.id)),
          },
        ]
      : []),
    ...(canBlock
      ? [
          o.status === 'blocked'
            ? {
                key: 'unblock',
                label: 'lotto:actions.unblock',
                icon: <LockOpenOutlinedIcon fontSize="small" />,
                onClick: () => void onBlock(o),
              }
            : {
                key: 'block',
                label: 'lotto:actions.block',
                icon: <BlockIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onBlock(o),
              },
        ]
      : []),
    ...(canChange
      ? [
          {
            key: 'delete',
            label: 'lotto:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(o),
          },
        ]
      : []),
  ];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={LOTTO_PATHS.new} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:lotto')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:lotto') }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<LottoOption>
        queryKey={LOTTO_KEY}
        endpoint={lottoEndpoints.list}
        columns={lottoColumns}
        rowKey={(o) => o.id}
        rowActions={canChange || canBlock ? rowActions : undefined}
        rowLabel={(o) => t('rowActions', { name: o.label })}
        filters={filters}
        searchPlaceholder="lotto:search"
        defaultSort="code"
        csv
        csvFilename="lotto.csv"
        ariaLabel={t('nav:lotto')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
    </>
  );
}
