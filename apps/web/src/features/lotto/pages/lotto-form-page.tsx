import { LOTTO_MAPPING_CODENAME, type LottoOption, lottoInput } from '@borlette/shared/contracts/lotto';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { hasPermission } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { LOTTO_PATHS, useCreateLotto, useLottoOption, useTakenCodes, useUpdateLotto } from '../api/lotto';
import { type LottoForm, LottoFormFields } from '../components/lotto-form-fields';
import { digitsFor, freeCodes, mappingDigits } from '../components/mapping-rules';

const FIELDS = ['code', 'label', 'mapping', 'enabled'];
const EMPTY: LottoForm = { code: null, label: '', mapping: [], enabled: true };

type Messages = { code: string; digits: (count: number, total: number) => string };

/** The contract's fields, plus the live check that the composition gives the option's digits. */
const makeSchema = (m: Messages) =>
  z
    .object({
      code: z.number({ error: m.code }).int(),
      label: lottoInput.shape.label,
      mapping: lottoInput.shape.mapping,
      enabled: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const need = digitsFor(v.code);
      const total = mappingDigits(v.mapping);
      if (v.mapping.length && total !== need)
        ctx.addIssue({ code: 'custom', path: ['mapping'], message: m.digits(need, total) });
    });
type Values = z.output<ReturnType<typeof makeSchema>>;

const toValues = (o: LottoOption): LottoForm => ({
  code: o.code,
  label: o.label,
  mapping: [...o.mapping],
  enabled: o.enabled,
});

/** /dashboard/borlette/lotto/new and /dashboard/borlette/lotto/:optionId/edit. */
export default function LottoFormPage() {
  const { optionId } = useParams();
  return <LottoFormScreen key={optionId ?? 'new'} optionId={optionId} />;
}

function LottoFormScreen({ optionId }: { optionId: string | undefined }) {
  const { t } = useTranslation(['lotto', 'infoTirage', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = optionId !== undefined;
  const id = parseRouteId(optionId);
  const canMap = hasPermission(user, LOTTO_MAPPING_CODENAME);

  const record = useLottoOption(editing ? id : null);
  const taken = useTakenCodes(!editing);
  const create = useCreateLotto();
  const update = useUpdateLotto();
  const codes = taken.data ? freeCodes(taken.data) : [];

  const schema = useMemo(
    () =>
      makeSchema({
        code: t('form.codeRequired'),
        digits: (count, total) => t('form.digitsError', { need: count, total }),
      }),
    [t],
  );
  const methods = useForm<LottoForm, unknown, Values>({
    resolver: zodResolver(schema) as unknown as Resolver<LottoForm, unknown, Values>,
    defaultValues: EMPTY,
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = LOTTO_PATHS.list;
  const title = t(editing ? 'nav:lotto_edit' : 'nav:lotto_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:lotto'), to: list },
    { label: editing ? (record.data?.label ?? title) : t('nav:lotto_new') },
  ];

  const allTaken = !editing && taken.isSuccess && codes.length === 0;
  const blocked = recordBlock({
    editing,
    id,
    record,
    otherError: taken.isError ? taken.error : undefined,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
    refusal: allTaken ? { severity: 'info', text: t('form.allTaken') } : null,
    refusalFirst: true,
  });

  const onSubmit = async (v: Values) => {
    if (editing && record.data) {
      // Without option_plus the composition is sent back as it was.
      const mapping = canMap ? v.mapping : record.data.mapping;
      await update.mutateAsync({ id: record.data.id, label: v.label, mapping, enabled: v.enabled });
    } else {
      await create.mutateAsync({ code: v.code, label: v.label, mapping: v.mapping, enabled: v.enabled });
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
      loading={editing ? record.isPending : taken.isPending}
      blocked={blocked}
      fieldNames={FIELDS}
      submitText={editing ? undefined : t('create')}
    >
      <LottoFormFields
        codes={editing ? null : codes}
        fixedCode={editing ? (record.data?.code ?? null) : null}
        canMap={canMap}
      />
    </FormPage>
  );
}
