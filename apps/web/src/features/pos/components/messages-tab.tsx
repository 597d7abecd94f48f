import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { fDateTime } from '../../../lib/format';
import { readJson, writeJson } from '../../../lib/storage';
import { usePosConfig, usePosMessages } from '../api/pos-api';

const SEEN_KEY = 'pos.seenMessages';

/** How many messages the agent has not opened yet; opening the tab marks them seen. */
export function useUnreadMessages(agentId: number, viewing: boolean): number {
  const { data } = usePosMessages();
  const [seen, setSeen] = useState<number[]>(() => {
    const stored = readJson<{ agentId?: number; ids?: unknown }>(SEEN_KEY);
    return stored?.agentId === agentId && Array.isArray(stored.ids) ? stored.ids.filter(Number.isInteger) : [];
  });
  const ids = useMemo(() => (data ?? []).map((m) => m.id), [data]);
  useEffect(() => {
    if (!viewing || ids.every((id) => seen.includes(id))) return;
    const next = [...new Set([...seen, ...ids])].slice(-200);
    setSeen(next);
    writeJson(SEEN_KEY, { agentId, ids: next });
  }, [viewing, ids, seen, agentId]);
  return ids.filter((id) => !seen.includes(id)).length;
}

/** « Messages »: what the company publishes for its sellers (promotions, notices). */
export function MessagesTab() {
  const { t, i18n } = useTranslation('pos');
  const messages = usePosMessages();
  const { data: config } = usePosConfig();
  const zone = config?.company.timezone;

  if (messages.isPending)
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label={t('loading')}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  if (messages.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {isApiError(messages.error) && messages.error.statusCode !== 0 ? messages.error.message : t('errors.network')}
      </Alert>
    );
  if (messages.data.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
        <CampaignOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden="true" />
        <Typography sx={{ mt: 1 }}>{t('messages.empty')}</Typography>
      </Box>
    );
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 760 }}>
      {messages.data.map((m) => (
        <Card component="li" key={m.id} sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {m.title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {m.ends_at
              ? t('messages.period', {
                  from: fDateTime(m.starts_at, { timeZone: zone, language: i18n.language }),
                  to: fDateTime(m.ends_at, { timeZone: zone, language: i18n.language }),
                })
              : t('messages.since', { from: fDateTime(m.starts_at, { timeZone: zone, language: i18n.language }) })}
          </Typography>
          {m.image ? (
            <Box
              component="img"
              src={m.image}
              alt=""
              loading="lazy"
              sx={{ display: 'block', width: 1, maxHeight: 240, objectFit: 'cover', borderRadius: 1, mt: 1.5 }}
            />
          ) : null}
          <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Typography>
        </Card>
      ))}
    </Stack>
  );
}
