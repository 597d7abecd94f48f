import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { ROLE_LABELS } from '@borlette/shared/permissions';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/authorization';
import { fLongDate } from '../../../lib/format';

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

interface WelcomeCardProps {
  user: CurrentUser;
  companyLabel: string;
  now: Date;
}

/** Welcome card of the home board: name, role, company and today's date in the company's zone. */
export function WelcomeCard({ user, companyLabel, now }: WelcomeCardProps) {
  const { t, i18n } = useTranslation(['home', 'common']);
  const theme = useTheme();
  const timeZone = user.time_zone;
  const { main, dark, lighter } = theme.palette.primary;
  const light = theme.palette.mode === 'light';
  return (
    <Card
      sx={{
        p: { xs: 2.5, md: 3.5 },
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        color: light ? 'primary.darker' : 'common.white',
        background: light
          ? `linear-gradient(135deg, ${alpha(lighter, 0.8)}, ${alpha(main, 0.24)})`
          : `linear-gradient(135deg, ${alpha(main, 0.32)}, ${alpha(dark, 0.48)})`,
        boxShadow: 'none',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1, fontSize: { xs: 22, md: 28 } }}>
          {t('welcome', { name: displayName(user) })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Chip
            size="small"
            label={t(`common:roles.${user.role}`, { defaultValue: ROLE_LABELS[user.role] })}
            sx={{
              bgcolor: light ? 'primary.main' : 'primary.light',
              color: light ? 'primary.contrastText' : 'grey.900',
            }}
          />
          <Typography variant="subtitle2" component="span">
            {companyLabel}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.8 }}>
          {capitalize(fLongDate(now, { timeZone, language: i18n.resolvedLanguage }))}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.72 }}>
          {t('timeZone', { zone: timeZone })}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' }, flexShrink: 0, width: 120 }}>
        <svg viewBox="0 0 160 140" width="100%" aria-hidden="true" focusable="false">
          <circle cx="80" cy="70" r="62" fill={alpha(main, 0.12)} />
          <circle cx="62" cy="62" r="30" fill={main} />
          <circle cx="62" cy="62" r="17" fill="#fff" />
          <text
            x="62"
            y="68"
            textAnchor="middle"
            fontSize="16"
            fontWeight="700"
            fontFamily="Arial, sans-serif"
            fill={dark}
          >
            42
          </text>
          <circle cx="108" cy="92" r="24" fill={theme.palette.warning.main} />
          <circle cx="108" cy="92" r="13" fill="#fff" />
          <text
            x="108"
            y="97"
            textAnchor="middle"
            fontSize="13"
            fontWeight="700"
            fontFamily="Arial, sans-serif"
            fill="#7A4100"
          >
            07
          </text>
        </svg>
      </Box>
    </Card>
  );
}
