import type { Surcussale, SurcussaleInput } from '@borlette/shared/contracts/surcussales';
import { surcussaleInput } from '@borlette/shared/contracts/surcussales';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/use-session';
import {
  companyCountry,
  type SurcussaleValues,
  useCities,
  useCreateSurcussale,
  useSupervisorOptions,
  useSurcussale,
  useUpdateSurcussale,
} from '../api/surcussales';
import { SurcussaleFormFields } from '../components/surcussale-form-fields';

const EMPTY: SurcussaleInput = { name: '', address: '', phone: '', city_id: null, supervisors: [] };

function toValues(s: Surcussale): SurcussaleInput {
  return {
    name: s.name,
    address: s.address ?? '',
    phone: s.phone ?? '',
    city_id: s.city_id,
    supervisors: s.supervisors.map((x) => x.id),
  };
}

/**
 * /dashboard/surcussale/new and /dashboard/surcussale/:surcussaleId/edit. City and supervisors come
 * from other features' endpoints; while those are missing the fields are hidden, and on edit the
 * record's current values are sent back unchanged.
 */
export default function SurcussaleFormPage() {
  const { surcussaleId } = useParams();
  // One route component serves both paths: a fresh form for each record.
  return <SurcussaleForm key={surcussaleId ?? 'new'} surcussaleId={surcussaleId} />;
}

function SurcussaleForm({ surcussaleId }: { surcussaleId: string | undefined }) {
  const { t } = useTranslation(['surcussales', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = surcussaleId !== undefined;
  const id = parseRouteId(surcussaleId);

  const record = useSurcussale(editing ? id : null);
  const cities = useCities(companyCountry(user));
  const supervisors = useSupervisorOptions();
  const create = useCreateSurcussale();
  const update = useUpdateSurcussale();

  const methods = useForm<SurcussaleInput, unknown, SurcussaleValues>({
    resolver: zodResolver(surcussaleInput),
    defaultValues: EMPTY,
    // The loaded record fills the form (fields already typed in are kept if it refreshes).
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.surcussale.list;
  const title = t(editing ? 'nav:surcussales_edit' : 'nav:surcussales_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:surcussales'), to: list },
    { label: editing ? (record.data?.name ?? title) : t('nav:surcussales_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: SurcussaleValues) => {
    if (editing && id !== null) await update.mutateAsync({ ...values, id });
    else await create.mutateAsync(values);
    navigate(list);
  };

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={editing && record.isPending}
      blocked={blocked}
      submitText={editing ? undefined : t('create')}
    >
      <SurcussaleFormFields
        cities={{ options: cities.isError ? null : cities.data }}
        supervisors={{ options: supervisors.isError ? null : supervisors.data }}
      />
    </FormPage>
  );
}
