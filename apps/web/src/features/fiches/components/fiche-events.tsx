import type { FicheDetail } from '@borlette/shared/contracts/fiches';
import { ROLE_LABELS, type Role } from '@borlette/shared/permissions';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { fDateTime, fTime } from '../../../lib/format';
import { toneColors } from '../../../lib/tone';
import { eventAmount, eventReason, eventTone } from '../lib/fiche-status';

/** Every state change of the ticket, oldest first: what, who (and as which role), when, why. */
export function FicheEvents({ fiche }: { fiche: FicheDetail }) {
  const { t, i18n } = useTranslation(['fiches', 'common']);
  if (!fiche.events.length)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('drawer.noEvents')}
      </Typography>
    );
  const o = { timeZone: fiche.timezone, language: i18n.language };
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {fiche.events.map((e, i) => {
        const last = i === fiche.events.length - 1;
        const reason = eventReason(e.details);
        const amount = eventAmount(e.details);
        const role = e.actor_role
          ? t(`common:roles.${e.actor_role}`, { defaultValue: ROLE_LABELS[e.actor_role as Role] ?? e.actor_role })
          : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: events have no id and never reorder
          <Box component="li" key={i} sx={{ display: 'flex', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
              <Box
                sx={(theme) => ({
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: toneColors(theme, eventTone(e.action)).main,
                })}
              />
              {!last ? <Box sx={{ width: 2, flexGrow: 1, my: 0.5, bgcolor: 'divider' }} /> : null}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0, flexGrow: 1 }}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                <Typography variant="subtitle2" component="span">
                  {t(`events.${e.action}`, { defaultValue: e.action })}
                </Typography>
                {amount !== null ? (
                  <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                    <Money centimes={amount} currency={fiche.currency} />
                  </Typography>
                ) : null}
              </Box>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                <Box component="time" dateTime={e.at} title={`${fDateTime(e.at, o)} ${fTime(e.at, o)}`}>
                  {fDateTime(e.at, o)}
                </Box>
                {' · '}
                {e.actor_name ? e.actor_name : t('drawer.system')}
                {role ? ` (${role})` : ''}
              </Typography>
              {reason ? (
                <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', wordBreak: 'break-word' }}>
                  {t('drawer.quoted', { reason })}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
