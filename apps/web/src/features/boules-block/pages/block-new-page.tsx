import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormPage, RHFTextField } from '../../../components/form';
import { TirageSelect } from '../../../components/tirage-select';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { BLOCKS_KEY, useCreateBlock } from '../api/boules-block';
import { blockCommon, NOTE_MAX } from '../components/block-schema';
import { NumbersPreview } from '../components/numbers-preview';
import { parseBlockNumbers } from '../numbers';

interface Failure {
  number: string;
  message: string;
}

/**
 * /dashboard/borlette/blocage-boule/new: one or several numbers (« 12 34 56*78 »), one block each,
 * for a draw or all. What the server refuses stays in the field with its reason; the rest is saved.
 */
export default function BlockNewPage() {
  const { t } = useTranslation(['boulesBlock', 'nav']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateBlock();
  const [failures, setFailures] = useState<Failure[]>([]);
  const list = paths.dashboard.borlette.blocageBoule;

  const schema = useMemo(
    () =>
      z.object({
        numbers: z.string().transform((v, ctx) => {
          const parsed = parseBlockNumbers(v);
          const bad = parsed.filter((n) => n.problem === 'format' || n.problem === 'sameBall');
          if (!parsed.length) ctx.addIssue({ code: 'custom', message: t('errors.numbersRequired') });
          else if (bad.length)
            ctx.addIssue({
              code: 'custom',
              message: t('errors.someInvalid', { numbers: bad.map((n) => n.raw).join(', ') }),
            });
          return parsed.flatMap((n) => (n.problem ? [] : [n.value as string]));
        }),
        ...blockCommon(t),
      }),
    [t],
  );
  type Input = z.input<typeof schema>;
  const methods = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { numbers: '', tirage_id: null, note: '' },
    mode: 'onTouched',
  });
  const text = useWatch({ control: methods.control, name: 'numbers' });
  const parsed = useMemo(() => parseBlockNumbers(text ?? ''), [text]);

  const onSubmit = async ({ numbers, tirage_id, note }: z.output<typeof schema>) => {
    setFailures([]);
    const failed: Failure[] = [];
    let saved = 0;
    // One at a time: the server checks each against the existing blocks, in the order typed.
    for (const number of numbers) {
      try {
        await create.mutateAsync({ number, tirage_id, note });
        saved += 1;
      } catch (error) {
        // No connection before anything was saved: the form's own error, nothing to list.
        if (isApiError(error) && error.statusCode === 0 && saved === 0 && !failed.length) throw error;
        failed.push({ number, message: errorMessage(error, t('errors.failed')) });
      }
    }
    if (saved) {
      await client.invalidateQueries({ queryKey: BLOCKS_KEY });
      enqueueSnackbar(t('toast.created', { count: saved }), { variant: 'success' });
    }
    if (!failed.length) {
      navigate(list);
      return;
    }
    setFailures(failed);
    methods.setValue('numbers', failed.map((f) => f.number).join(' '));
    methods.setError(
      'numbers',
      { type: 'server', message: t('errors.someRefused', { count: failed.length }) },
      { shouldFocus: true },
    );
  };

  return (
    <FormPage
      title={t('nav:blocage_boule_new')}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:blocage_boule'), to: list },
        { label: t('nav:blocage_boule_new') },
      ]}
      methods={methods}
      fieldNames={['numbers', 'number', 'tirage_id', 'note']}
      onSubmit={onSubmit}
      cancelTo={list}
      submitText={t('create', { count: Math.max(1, parsed.filter((n) => !n.problem).length) })}
    >
      {failures.length ? (
        <Alert severity="warning">
          <AlertTitle>{t('failures.title', { count: failures.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {failures.map((f) => (
              <li key={f.number}>
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                  {f.number}
                </Box>{' '}
                : {f.message}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Alert severity="info" variant="outlined">
        {t('help')}
      </Alert>
      <RHFTextField<Input>
        name="numbers"
        label={t('fields.numbers')}
        required
        autoFocus
        multiline
        minRows={2}
        placeholder="12 34 56*78 123"
        helperText={t('fields.numbersHelp')}
        slotProps={{
          htmlInput: { autoComplete: 'off', sx: { fontFamily: 'monospace', letterSpacing: 1.5, fontSize: '1.1rem' } },
        }}
      />
      <NumbersPreview parsed={parsed} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TirageSelect<Input> name="tirage_id" helperText={t('fields.tirageHelp')} />
        <RHFTextField<Input>
          name="note"
          label={t('fields.note')}
          helperText={t('fields.noteHelp')}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
      </Box>
    </FormPage>
  );
}
