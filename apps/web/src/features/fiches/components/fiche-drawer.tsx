import type { FicheDetail } from '@borlette/shared/contracts/fiches';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { isApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/session/use-session';
import { useFiche } from '../api/fiches';
import { FicheActions } from './fiche-actions';
import { FicheDraws } from './fiche-draws';
import { FicheEvents } from './fiche-events';
import { BlockedBadge, FicheStatusChip } from './fiche-status';
import { FicheSummary, PublicLink } from './fiche-summary';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ px: { xs: 2, sm: 3 }, py: 2.5 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Loading() {
  return (
    <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }} aria-hidden>
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={100} />
    </Box>
  );
}

/** Where the ticket was sold (company setting « localisation à la vente »), with a map link. */
function SaleLocation({ location }: { location: NonNullable<FicheDetail['location']> }) {
  const { t } = useTranslation('fiches');
  const { latitude: lat, longitude: lng, accuracy_m: accuracy } = location;
  const map = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return (
    <Typography variant="body2">
      {lat.toFixed(5)}, {lng.toFixed(5)}
      {accuracy === null ? '' : ` (${t('location.accuracy', { meters: accuracy })})`} ·{' '}
      <Link href={map} target="_blank" rel="noopener noreferrer">
        {t('location.map')}
      </Link>
    </Typography>
  );
}

function Body({ fiche }: { fiche: FicheDetail }) {
  const { t } = useTranslation('fiches');
  return (
    <>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
        <PublicLink refCode={fiche.ref_code} />
      </Box>
      <Section title={t('drawer.summary')}>
        <FicheSummary fiche={fiche} />
      </Section>
      <Divider />
      <Section title={t('drawer.actions')}>
        <FicheActions fiche={fiche} />
      </Section>
      <Divider />
      {fiche.location ? (
        <>
          <Section title={t('drawer.location')}>
            <SaleLocation location={fiche.location} />
          </Section>
          <Divider />
        </>
      ) : null}
      <Section title={t('drawer.draws', { count: fiche.draws.length })}>
        <FicheDraws fiche={fiche} />
      </Section>
      <Divider />
      <Section title={t('drawer.history')}>
        <FicheEvents fiche={fiche} />
      </Section>
    </>
  );
}

/**
 * The ticket's detail, on the right (full screen on phones): number, status, public link, amounts,
 * actions, each draw with its result and lines, and the history of its events.
 */
export function FicheDrawer({ id, number, onClose }: { id: number | null; number?: number; onClose: () => void }) {
  const { t } = useTranslation('fiches');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const query = useFiche(id);
  const fiche = query.data;
  const user = useUser();
  // The drawer keeps showing a ticket while it closes; a stale one of another id is not shown.
  const shown = fiche && fiche.id === id ? fiche : null;

  let content: ReactNode;
  if (shown) content = <Body fiche={shown} />;
  else if (query.isError) {
    const missing = isApiError(query.error) && query.error.statusCode === 404;
    content = (
      <Box sx={{ p: 3 }}>
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void query.refetch()}>
                {t('drawer.retry')}
              </Button>
            )
          }
        >
          {missing ? t('drawer.notFound') : errorMessage(query.error, t('drawer.loadFailed'))}
        </Alert>
      </Box>
    );
  } else content = <Loading />;

  return (
    <Drawer
      anchor="right"
      open={id !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          'aria-modal': true,
          sx: { width: phone ? '100%' : 600, maxWidth: '100%' },
        } as object,
      }}
    >
      <Box
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          bgcolor: 'background.paper',
          borderBottom: `1px solid ${theme.palette.divider}`,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" noWrap>
            {(shown?.number ?? number)
              ? t('drawer.title', { number: shown?.number ?? number })
              : t('drawer.titleLoading')}
          </Typography>
          {shown && user.role === 'superuser' && !user.company ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {shown.company_name}
            </Typography>
          ) : null}
        </Box>
        {shown ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <FicheStatusChip status={shown.status} />
            {shown.blocked ? <BlockedBadge /> : null}
          </Box>
        ) : null}
        <IconButton onClick={onClose} aria-label={t('drawer.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {content}
    </Drawer>
  );
}
