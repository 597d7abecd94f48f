import { infoTirageInput } from '@borlette/shared/contracts/info-tirage';
import { ERROR_CODE } from '@borlette/shared/error-codes';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useConfirm } from '../../../components/confirm-dialog';
import { RHFDateInput } from '../../../components/date-input';
import { FormPage, RHFSelect } from '../../../components/form';
import type { Crumb } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { fBusinessDay } from '../../../lib/format';
import { useTirageOptions } from '../../../lib/options';
import { findResult, INFO_TIRAGE_PATHS, useCreateInfoTirage } from '../api/info-tirage';
import { todayIn } from './period';
import { PickFields } from './pick-fields';

interface CreateForm {
  tirage_id: number | null;
  draw_date: string;
  pick3: string;
  pick4: string;
}
type CreateValues = z.output<typeof infoTirageInput>;

const resolver = zodResolver(infoTirageInput) as unknown as Resolver<CreateForm, unknown, CreateValues>;
const FIELDS = ['tirage_id', 'draw_date', 'pick3', 'pick4'];

/** Enter the result of one of the company's draws for a date (default today). */
export function InfoCreateForm({
  title,
  breadcrumbs,
  timeZone,
  blocked,
}: {
  title: string;
  breadcrumbs: Crumb[];
  timeZone: string;
  blocked?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('infoTirage');
  const navigate = useNavigate();
  const create = useCreateInfoTirage();
  const confirm = useConfirm();
  const tirages = useTirageOptions(!blocked);
  const today = todayIn(timeZone);
  const defaults = useMemo<CreateForm>(() => ({ tirage_id: null, draw_date: today, pick3: '', pick4: '' }), [today]);
  const methods = useForm<CreateForm, unknown, CreateValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });

  const options = (tirages.data ?? []).map((r) => ({
    value: r.id,
    label: r.status === 'blocked' ? t('form.blockedTirage', { name: r.name }) : r.name,
  }));

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      fieldNames={FIELDS}
      onSubmit={async (v) => {
        try {
          await create.mutateAsync(v);
        } catch (error) {
          // Already a result that day: offer to correct it with the numbers typed here.
          const existing = isApiError(error) && error.code === ERROR_CODE.RESULT_EXISTS ? await findResult(v) : null;
          if (!existing) throw error;
          const ok = await confirm({
            title: t('exists.title'),
            message: t('exists.text', {
              name: existing.tirage_name,
              date: fBusinessDay(existing.draw_date, i18n.language),
              pick3: existing.pick3,
              pick4: existing.pick4,
            }),
            confirmText: t('exists.correct'),
          });
          if (!ok) throw error;
          navigate(INFO_TIRAGE_PATHS.edit(existing.id), { state: { pick3: v.pick3, pick4: v.pick4 } });
          return;
        }
        navigate(INFO_TIRAGE_PATHS.list);
      }}
      cancelTo={INFO_TIRAGE_PATHS.list}
      loading={tirages.isPending && !blocked}
      blocked={blocked}
      submitText={t('create')}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <RHFSelect<CreateForm>
          name="tirage_id"
          label={t('fields.tirage')}
          required
          options={options}
          helperText={tirages.isError ? (tirages.error as Error).message : t('form.tirageHelp')}
        />
        <RHFDateInput<CreateForm> name="draw_date" label={t('fields.date')} required max={today} />
      </Box>
      <PickFields<CreateForm> />
    </FormPage>
  );
}
