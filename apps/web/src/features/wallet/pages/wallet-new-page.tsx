import { MAX_AMOUNT } from '@borlette/shared/contracts/engine-common';
import { walletEndpoints } from '@borlette/shared/contracts/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AmountInput, amountField, FormPage, RHFTextField } from '../../../components/form';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/authorization';
import { todayIn } from '../../../lib/day-range';
import { parseAmount } from '../../../lib/money';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { readUrlState } from '../../../lib/url-state';
import { useAddMovement, useAgentBalance } from '../api/wallet';
import { AgentField } from '../components/agent-field';
import { BalanceBox } from '../components/balance-box';
import { DirectionField, KindField } from '../components/movement-fields';
import { movementEffect } from '../lib/wallet-kinds';

type Messages = Record<
  'required' | 'invalid' | 'positive' | 'tooLarge' | 'agent' | 'direction' | 'reason' | 'noteLong',
  string
>;
const makeSchema = (m: Messages) =>
  z
    .object({
      agent_id: z.number().nullable(),
      kind: z.enum(['deposit', 'withdrawal', 'adjustment']),
      direction: z.enum(['more', 'less']).nullable(),
      amount: amountField(m, { max: MAX_AMOUNT }),
      note: z.string().trim().max(300, m.noteLong),
    })
    .superRefine((v, ctx) => {
      if (!v.agent_id) ctx.addIssue({ code: 'custom', path: ['agent_id'], message: m.agent });
      if (v.kind === 'adjustment' && !v.direction)
        ctx.addIssue({ code: 'custom', path: ['direction'], message: m.direction });
      if (v.kind === 'adjustment' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: m.reason });
    });
type Schema = ReturnType<typeof makeSchema>;
type FormInput = z.input<Schema>;
type FormValues = z.output<Schema>;

const URL_SPEC = {
  agent: { param: 'agent_id', type: 'id' },
  agentLabel: { param: 'agent', type: 'text', with: 'agent' },
} as const;

/**
 * /dashboard/transactions/new (add_wallettransaction): a deposit (the agent hands in cash), a
 * withdrawal (the company gives cash) or an adjustment (direction and reason) for an agent whose
 * balance is shown, and the « Transaction zéro » that brings that balance to 0. Each write carries an
 * idempotency key kept until it succeeded: a retried click never posts twice.
 */
export default function WalletNewPage() {
  const { t } = useTranslation(['wallet', 'nav']);
  const canZero = useCan(walletEndpoints.zero);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const d = useCompanyDisplay();
  const add = useAddMovement();
  const list = paths.dashboard.transactions;
  const fromUrl = readUrlState(params, URL_SPEC);
  const initial = fromUrl.agent ? { id: Number(fromUrl.agent), name: fromUrl.agentLabel || `#${fromUrl.agent}` } : null;
  const [agent, setAgent] = useState(initial);

  const schema = useMemo(
    () =>
      makeSchema({
        required: t('errors.required'),
        invalid: t('errors.invalid'),
        positive: t('errors.positive'),
        tooLarge: t('errors.tooLarge'),
        agent: t('errors.agent'),
        direction: t('errors.direction'),
        reason: t('errors.reason'),
        noteLong: t('errors.noteLong'),
      }),
    [t],
  );
  const methods = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { agent_id: initial?.id ?? null, kind: 'deposit', direction: null, amount: '', note: '' },
    mode: 'onTouched',
  });
  const [kind, direction, amountText] = useWatch({ control: methods.control, name: ['kind', 'direction', 'amount'] });
  const balance = useAgentBalance(agent?.id ?? null, todayIn(d.timeZone));
  const typed = parseAmount(amountText ?? '');
  const effect =
    typed && typed > 0 && (kind !== 'adjustment' || direction)
      ? movementEffect(kind, typed, direction === 'more')
      : null;

  const title = t('nav:transactions_new');
  return (
    <FormPage
      title={title}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:transactions'), to: list },
        { label: title },
      ]}
      methods={methods}
      fieldNames={['agent_id', 'kind', 'direction', 'amount', 'note']}
      onSubmit={async (v) => {
        const entry = await add
          .mutateAsync({
            agent_id: v.agent_id as number,
            kind: v.kind,
            amount: v.amount,
            owes_more: v.kind === 'adjustment' ? v.direction === 'more' : undefined,
            note: v.note || null,
          })
          .catch((error: unknown) => {
            // No answer: it may have been saved. The same key goes with the retry, so it is never twice.
            if (isApiError(error) && error.statusCode === 0) throw new Error(t('errors.network'));
            throw error;
          });
        navigate(`${list}?${new URLSearchParams({ agent_id: String(entry.agent_id), agent: entry.agent_name })}`);
      }}
      cancelTo={list}
      submitText={t('form.submit')}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AgentField initial={initial} onPick={(c) => setAgent(c ? { id: c.id, name: c.name } : null)} />
        {agent ? (
          <BalanceBox
            agent={agent}
            balance={balance.data}
            loading={balance.isPending}
            failed={balance.isError}
            effect={effect}
            canZero={canZero}
          />
        ) : null}
        <KindField />
        {kind === 'adjustment' ? <DirectionField /> : null}
        <Box sx={{ maxWidth: { sm: 360 } }}>
          <AmountInput<FormInput>
            name="amount"
            label={t('form.amount')}
            currency={d.currency}
            helperText={t(`form.amountHelp.${kind}`)}
          />
        </Box>
        <RHFTextField<FormInput>
          name="note"
          label={kind === 'adjustment' ? t('form.reason') : t('form.note')}
          required={kind === 'adjustment'}
          multiline
          minRows={2}
          helperText={kind === 'adjustment' ? t('form.reasonHelp') : t('form.noteHelp')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </Box>
    </FormPage>
  );
}
