import type { FicheDetail } from '@borlette/shared/contracts/fiches';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { todayIn } from '../../../lib/day-range';
import { fDateTime, fDay } from '../../../lib/format';
import { isExpired, lastActor, publicPath } from '../lib/fiche-status';

/** The receipt's public page (/fiche-view/{ref_code}): open it, or copy its address. */
export function PublicLink({ refCode }: { refCode: string }) {
  const { t } = useTranslation('fiches');
  const { enqueueSnackbar } = useSnackbar();
  const path = publicPath(refCode);
  const href = `${window.location.origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      enqueueSnackbar(t('drawer.linkCopied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('drawer.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 1.5, pr: 0.5, py: 0.5, bgcolor: 'background.neutral' }}
    >
      <QrCode2Icon fontSize="small" sx={{ color: 'text.secondary' }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.2 }}>
          {t('drawer.publicLink')}
        </Typography>
        <Typography variant="body2" noWrap title={href} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
          {path}
        </Typography>
      </Box>
      <Tooltip title={t('drawer.copyLink')}>
        <IconButton onClick={() => void copy()} aria-label={t('drawer.copyLink')} size="small">
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('drawer.openLink')}>
        <IconButton
          component="a"
          href={path}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('drawer.openLink')}
          size="small"
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children ?? '—'}
      </Typography>
    </Box>
  );
}

/** Who sold it and when, the amounts, the payment and its deadline. */
export function FicheSummary({ fiche }: { fiche: FicheDetail }) {
  const { t, i18n } = useTranslation('fiches');
  const o = { timeZone: fiche.timezone, language: i18n.language };
  const cur = fiche.currency;
  const expired = isExpired(fiche, todayIn(fiche.timezone));
  const payable = fiche.win_amount > 0 && !fiche.paid_at && fiche.status === 'gagnant';
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Item label={t('drawer.soldAt')}>{fDateTime(fiche.sold_at, o)}</Item>
      <Item label={t('drawer.agent')}>
        {fiche.agent_name}
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {fiche.agent_username}
        </Typography>
      </Item>
      <Item label={t('drawer.surcussale')}>{fiche.surcussale_name}</Item>
      <Item label={t('drawer.amount')}>
        <Money centimes={fiche.amount} currency={cur} strong />
      </Item>
      <Item label={t('drawer.commission')}>
        <Money centimes={fiche.commission_amount} currency={cur} />
      </Item>
      <Item label={t('drawer.win')}>
        <Box component="span" sx={{ color: fiche.win_amount > 0 ? 'success.main' : undefined }}>
          <Money centimes={fiche.win_amount} currency={cur} strong />
        </Box>
      </Item>
      <Item label={t('drawer.paid')}>
        {fiche.paid_at ? (
          <>
            <Money centimes={fiche.paid_amount} currency={cur} strong />
            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {fDateTime(fiche.paid_at, o)}
              {lastActor(fiche.events, 'pay') ? ` · ${lastActor(fiche.events, 'pay')}` : ''}
            </Typography>
          </>
        ) : (
          t('drawer.notPaid')
        )}
      </Item>
      <Item label={t('drawer.expiresOn')}>
        <Box component="span" sx={{ color: expired && payable ? 'error.main' : undefined }}>
          {fDay(fiche.expires_on, i18n.language)}
          {expired && payable ? ` · ${t('drawer.expired')}` : ''}
        </Box>
      </Item>
      <Item label={t('drawer.printCount')}>{fiche.print_count}</Item>
      {fiche.status_reason ? (
        <Item label={t('drawer.reason')} wide>
          {t('drawer.quoted', { reason: fiche.status_reason })}
        </Item>
      ) : null}
    </Box>
  );
}
