import { type Tirage, tirageInput } from '@borlette/shared/contracts/tirages';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { useDrawSources } from '../../../lib/options';
import { TIRAGE_PATHS, type TirageValues, useCreateTirage, useTirage, useUpdateTirage } from '../api/tirages';
import { type TirageForm, TirageFormFields } from '../components/tirage-form-fields';

const FIELDS = ['name', 'source_id', 'days', 'open_time', 'close_time', 'mode'];

const EMPTY: TirageForm = {
  name: '',
  source_id: null,
  days: [0, 1, 2, 3, 4, 5, 6],
  open_time: '00:00',
  close_time: '',
  mode: 'auto',
};

/** The contract's schema (its input types are loose: coerced fields) on the form's own types. */
const resolver = zodResolver(tirageInput) as unknown as Resolver<TirageForm, unknown, TirageValues>;

function toValues(r: Tirage): TirageForm {
  return {
    name: r.name,
    source_id: r.source_id,
    days: [...r.days],
    open_time: r.open_time,
    close_time: r.close_time,
    mode: r.mode,
  };
}

/** /dashboard/tirage/new and /dashboard/tirage/:tirageId/edit. */
export default function TirageFormPage() {
  const { tirageId } = useParams();
  // One route component serves both paths: a fresh form for each record.
  return <TirageFormScreen key={tirageId ?? 'new'} tirageId={tirageId} />;
}

function TirageFormScreen({ tirageId }: { tirageId: string | undefined }) {
  const { t } = useTranslation(['tirages', 'nav', 'components']);
  const navigate = useNavigate();
  const editing = tirageId !== undefined;
  const id = parseRouteId(tirageId);

  const record = useTirage(editing ? id : null);
  const sources = useDrawSources();
  const create = useCreateTirage();
  const update = useUpdateTirage();

  const methods = useForm<TirageForm, unknown, TirageValues>({
    resolver,
    defaultValues: EMPTY,
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = TIRAGE_PATHS.list;
  const title = t(editing ? 'nav:tirages_edit' : 'nav:tirages_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:tirages'), to: list },
    { label: editing ? (record.data?.name ?? title) : t('nav:tirages_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: TirageValues) => {
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
      fieldNames={FIELDS}
      submitText={editing ? undefined : t('create')}
    >
      {/* Without the sources (an error), the draw can still be saved as the company's own. */}
      <TirageFormFields
        sources={{
          list: sources.data ?? [],
          loading: sources.isPending,
          error: sources.isError ? errorMessage(sources.error, t('components:toast.failed')) : null,
          retry: () => void sources.refetch(),
        }}
      />
    </FormPage>
  );
}
