import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

/** Spec §1/§2: the point-of-sale download card. Honest: the POS arrives with the selling engine. */
export function PosCard() {
  const { t } = useTranslation('layout');
  return (
    <Box sx={{ px: 2, pb: 3, pt: 2 }}>
      <Box
        sx={(theme) => ({
          p: 2.5,
          borderRadius: 2,
          textAlign: 'center',
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          border: `1px dashed ${alpha(theme.palette.primary.main, 0.24)}`,
        })}
      >
        <Box
          sx={(theme) => ({
            width: 48,
            height: 48,
            mx: 'auto',
            mb: 1.5,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'primary.contrastText',
            bgcolor: 'primary.main',
            boxShadow: theme.customShadows.primary,
          })}
        >
          <PhoneAndroidOutlinedIcon aria-hidden="true" />
        </Box>
        <Typography variant="subtitle2" component="p">
          {t('pos.title')}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
          {t('pos.text')}
        </Typography>
        <Button component={RouterLink} to={paths.pos} size="small" variant="contained" fullWidth>
          {t('pos.action')}
        </Button>
      </Box>
    </Box>
  );
}
