import { type InfoTirage, infoTirageUpdate, pick3Field, pick4Field } from '@borlette/shared/contracts/info-tirage';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormPage, RHFTextField } from '../../../components/form';
import { LotBalls } from '../../../components/lot-balls';
import type { Crumb } from '../../../components/page-header';
import { fBusinessDay } from '../../../lib/format';
import { INFO_TIRAGE_PATHS, isPaidTicketsRefusal, serverMessage, useUpdateInfoTirage } from '../api/info-tirage';
import { PickFields } from './pick-fields';

const editSchema = z.object({ pick3: pick3Field, pick4: pick4Field, reason: infoTirageUpdate.shape.reason });
type EditForm = z.input<typeof editSchema>;
type EditValues = z.output<typeof editSchema>;

const PICKS = z.object({ pick3: z.string().regex(/^\d{3}$/), pick4: z.string().regex(/^\d{4}$/) });
const typedPicks = (state: unknown) => {
  const parsed = PICKS.safeParse(state);
  return parsed.success ? parsed.data : null;
};

function Current({ r }: { r: InfoTirage }) {
  const { t, i18n } = useTranslation('infoTirage');
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1.5, sm: 3 },
        alignItems: 'center',
        p: 2,
        borderRadius: 1.5,
        border: `1px solid ${theme.palette.divider}`,
      })}
    >
      <Box sx={{ flex: '1 1 200px' }}>
        <Typography variant="subtitle1">{r.tirage_name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {fBusinessDay(r.draw_date, i18n.language)} · {t(`origin.${r.origin}`)}
          {r.version > 1 ? ` · ${t('corrected', { count: r.version - 1 })}` : ''}
        </Typography>
      </Box>
      <Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}>
          {t('form.current', { pick3: r.pick3, pick4: r.pick4 })}
        </Typography>
        <LotBalls lots={r.lots} withLoto3 />
      </Box>
    </Box>
  );
}

/**
 * Correct a result: a new version that re-settles every ticket of the draw. A change to paid tickets
 * is refused (409 PAID_TICKETS) until confirmed: the dialog shows the server's words, then re-sends.
 */
export function InfoEditForm({
  title,
  breadcrumbs,
  record,
  loading,
  blocked,
}: {
  title: string;
  breadcrumbs: Crumb[];
  record: InfoTirage | undefined;
  loading: boolean;
  blocked?: React.ReactNode;
}) {
  const { t } = useTranslation('infoTirage');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const update = useUpdateInfoTirage();
  const typed = typedPicks(useLocation().state);
  const { enqueueSnackbar } = useSnackbar();
  const methods = useForm<EditForm, unknown, EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: { pick3: '', pick4: '', reason: '' },
    // Numbers typed on the entry form (« already a result ») come along in the navigation state.
    values: record
      ? { pick3: typed?.pick3 ?? record.pick3, pick4: typed?.pick4 ?? record.pick4, reason: '' }
      : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const onSubmit = async (v: EditValues) => {
    if (!record) return;
    const body = { id: record.id, pick3: v.pick3, pick4: v.pick4, reason: v.reason || undefined };
    try {
      await update.mutateAsync(body);
    } catch (error) {
      if (!isPaidTicketsRefusal(error)) throw error;
      const ok = await confirm({
        title: t('paid.title'),
        message: serverMessage(error, t('paid.correctText')),
        confirmText: t('paid.correctConfirm'),
        danger: true,
      });
      if (!ok) {
        // Nothing was saved: the form stays as typed.
        enqueueSnackbar(t('paid.cancelled'), { variant: 'info' });
        return;
      }
      await update.mutateAsync({ ...body, confirm: true });
    }
    navigate(INFO_TIRAGE_PATHS.list);
  };

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      fieldNames={['pick3', 'pick4', 'reason']}
      onSubmit={onSubmit}
      cancelTo={INFO_TIRAGE_PATHS.list}
      loading={loading}
      blocked={blocked}
      submitText={t('correct')}
    >
      {record ? <Current r={record} /> : null}
      {record && record.paid > 0 ? (
        <Alert severity="warning">{t('form.paidWarning', { count: record.paid })}</Alert>
      ) : null}
      <PickFields<EditForm> autoFocus />
      <RHFTextField<EditForm>
        name="reason"
        label={t('fields.reason')}
        helperText={t('form.reasonHelp')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormPage>
  );
}
