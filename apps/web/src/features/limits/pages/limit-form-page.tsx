import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/use-session';
import { type LimitValues, useLimit, useSaveLimit } from '../api/limits';
import { LimitFormFields } from '../components/limit-form-fields';
import { EMPTY_LIMIT, type LimitFormInput, limitToInput, makeLimitSchema } from '../components/limit-form-schema';
import { gameDigits } from '../games';
import { kindOfPath, type LimitKindDef } from '../kinds';

/** The new and edit pages of the four limit kinds (the kind comes from the path). */
export default function LimitFormPage() {
  const { pathname } = useLocation();
  const params = useParams();
  const kind = kindOfPath(pathname);
  if (!kind) return <Navigate to={paths.page404} replace />;
  // The route's parameter: typeGameId, typeGameAgentId, typeBouleId or typeBouleAgentId.
  const rawId = Object.entries(params).find(([key]) => key.endsWith('Id'))?.[1];
  return <LimitForm key={`${kind.kind}-${rawId ?? 'new'}`} k={kind} rawId={rawId} />;
}

function LimitForm({ k, rawId }: { k: LimitKindDef; rawId: string | undefined }) {
  const { t } = useTranslation(['limits', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = rawId !== undefined;
  const id = parseRouteId(rawId);
  const record = useLimit(k, editing ? id : null);
  const save = useSaveLimit(k);
  const currency = user.company?.currency ?? 'HTG';

  const schema = useMemo(
    () =>
      makeLimitSchema(k, {
        game: t('errors.game'),
        agent: t('errors.agent'),
        amountRequired: t('errors.amountRequired'),
        amountInvalid: t('errors.amountInvalid'),
        amountNegative: t('errors.amountNegative'),
        amountTooLarge: t('errors.amountTooLarge'),
        number: (problem, code) =>
          problem === 'digits' ? t('errors.digits', { count: gameDigits(code) }) : t(`errors.${problem}`),
      }),
    [k, t],
  );
  const methods = useForm<LimitFormInput, unknown, LimitValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_LIMIT,
    values: record.data ? limitToInput(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = k.path;
  const title = t(`nav:${k.title}_${editing ? 'edit' : 'new'}`);
  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  return (
    <FormPage
      title={title}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t(`nav:${k.title}`), to: list },
        { label: title },
      ]}
      methods={methods}
      fieldNames={['code', 'number', 'agent_id', 'tirage_id', 'max_amount']}
      onSubmit={async (v) => {
        await save.mutateAsync(editing && id !== null ? { ...v, id } : v);
        navigate(list);
      }}
      cancelTo={list}
      loading={editing && record.isPending}
      blocked={blocked}
      submitText={editing ? undefined : t('create')}
    >
      <LimitFormFields k={k} currency={currency} record={record.data} />
    </FormPage>
  );
}
