import { type Message, messageEndpoints } from '@borlette/shared/contracts/messages';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
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
import { MESSAGES_KEY, useDeleteMessage, useToggleMessage } from '../api/messages';
import { messageColumns } from '../components/message-columns';

const filters: DataTableFilter[] = [
  {
    key: 'period',
    label: 'messages:filters.period',
    allLabel: 'components:table.all_female',
    options: [
      { value: 'current', label: 'messages:state.current' },
      { value: 'upcoming', label: 'messages:state.upcoming' },
      { value: 'ended', label: 'messages:state.ended' },
    ],
  },
  {
    key: 'status',
    label: 'messages:filters.status',
    options: [
      { value: 'active', label: 'messages:state.active' },
      { value: 'inactive', label: 'messages:state.inactive' },
    ],
  },
  {
    key: 'audience',
    label: 'messages:filters.audience',
    allLabel: 'components:table.all_female',
    options: [
      { value: 'all', label: 'messages:audience.all' },
      { value: 'surcussale', label: 'messages:audience.surcussale' },
      { value: 'agents', label: 'messages:audience.agents' },
    ],
  },
];

/** /dashboard/user/message-push: the push messages (promotions) shown on the agents' point of sale. */
export default function MessageListPage() {
  const { t } = useTranslation(['messages', 'nav', 'components']);
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toggle = useToggleMessage();
  const remove = useDeleteMessage();

  // The superuser looking at every company ('all') reads only: writes need one company (`can` checks it).
  const canAdd = useCan(messageEndpoints.create);
  const canChange = useCan(messageEndpoints.update);
  const base = paths.dashboard.user.messages;

  const onToggle = async (m: Message) => {
    const off = m.status === 'active';
    const ok = await confirm({
      title: t(off ? 'confirm.deactivateTitle' : 'confirm.activateTitle', { title: m.title }),
      message: t(off ? 'confirm.deactivateText' : 'confirm.activateText'),
      confirmText: t(off ? 'actions.deactivate' : 'actions.activate'),
    });
    if (ok) toggle.mutate(m);
  };

  const onDelete = async (m: Message) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { title: m.title }),
      message: t('confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: m.id, title: m.title });
  };

  const rowActions = (m: Message): RowAction[] =>
    canChange
      ? [
          {
            key: 'edit',
            label: 'messages:actions.edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => navigate(`${base}/${m.id}/edit`),
          },
          m.status === 'active'
            ? {
                key: 'deactivate',
                label: 'messages:actions.deactivate',
                icon: <PauseCircleOutlineIcon fontSize="small" />,
                color: 'warning' as const,
                onClick: () => void onToggle(m),
              }
            : {
                key: 'activate',
                label: 'messages:actions.activate',
                icon: <PlayCircleOutlineIcon fontSize="small" />,
                onClick: () => void onToggle(m),
              },
          {
            key: 'delete',
            label: 'messages:actions.delete',
            icon: <DeleteOutlinedIcon fontSize="small" />,
            color: 'error' as const,
            onClick: () => void onDelete(m),
          },
        ]
      : [];

  const addButton = canAdd ? (
    <Button component={RouterLink} to={`${base}/new`} variant="contained" startIcon={<AddIcon />}>
      {t('new')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('nav:messages')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:messages') }]}
        action={addButton}
      />
      {companyChosen(user) ? null : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('companyRequired')}
        </Alert>
      )}
      <DataTable<Message>
        queryKey={MESSAGES_KEY}
        endpoint={messageEndpoints.list}
        columns={messageColumns}
        rowKey={(m) => m.id}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(m) => t('rowActions', { title: m.title })}
        filters={filters}
        searchPlaceholder="messages:search"
        defaultSort="starts_at"
        defaultOrder="desc"
        csv
        csvFilename="messages.csv"
        ariaLabel={t('nav:messages')}
        empty={{ title: t('empty.title'), text: t('empty.text'), action: addButton }}
      />
    </>
  );
}
