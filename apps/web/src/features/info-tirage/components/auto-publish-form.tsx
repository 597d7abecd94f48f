import { isoDay } from '@borlette/shared/contracts/engine-common';
import { pick3Field, pick4Field, type TirageAutoInput } from '@borlette/shared/contracts/info-tirage';
import type { DrawSource } from '@borlette/shared/contracts/tirages';
import { zodResolver } from '@hookform/resolvers/zod';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RHFDateInput } from '../../../components/date-input';
import { applyServerErrors } from '../../../components/form';
import { SourcePicker } from '../../../components/source-picker';
import { PickFields } from './pick-fields';

const FIELDS = ['source_id', 'draw_date', 'pick3', 'pick4'];

/**
 * The publication form of the platform: an official session, a date (today by default) and its
 * Pick 3 / Pick 4, with the lots previewed as they are typed.
 */
export function AutoPublishForm({
  sources,
  today,
  onPublish,
}: {
  sources: { list: DrawSource[]; loading: boolean; error: string | null };
  today: string;
  /** Resolves once published; rejects with the server's error (shown on the fields). */
  onPublish: (v: TirageAutoInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('infoTirage');
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        source_id: z.number({ error: t('auto.sourceRequired') }).int(),
        draw_date: isoDay('La date du tirage'),
        pick3: pick3Field,
        pick4: pick4Field,
      }),
    [t],
  );
  type Form = { source_id: number | null; draw_date: string; pick3: string; pick4: string };
  const methods = useForm<Form, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema) as unknown as Resolver<Form, unknown, z.output<typeof schema>>,
    defaultValues: { source_id: null, draw_date: today, pick3: '', pick4: '' },
    mode: 'onTouched',
  });

  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    const source = sources.list.find((s) => s.id === v.source_id);
    if (!source) return;
    try {
      await onPublish({
        state: source.state,
        session: source.session,
        draw_date: v.draw_date,
        pick3: v.pick3,
        pick4: v.pick4,
      });
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, FIELDS));
    }
  });

  return (
    <FormProvider {...methods}>
      <Card component="form" noValidate onSubmit={submit} sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {formError ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          ) : null}
          {sources.error ? <Alert severity="error">{sources.error}</Alert> : null}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <Controller
              control={methods.control}
              name="source_id"
              render={({ field, fieldState }) => (
                <SourcePicker
                  sources={sources.list}
                  loading={sources.loading}
                  value={field.value}
                  onChange={(s) => field.onChange(s?.id ?? null)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                  label={t('auto.source')}
                  placeholder={t('auto.sourcePlaceholder')}
                  helperText={t('auto.sourceHelp')}
                  required
                />
              )}
            />
            <RHFDateInput<Form> name="draw_date" label={t('fields.date')} required max={today} />
          </Box>
          <PickFields<Form> />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PublishIcon />}
              loading={methods.formState.isSubmitting}
              sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
            >
              {t('auto.publish')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </FormProvider>
  );
}
