import { supervisorEndpoints } from '@borlette/shared/contracts/supervisors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { supervisorName, useSaveSupervisor, useSupervisor, useSupervisorFormOptions } from '../api/supervisors';
import {
  EMPTY_SUPERVISOR,
  FIELD_NAMES,
  type SupervisorFormOutput,
  type SupervisorFormValues,
  supervisorCreateForm,
  supervisorEditForm,
  supervisorPayload,
  supervisorToForm,
} from '../components/supervisor-form';
import { SupervisorFormFields } from '../components/supervisor-form-fields';

/** /dashboard/supervisor/new and /dashboard/supervisor/:supervisorId/edit */
export default function SupervisorFormPage() {
  const { supervisorId } = useParams();
  return <SupervisorForm key={supervisorId ?? 'new'} supervisorId={supervisorId} />;
}

function SupervisorForm({ supervisorId }: { supervisorId: string | undefined }) {
  const { t } = useTranslation(['supervisors', 'nav']);
  const user = useUser();
  const canBlock = useCan(supervisorEndpoints.block);
  const navigate = useNavigate();
  const editing = supervisorId !== undefined;
  const id = parseRouteId(supervisorId);

  const record = useSupervisor(editing ? id : null);
  const options = useSupervisorFormOptions();
  const save = useSaveSupervisor();

  const methods = useForm<SupervisorFormValues, unknown, SupervisorFormOutput>({
    resolver: zodResolver(editing ? supervisorEditForm : supervisorCreateForm),
    defaultValues: EMPTY_SUPERVISOR,
    values: record.data ? supervisorToForm(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.supervisor.list;
  const title = t(editing ? 'nav:supervisors_edit' : 'nav:supervisors_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:supervisors'), to: list },
    { label: editing ? (record.data ? supervisorName(record.data) : title) : t('nav:supervisors_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    otherError: options.isError ? options.error : null,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: SupervisorFormOutput) => {
    await save.mutateAsync(supervisorPayload(values, editing ? record.data : undefined, user.role !== 'supervisor'));
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
      <SupervisorFormFields
        creating={!editing}
        canRate={user.role !== 'supervisor'}
        options={options.data}
        status={
          editing && record.data
            ? {
                current: record.data.status,
                canBlock: canBlock && record.data.id !== user.id,
              }
            : undefined
        }
      />
    </FormPage>
  );
}
