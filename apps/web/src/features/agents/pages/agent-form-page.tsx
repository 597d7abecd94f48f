import { type AgentInput, agentEndpoints } from '@borlette/shared/contracts/agents';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AgentFormFields } from '../../../components/agent-form-fields';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import {
  type AgentFormValues,
  agentCreateForm,
  agentEditForm,
  agentPayload,
  agentToForm,
  EMPTY_AGENT,
  renameErrorFields,
} from '../../../lib/agent-form-schema';
import { useCan } from '../../../lib/authorization';
import { useAgentOptions } from '../../../lib/options';
import { useAgent, useCreateAgent, useUpdateAgent } from '../api/agents';

const FIELD_NAMES = [
  'first_name',
  'last_name',
  'phone',
  'username',
  'password',
  'surcussale_id',
  'supervisor_id',
  'commission_percent',
  'can_cancel',
  'status',
];

/** /dashboard/agent/new and /dashboard/agent/:agentId/edit */
export default function AgentFormPage() {
  const { agentId } = useParams();
  return <AgentForm key={agentId ?? 'new'} agentId={agentId} />;
}

function AgentForm({ agentId }: { agentId: string | undefined }) {
  const { t } = useTranslation(['agents', 'nav']);
  const canBlock = useCan(agentEndpoints.block);
  const navigate = useNavigate();
  const editing = agentId !== undefined;
  const id = parseRouteId(agentId);

  const record = useAgent(editing ? id : null);
  const options = useAgentOptions();
  const create = useCreateAgent();
  const update = useUpdateAgent();

  const methods = useForm<AgentFormValues>({
    resolver: zodResolver(editing ? agentEditForm : agentCreateForm),
    defaultValues: EMPTY_AGENT,
    values: record.data ? agentToForm(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.agent.list;
  const title = t(editing ? 'nav:agents_edit' : 'nav:agents_new');
  const recordName = record.data ? `${record.data.first_name} ${record.data.last_name}`.trim() : title;
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:agents'), to: list },
    { label: editing ? recordName : t('nav:agents_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    otherError: options.isError ? options.error : null,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: AgentFormValues) => {
    try {
      if (editing && id !== null && record.data) {
        await update.mutateAsync({ ...agentPayload(values, record.data.status), id });
      } else {
        await create.mutateAsync(agentPayload(values) as AgentInput);
      }
    } catch (error) {
      throw renameErrorFields(error, { commission_bp: 'commission_percent' });
    }
    navigate(list);
  };

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={(editing && record.isPending) || options.isPending}
      blocked={blocked}
      fieldNames={FIELD_NAMES}
      submitText={editing ? undefined : t('create')}
    >
      <AgentFormFields
        creating={!editing}
        options={options.data}
        status={editing && record.data ? { current: record.data.status, canBlock } : undefined}
      />
    </FormPage>
  );
}
