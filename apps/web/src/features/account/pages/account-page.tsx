import { ROLE_LABELS } from '@borlette/shared/permissions';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { displayName } from '../../../lib/authorization';
import { DEFAULT_TIME_ZONE } from '../../../lib/format-time';
import { companyLabel } from '../../../lib/session/company-label';
import { useUser } from '../../../lib/session/use-session';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="subtitle2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** /dashboard/user/account: the profile, read only for now (editing comes with a later release). */
export default function AccountPage() {
  const { t } = useTranslation(['account', 'common', 'layout']);
  const user = useUser();
  const name = displayName(user);
  const role = t(`common:roles.${user.role}`, { defaultValue: ROLE_LABELS[user.role] });
  const perms = [...user.perms.map((p) => p.codename)].sort();

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('readOnlyNote')}
      </Alert>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Avatar
            src={user.user_photo ?? undefined}
            alt={name}
            sx={{
              width: 96,
              height: 96,
              mx: 'auto',
              mb: 2,
              fontSize: 36,
              fontWeight: 700,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {user.username}
          </Typography>
          <Chip label={role} color="primary" variant="outlined" size="small" />
        </Card>

        <Card>
          <CardHeader title={t('details')} />
          <CardContent>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
            >
              <Field label={t('firstName')} value={user.first_name} />
              <Field label={t('lastName')} value={user.last_name} />
              <Field label={t('username')} value={user.username} />
              <Field label={t('role')} value={role} />
              <Field label={t('company')} value={companyLabel(user, t('layout:allCompanies'))} />
              <Field label={t('timeZone')} value={user.company?.timezone ?? DEFAULT_TIME_ZONE} />
              <Field label={t('currency')} value={user.company?.currency ?? ''} />
              <Field label={t('country')} value={user.select_country_code ?? ''} />
            </Box>
          </CardContent>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <CardContent>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
              {t('permissions', { count: perms.length })}
            </Typography>
            {perms.length ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, maxHeight: 240, overflowY: 'auto' }}>
                {perms.map((codename) => (
                  <Chip
                    key={codename}
                    label={codename}
                    size="small"
                    variant="outlined"
                    sx={{ fontFamily: 'monospace', fontWeight: 500 }}
                  />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('noPermissions')}
              </Typography>
            )}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
