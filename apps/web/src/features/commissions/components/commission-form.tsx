import type { CommissionSetting } from '@borlette/shared/contracts/commissions';
import { COMMISSION_GAMES, type CommissionGame } from '@borlette/shared/game/commission';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { isApiError } from '../../../lib/api-client';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { type CommissionTarget, useSaveCommissions } from '../api/commissions';
import { bpText, parsePercent, type RateTexts } from './rate-fields';

const textsOf = (s: CommissionSetting) =>
  Object.fromEntries(COMMISSION_GAMES.map((g) => [g, bpText(s.rates[g])])) as RateTexts;

/** One level's five rates (empty: inherited, the rate in force shown under each field). */
export function CommissionForm({
  setting,
  target,
  canChange,
}: {
  setting: CommissionSetting;
  target: CommissionTarget;
  canChange: boolean;
}) {
  const { t, i18n } = useTranslation(['commissions', 'components']);
  const user = useUser();
  const confirm = useConfirm();
  const save = useSaveCommissions(target);
  const [texts, setTexts] = useState<RateTexts>(() => textsOf(setting));
  const [errors, setErrors] = useState<Partial<Record<CommissionGame, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const send = async (next: RateTexts) => {
    const bad: Partial<Record<CommissionGame, string>> = {};
    const rates = {} as Record<CommissionGame, number | null>;
    for (const g of COMMISSION_GAMES) {
      const bp = parsePercent(next[g]);
      if (bp === undefined) bad[g] = t('invalidRate');
      else rates[g] = bp;
    }
    setErrors(bad);
    setFormError(null);
    if (Object.keys(bad).length) return;
    try {
      const saved = await save.mutateAsync(rates);
      setTexts(textsOf(saved));
    } catch (e) {
      if (isApiError(e) && e.fields) setErrors(e.fields as Partial<Record<CommissionGame, string>>);
      setFormError(errorMessage(e, t('saveFailed')));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(texts);
  };

  const inheritAll = async () => {
    const ok = await confirm({
      title: t('inheritAll.title'),
      message: t(`inheritAll.text.${setting.level}`),
      confirmText: t('inheritAll.confirm'),
      danger: true,
    });
    if (ok) await send(Object.fromEntries(COMMISSION_GAMES.map((g) => [g, ''])) as RateTexts);
  };

  return (
    <Card component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 960 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {canChange ? null : <Alert severity="info">{t('readOnly')}</Alert>}
        {formError ? (
          <Alert severity="error" onClose={() => setFormError(null)}>
            {formError}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
          }}
        >
          {COMMISSION_GAMES.map((g) => (
            <TextField
              key={g}
              label={t(`games.${g}`)}
              value={texts[g]}
              disabled={!canChange}
              onChange={(e) => setTexts({ ...texts, [g]: e.target.value })}
              error={Boolean(errors[g])}
              helperText={
                errors[g] ??
                (texts[g] === ''
                  ? t('inherited', { rate: bpText(setting.effective[g]) })
                  : t('inForce', { rate: bpText(setting.effective[g]) }))
              }
              placeholder={bpText(setting.effective[g])}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'aria-label': t(`games.${g}`) },
              }}
            />
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fallback', { rate: bpText(setting.fallback_bp) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
            {setting.updated_at
              ? t('updatedAt', {
                  date: fDateTime(setting.updated_at, { timeZone: user.company?.timezone, language: i18n.language }),
                })
              : t('noOwnRates')}
          </Typography>
          {canChange ? (
            <>
              {setting.updated_at ? (
                <Button color="error" variant="outlined" disabled={save.isPending} onClick={() => void inheritAll()}>
                  {t('inheritAll.button')}
                </Button>
              ) : null}
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('components:form.save')}
              </Button>
            </>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
