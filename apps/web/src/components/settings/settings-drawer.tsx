import CloseIcon from '@mui/icons-material/Close';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../lib/i18n';
import { PRESET_NAMES, PRESETS } from '../../theme/palette';
import { CodeBadge } from '../code-badge';
import { OptionCard } from './option-card';
import { useSettings } from './settings-context';
import { useFullscreen } from './use-fullscreen';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" component="h3" sx={{ display: 'block', mb: 1.5, color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** docs/spec.md §2 settings drawer: mode, colour, stretch, fullscreen — plus the language. */
export function SettingsDrawer() {
  const { t, i18n } = useTranslation('settings');
  const settings = useSettings();
  const fullscreen = useFullscreen();
  const grid = { display: 'grid', gap: 1.5 } as const;

  return (
    <Drawer
      anchor="right"
      open={settings.drawerOpen}
      onClose={() => settings.setDrawerOpen(false)}
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          'aria-label': t('title'),
          sx: (theme) => ({
            width: 300,
            maxWidth: '100vw',
            bgcolor: alpha(theme.palette.background.default, 0.92),
            backdropFilter: 'blur(20px)',
            boxShadow: `-24px 12px 32px -4px ${alpha(theme.palette.mode === 'light' ? theme.palette.grey[500] : '#000', 0.16)}`,
          }),
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pr: 1, pl: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Tooltip title={t('reset')}>
          <IconButton aria-label={t('reset')} onClick={settings.reset}>
            <Badge color="error" variant="dot" invisible={settings.isDefault}>
              <RestartAltIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t('close')} onClick={() => settings.setDrawerOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />

      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 3.5, overflowY: 'auto' }}>
        <Section title={t('mode')}>
          <Box sx={{ ...grid, gridTemplateColumns: 'repeat(2, 1fr)' }}>
            <OptionCard
              selected={settings.mode === 'light'}
              onClick={() => settings.update({ mode: 'light' })}
              label={t('light')}
            >
              <LightModeOutlinedIcon /> {t('light')}
            </OptionCard>
            <OptionCard
              selected={settings.mode === 'dark'}
              onClick={() => settings.update({ mode: 'dark' })}
              label={t('dark')}
            >
              <DarkModeOutlinedIcon /> {t('dark')}
            </OptionCard>
          </Box>
        </Section>

        <Section title={t('presets')}>
          <Box sx={{ ...grid, gridTemplateColumns: 'repeat(3, 1fr)' }}>
            {PRESET_NAMES.map((name) => (
              <OptionCard
                key={name}
                selected={settings.preset === name}
                onClick={() => settings.update({ preset: name })}
                label={t(`preset.${name}`)}
                height={52}
              >
                <Box
                  component="span"
                  sx={{
                    width: settings.preset === name ? 24 : 12,
                    height: settings.preset === name ? 24 : 12,
                    borderRadius: '50%',
                    bgcolor: PRESETS[name].main,
                    transition: (theme) => theme.transitions.create(['width', 'height']),
                  }}
                />
              </OptionCard>
            ))}
          </Box>
        </Section>

        <Section title={t('layout')}>
          <FormControlLabel
            sx={{ mx: 0, width: 1, justifyContent: 'space-between' }}
            labelPlacement="start"
            label={
              <Box>
                <Typography variant="subtitle2">{t('stretch')}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('stretchHint')}
                </Typography>
              </Box>
            }
            control={
              <Switch checked={settings.stretch} onChange={(_, checked) => settings.update({ stretch: checked })} />
            }
          />
        </Section>

        <Section title={t('language')}>
          <Box sx={{ ...grid, gridTemplateColumns: 'repeat(2, 1fr)' }}>
            {LANGUAGES.map((lang) => (
              <OptionCard
                key={lang.code}
                selected={i18n.resolvedLanguage === lang.code}
                onClick={() => void i18n.changeLanguage(lang.code)}
                label={lang.label}
                height={48}
              >
                <CodeBadge code={lang.code} active={i18n.resolvedLanguage === lang.code} />
                <Box component="span" sx={{ typography: 'body2', fontWeight: 600 }}>
                  {lang.label}
                </Box>
              </OptionCard>
            ))}
          </Box>
        </Section>

        {fullscreen.supported ? (
          <Button
            fullWidth
            size="large"
            color="inherit"
            variant="outlined"
            aria-pressed={fullscreen.active}
            startIcon={fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
            onClick={() => void fullscreen.toggle()}
            sx={{ borderColor: (theme) => alpha(theme.palette.grey[500], 0.32) }}
          >
            {fullscreen.active ? t('exitFullscreen') : t('fullscreen')}
          </Button>
        ) : null}
      </Box>
    </Drawer>
  );
}
