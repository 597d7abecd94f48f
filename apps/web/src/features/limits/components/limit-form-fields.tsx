import type { SaleLimit } from '@borlette/shared/contracts/limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoicePicker } from '../../../components/choice-picker';
import { AmountInput, RHFSelect, RHFTextField } from '../../../components/form';
import { TirageSelect } from '../../../components/tirage-select';
import { useAgentChoices, useTirageChoices } from '../../../lib/choices';
import { formatMoney } from '../../../lib/format';
import { parseAmount } from '../../../lib/money';
import { checkGameNumber, GAME_CODES, GAME_EXAMPLE, type GameCode, isGameCode } from '../games';
import type { LimitKindDef } from '../kinds';
import type { LimitFormInput } from './limit-form-schema';

/** The sentence under the form: what the limit will do, from the values typed. */
function Summary({ k, agentName, currency }: { k: LimitKindDef; agentName: string | null; currency: string }) {
  const { t, i18n } = useTranslation('limits');
  const { control } = useFormContext<LimitFormInput>();
  const [code, number, tirageId, amount] = useWatch({ control, name: ['code', 'number', 'tirage_id', 'max_amount'] });
  const tirages = useTirageChoices();
  if (!isGameCode(code)) return null;
  const centimes = parseAmount(amount ?? '');
  if (centimes === null) return null;
  const checked = k.ball ? checkGameNumber(Number(code) as GameCode, number) : null;
  if (checked && !checked.ok) return null;
  const game = t(`games.${code}`);
  const what = checked?.ok ? t('target.ball', { number: checked.value, game }) : t('target.game', { game });
  const tirage = tirages.data?.find((c) => c.id === Number(tirageId))?.name;
  const draw = tirageId ? t('summary.oneDraw', { name: tirage ?? '…' }) : t('summary.allDraws');
  const who = k.agent ? t('summary.agent', { name: agentName ?? t('summary.theAgent') }) : t('summary.company');
  return (
    <Alert severity="info" variant="outlined">
      {centimes === 0
        ? t('summary.closed', { who, what, draw })
        : t('summary.text', { who, what, draw, amount: formatMoney(centimes, currency, i18n.language) })}
    </Alert>
  );
}

/** Fields of a limit of kind `k` (inside FormPage's FormProvider). */
export function LimitFormFields({
  k,
  currency,
  record,
}: {
  k: LimitKindDef;
  currency: string;
  /** The record being edited (its agent and draw names). */
  record?: SaleLimit;
}) {
  const { t } = useTranslation('limits');
  const { control } = useFormContext<LimitFormInput>();
  const code = useWatch({ control, name: 'code' });
  const game = isGameCode(code) ? (Number(code) as GameCode) : null;
  const initialAgent = record?.agent_id
    ? { id: record.agent_id, name: record.agent_name ?? `#${record.agent_id}` }
    : null;
  const [agentName, setAgentName] = useState(initialAgent?.name ?? null);
  const current = record?.tirage_id
    ? { id: record.tirage_id, name: record.tirage_name ?? `#${record.tirage_id}` }
    : null;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <RHFSelect<LimitFormInput>
        name="code"
        label={t('fields.game')}
        required
        autoFocus={!record}
        options={GAME_CODES.map((c) => ({ value: c, label: t(`games.${c}`) }))}
        helperText={t(k.ball ? 'fields.gameBallHelp' : 'fields.gameHelp')}
      />
      {k.ball ? (
        <RHFTextField<LimitFormInput>
          name="number"
          label={t('fields.number')}
          required
          disabled={!game}
          placeholder={game ? GAME_EXAMPLE[game] : undefined}
          helperText={game ? t(`numberHelp.${game === 40 ? 'mariage' : String(game)}`) : t('numberHelp.pickGame')}
          slotProps={{
            htmlInput: {
              inputMode: game === 40 ? 'text' : 'numeric',
              maxLength: 11,
              autoComplete: 'off',
              sx: { fontFamily: 'monospace', letterSpacing: 2, fontSize: '1.1rem' },
            },
          }}
        />
      ) : null}
      {k.agent ? (
        <ChoicePicker<LimitFormInput>
          name="agent_id"
          label={t('fields.agent')}
          placeholder={t('fields.agentPlaceholder')}
          helperText={t('fields.agentHelp')}
          useChoices={useAgentChoices}
          initial={initialAgent}
          onPick={(c) => setAgentName(c?.name ?? null)}
          required
        />
      ) : null}
      <TirageSelect<LimitFormInput> name="tirage_id" current={current} helperText={t('fields.tirageHelp')} />
      <AmountInput<LimitFormInput>
        name="max_amount"
        label={t('fields.max')}
        currency={currency}
        helperText={t('fields.maxHelp')}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2 }}>
        {game === 40 && k.ball ? <Alert severity="info">{t('mariageOrders')}</Alert> : null}
        <Summary k={k} agentName={agentName} currency={currency} />
      </Box>
    </Box>
  );
}
