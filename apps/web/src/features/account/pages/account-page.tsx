import { ROLE_LABELS } from '@borlette/shared/permissions';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { displayName, hasPermission } from '../../../lib/authorization';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { heldGroups } from '../../../lib/permission-labels';
import { useUser } from '../../../lib/session/use-session';
import { useAccount } from '../api/account';
import { ImagesForm, InfoForm, PasswordForm } from '../components/account-forms';
import { HeldPermissions } from '../components/held-permissions';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" sx={{ color: 'text.primary', wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * /dashboard/user/account (« Mon compte », hidden for the superuser): the profile card, then one form
 * per part the user may change (information, photo/logo, password), each behind its permission.
 */
export default function AccountPage() {
  const { t } = useTranslation(['account', 'common', 'nav']);
  const user = useUser();
  const account = useAccount(user.role);
  const profile = account.data;
  const name = displayName(user);
  const role = t(`common:roles.${user.role}`, { defaultValue: ROLE_LABELS[user.role] });
  // The superuser's page (reached from its menu) holds its password only: the spec hides « mon compte » for it.
  const own = user.role !== 'superuser';
  const canInfo = own && hasPermission(user, 'change_user_info');
  const canImages = own && hasPermission(user, 'change_logo');
  const groups = useMemo(() => heldGroups(user.perms.map((p) => p.codename)), [user.perms]);
  const permCount = groups.reduce((n, g) => n + g.count, 0);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:account') }]}
      />
      {/* Phones: profile, forms, then the permissions; wider: profile and permissions beside the forms. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
          gridTemplateRows: { md: 'auto 1fr' },
          gridTemplateAreas: { xs: '"profile" "forms" "perms"', md: '"profile forms" "perms forms"' },
        }}
      >
        <Card sx={{ pt: 4, textAlign: 'center', gridArea: 'profile' }}>
          <Avatar
            src={user.user_photo ?? undefined}
            alt={name}
            sx={{
              width: 104,
              height: 104,
              mx: 'auto',
              mb: 2,
              fontSize: 40,
              fontWeight: 700,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              boxShadow: (theme) => `0 0 0 4px ${theme.palette.background.paper}, 0 0 0 6px ${theme.palette.divider}`,
            }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="h6" component="h2" sx={{ px: 2, wordBreak: 'break-word' }}>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            @{user.username}
          </Typography>
          <Chip label={role} color="primary" variant="outlined" size="small" />
          <Divider sx={{ borderStyle: 'dashed', mt: 3 }} />
          <CardContent>
            <Stack spacing={1.5} sx={{ textAlign: 'left' }}>
              <Line icon={<StorefrontOutlinedIcon fontSize="small" />}>
                {user.company?.companyname ?? user.companyname}
              </Line>
              {account.isPending ? (
                <>
                  <Skeleton width="70%" />
                  <Skeleton width="55%" />
                </>
              ) : (
                <>
                  <Line icon={<PhoneOutlinedIcon fontSize="small" />}>{profile?.phone || t('none')}</Line>
                  <Line icon={<EmailOutlinedIcon fontSize="small" />}>{profile?.email || t('none')}</Line>
                </>
              )}
            </Stack>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2, textAlign: 'left' }}>
              {t('timeZoneLine', {
                zone: user.company?.timezone ?? DEFAULT_TIME_ZONE,
                currency: user.company?.currency ?? 'HTG',
              })}
            </Typography>
          </CardContent>
        </Card>

        <Card sx={{ gridArea: 'perms' }}>
          <CardContent>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
              {t('permissions', { count: permCount })}
            </Typography>
            {groups.length ? (
              <HeldPermissions groups={groups} />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('noPermissions')}
              </Typography>
            )}
          </CardContent>
        </Card>

        <Stack spacing={3} sx={{ minWidth: 0, gridArea: 'forms' }}>
          {account.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void account.refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {account.error.message}
            </Alert>
          ) : null}
          {own && !canInfo && !canImages ? <Alert severity="info">{t('readOnlyNote')}</Alert> : null}
          {profile ? (
            <>
              {canInfo ? <InfoForm profile={profile} /> : null}
              {canImages ? <ImagesForm profile={profile} /> : null}
            </>
          ) : account.isPending && (canInfo || canImages) ? (
            <Card sx={{ p: 3 }}>
              <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />
              <Skeleton variant="rounded" height={56} />
            </Card>
          ) : null}
          <PasswordForm role={user.role} />
        </Stack>
      </Box>
    </>
  );
}
