import type { GeneratedAgent } from '@borlette/shared/contracts/generate-agent';
import { GENERATE_AGENT_MAX } from '@borlette/shared/contracts/generate-agent';
import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { LoadingField } from '../../../components/agent-form-fields';
import { FormPage, RHFSelect, RHFSwitch, RHFTextField } from '../../../components/form';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { formatPercent, parsePercent, percentField, renameErrorFields } from '../../../lib/agent-form-schema';
import { useAgentOptions } from '../../../lib/options';
import { useUser } from '../../../lib/session/use-session';
import { useGenerateAgents } from '../api/generate-agent';
import { credentialsCsv, downloadText } from '../components/credentials';
import { GeneratedAgents } from '../components/generated-agents';
import { PrintSheet } from '../components/print-sheet';

const schema = z.object({
  count: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Un nombre entier')
    .refine((v) => Number(v) >= 1 && Number(v) <= GENERATE_AGENT_MAX, `De 1 à ${GENERATE_AGENT_MAX} vendeurs`),
  surcussale_id: z.number({ error: 'La succursale est requise' }).int().positive('La succursale est requise'),
  supervisor_id: z.number().int().positive().nullable(),
  prefix: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^[A-Za-z][A-Za-z0-9._-]{1,19}$/.test(v),
      'De 2 à 20 caractères : une lettre d’abord, puis lettres, chiffres, . _ -',
    ),
  commission_percent: percentField,
  can_cancel: z.boolean(),
});
type Values = z.input<typeof schema>;

const FIELD_NAMES = ['count', 'surcussale_id', 'supervisor_id', 'prefix', 'commission_percent', 'can_cancel'];

/** /dashboard/user/generate-agent: create N agents at once; their passwords are shown once. */
export default function GenerateAgentPage() {
  const [result, setResult] = useState<GeneratedAgent[] | null>(null);
  return result ? <Result agents={result} onAgain={() => setResult(null)} /> : <GenerateForm onDone={setResult} />;
}

function GenerateForm({ onDone }: { onDone: (agents: GeneratedAgent[]) => void }) {
  const { t, i18n } = useTranslation(['generateAgent', 'nav', 'agents', 'components']);
  const options = useAgentOptions();
  const generate = useGenerateAgents();
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      count: '10',
      surcussale_id: null as unknown as number,
      supervisor_id: null,
      prefix: '',
      commission_percent: '',
      can_cancel: true,
    },
    mode: 'onTouched',
  });

  const o = options.data;
  const defaultPrefix = o?.ref_code.toLowerCase().replace(/[^a-z0-9._-]/g, '') ?? '';
  const defaultRate = o ? formatPercent(o.default_commission_bp, i18n.language) : '10 %';
  const count = Number(methods.watch('count')) || 0;

  const onSubmit = async (v: Values) => {
    try {
      const agents = await generate.mutateAsync({
        count: Number(v.count),
        surcussale_id: v.surcussale_id,
        supervisor_id: v.supervisor_id,
        prefix: v.prefix || undefined,
        commission_bp: parsePercent(v.commission_percent),
        can_cancel: v.can_cancel,
      });
      onDone(agents);
    } catch (error) {
      throw renameErrorFields(error, { commission_bp: 'commission_percent' });
    }
  };

  return (
    <FormPage
      title={t('nav:generate_agent')}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:agents'), to: paths.dashboard.agent.list },
        { label: t('nav:generate_agent') },
      ]}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={paths.dashboard.agent.list}
      loading={options.isPending}
      blocked={options.isError ? <Alert severity="error">{options.error.message}</Alert> : undefined}
      fieldNames={FIELD_NAMES}
      submitText={count >= 1 && count <= GENERATE_AGENT_MAX ? t('submit', { count }) : t('submitPlain')}
    >
      <Alert severity="info">{t('intro')}</Alert>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <RHFTextField<Values>
          name="count"
          label={t('fields.count')}
          required
          autoFocus
          helperText={t('fields.countHelp', { max: GENERATE_AGENT_MAX })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        />
        <RHFTextField<Values>
          name="prefix"
          label={t('fields.prefix')}
          placeholder={defaultPrefix}
          helperText={t('fields.prefixHelp', { example: `${defaultPrefix || 'abc'}001` })}
          slotProps={{
            htmlInput: { maxLength: 20, autoCapitalize: 'none', spellCheck: false },
            inputLabel: { shrink: true },
          }}
        />
        {o ? (
          <>
            <RHFSelect<Values>
              name="surcussale_id"
              label={t('agents:fields.surcussale')}
              required
              options={o.surcussales.map((s) => ({ value: s.id, label: s.name }))}
              helperText={o.surcussales.length ? undefined : t('agents:fields.noSurcussale')}
            />
            <RHFSelect<Values>
              name="supervisor_id"
              label={t('agents:fields.supervisor')}
              emptyLabel={t('agents:fields.noSupervisor')}
              options={o.supervisors.map((s) => ({ value: s.id, label: `${s.name} (${s.username})` }))}
            />
          </>
        ) : (
          <>
            <LoadingField label={t('agents:fields.surcussale')} />
            <LoadingField label={t('agents:fields.supervisor')} />
          </>
        )}
        <RHFTextField<Values>
          name="commission_percent"
          label={t('agents:fields.commission')}
          placeholder={defaultRate.replace(' %', '')}
          helperText={t('agents:fields.commissionHelp', { rate: defaultRate })}
          slotProps={{
            htmlInput: { maxLength: 6, inputMode: 'decimal' },
            inputLabel: { shrink: true },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <RHFSwitch<Values>
            name="can_cancel"
            label={t('agents:fields.can_cancel')}
            helperText={t('agents:fields.canCancelHelp')}
          />
        </Box>
      </Box>
      {methods.formState.isSubmitting ? <Alert severity="info">{t('working')}</Alert> : null}
    </FormPage>
  );
}

function Result({ agents, onAgain }: { agents: GeneratedAgent[]; onAgain: () => void }) {
  const { t, i18n } = useTranslation(['generateAgent', 'nav', 'agents']);
  const user = useUser();
  const [saved, setSaved] = useState(false);

  // A block body: recent Chromium's scrollTo returns a Promise, which React would call as a cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  // The passwords exist nowhere else: ask before leaving while they were neither downloaded nor printed.
  useEffect(() => {
    if (saved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saved]);

  const download = () => {
    const csv = credentialsCsv(
      agents,
      {
        username: t('columns.username'),
        password: t('columns.password'),
        first_name: t('agents:fields.first_name'),
        last_name: t('agents:fields.last_name'),
        surcussale: t('agents:fields.surcussale'),
        supervisor: t('agents:fields.supervisor'),
        commission: t('agents:fields.commission'),
        defaultRate: t('defaultRate'),
      },
      (bp) => formatPercent(bp, i18n.language),
    );
    downloadText(csv, `vendeurs-generes-${new Date().toISOString().slice(0, 10)}.csv`);
    setSaved(true);
  };

  const print = () => {
    setSaved(true);
    window.print();
  };

  const again = () => {
    if (!saved && !window.confirm(t('leaveConfirm'))) return;
    onAgain();
  };

  const company = user.company?.companyname ?? user.companyname;
  return (
    <>
      <PageHeader
        title={t('resultTitle', { count: agents.length })}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:agents'), to: paths.dashboard.agent.list },
          { label: t('nav:generate_agent') },
        ]}
      />
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>{t('warningTitle')}</AlertTitle>
        {t('warningText')}
      </Alert>
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          flexWrap: 'wrap',
          mb: 3,
          '& > .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
        }}
      >
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={download}>
          {t('downloadCsv')}
        </Button>
        <Button variant="contained" color="inherit" startIcon={<PrintOutlinedIcon />} onClick={print}>
          {t('print.button')}
        </Button>
        <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
        <Button variant="outlined" color="inherit" startIcon={<GroupAddOutlinedIcon />} onClick={again}>
          {t('again')}
        </Button>
        <Button component={RouterLink} to={paths.dashboard.agent.list} variant="outlined" color="inherit">
          {t('toList')}
        </Button>
      </Box>
      <GeneratedAgents agents={agents} label={t('resultTitle', { count: agents.length })} />
      <PrintSheet agents={agents} company={company} />
    </>
  );
}
