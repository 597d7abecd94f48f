import {
  PRIME_FIELDS,
  type PrimeConf,
  type PrimeField,
  type PrimeType,
  primeEndpoints,
} from '@borlette/shared/contracts/primes';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { PermissionDenied } from '../../../components/permission-denied';
import { paths } from '../../../config/paths';
import { can, companyChosen, displayName } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { usePrimeConf, usePrimeGeneral, useSavePrimeConf } from '../api/primes';
import { ConfTarget } from '../components/conf-target';
import { PrimeExample } from '../components/prime-example';
import { PrimeFields } from '../components/prime-fields';
import {
  confToInput,
  EMPTY_CONF,
  makeConfSchema,
  type PrimeConfFormValues,
  type PrimeConfInput,
} from '../components/prime-schema';
import { usePrimeMessages } from '../components/use-general-form';
import { typedMultiplier } from '../example';
import { mayOpen, primeTypeOf } from '../type-param';

/** /dashboard/tirage/configuration/:type/new and …/:configurationId/edit. */
export default function PrimeConfFormPage() {
  const { type: raw, configurationId } = useParams();
  const user = useUser();
  const type = primeTypeOf(raw);
  if (!type) return <Navigate to={paths.page404} replace />;
  if (!mayOpen(user, type, configurationId === undefined ? 'add' : 'change'))
    return <PermissionDenied name={displayName(user)} />;
  return <ConfForm key={`${type}-${configurationId ?? 'new'}`} type={type} rawId={configurationId} />;
}

/** The example with the level's own values, the general ones where it inherits. */
function Example({ general, currency }: { general: ReturnType<typeof usePrimeGeneral>['data']; currency: string }) {
  const { control } = useFormContext<PrimeConfInput>();
  const values = useWatch({ control });
  const primes = Object.fromEntries(
    PRIME_FIELDS.map((f) => [f, typedMultiplier(values[f]) ?? general?.[f] ?? null]),
  ) as Record<PrimeField, number | null>;
  return (
    <PrimeExample
      primes={primes}
      cumulative={general?.bolet_cumulative ?? null}
      freeMariage={general?.free_mariage_amount ?? null}
      currency={currency}
    />
  );
}

function ConfForm({ type, rawId }: { type: PrimeType; rawId: string | undefined }) {
  const { t } = useTranslation(['primes', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = rawId !== undefined;
  const id = parseRouteId(rawId);
  const record = usePrimeConf(type, editing ? id : null);
  // The inherited values shown as placeholders (absent without view_tauxtirage: « hérite »).
  const general = usePrimeGeneral(companyChosen(user) && can(user, primeEndpoints.general));
  const save = useSavePrimeConf(type);
  const messages = usePrimeMessages();
  const targetMessage = editing ? null : t(`conf.targetRequired.${type}`);
  const schema = useMemo(() => makeConfSchema(messages, targetMessage), [messages, targetMessage]);
  const methods = useForm<PrimeConfInput, unknown, PrimeConfFormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_CONF,
    values: record.data ? confToInput(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.tirage.prime(type);
  const typeLabel = t(`nav:primeTypes.${type}`);
  const title = t(editing ? 'nav:prime_type_edit' : 'nav:prime_type_new', { type: typeLabel });
  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('conf.notFound'), backToList: t('backToList') },
  });

  const onSubmit = async ({ target_id, ...values }: PrimeConfFormValues) => {
    if (editing && id !== null) await save.mutateAsync({ ...values, id });
    else await save.mutateAsync({ ...values, target_id: target_id ?? undefined });
    navigate(list);
  };

  return (
    <FormPage
      title={title}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:prime_type', { type: typeLabel }), to: list },
        { label: editing ? (record.data?.target_name ?? title) : title },
      ]}
      methods={methods}
      fieldNames={['target_id', ...PRIME_FIELDS]}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={editing && record.isPending}
      blocked={blocked}
      submitText={editing ? undefined : t('conf.create')}
    >
      <Box sx={{ maxWidth: { md: 420 } }}>
        <ConfTarget type={type} record={record.data as PrimeConf | undefined} />
      </Box>
      <Alert severity="info" variant="outlined">
        {t(`conf.formHelp.${type}`)}
      </Alert>
      <PrimeFields<PrimeConfInput> optional inherited={general.data ?? null} />
      <Example general={general.data} currency={user.company?.currency ?? 'HTG'} />
    </FormPage>
  );
}
