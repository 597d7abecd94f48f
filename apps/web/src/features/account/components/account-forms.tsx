import { type AccountInfoInput, type AccountProfile, accountInfoInput } from '@borlette/shared/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RHFImageUpload, RHFTextField, toFormData } from '../../../components/form';
import {
  EMPTY_OWN_PASSWORD,
  OWN_PASSWORD_FIELDS,
  OwnPasswordFields,
  useOwnPasswordForm,
} from '../../../components/own-password-fields';
import { useChangeOwnPassword, useUpdateAccount } from '../api/account';
import { AccountFormCard } from './account-form-card';

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/* ---- Names, phone, email (change_user_info) ---- */

type InfoValues = z.output<typeof accountInfoInput>;
const INFO_FIELDS = ['first_name', 'last_name', 'phone', 'email'] as const;

export function InfoForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('account');
  const update = useUpdateAccount(profile.role, 'info');
  const current: AccountInfoInput = {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? '',
    email: profile.email ?? '',
  };
  const methods = useForm<AccountInfoInput, unknown, InfoValues>({
    resolver: zodResolver(accountInfoInput),
    defaultValues: current,
    values: current,
    mode: 'onTouched',
  });
  return (
    <AccountFormCard
      title={t('info.title')}
      subheader={t('info.subtitle')}
      methods={methods}
      fieldNames={INFO_FIELDS}
      // Empty phone / email are sent as '' so that the server clears them.
      onSubmit={(values) => update.mutateAsync(toFormData(values, { nullAsEmpty: true }))}
    >
      <Box sx={grid}>
        <RHFTextField<AccountInfoInput>
          name="first_name"
          label={t('firstName')}
          required
          autoComplete="given-name"
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <RHFTextField<AccountInfoInput>
          name="last_name"
          label={t('lastName')}
          required
          autoComplete="family-name"
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <RHFTextField<AccountInfoInput>
          name="phone"
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+509 3700 0000"
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <RHFTextField<AccountInfoInput>
          name="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: 150 } }}
        />
      </Box>
    </AccountFormCard>
  );
}

/* ---- Photo and company logo (change_logo; the logo for the company admin only) ---- */

const imagesSchema = z.object({
  photo: z.union([z.instanceof(File), z.string(), z.null()]),
  logo: z.union([z.instanceof(File), z.string(), z.null()]),
});
type ImagesValues = z.infer<typeof imagesSchema>;

export function ImagesForm({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation('account');
  const update = useUpdateAccount(profile.role, 'images');
  const withLogo = profile.role === 'company';
  const current: ImagesValues = { photo: profile.photo, logo: profile.company?.logo ?? null };
  const methods = useForm<ImagesValues>({
    resolver: zodResolver(imagesSchema),
    defaultValues: current,
    values: current,
  });
  const onSubmit = (v: ImagesValues) => {
    const form = new FormData();
    if (v.photo instanceof File) form.append('photo', v.photo, v.photo.name);
    else if (v.photo === null && profile.photo) form.append('remove_photo', 'true');
    if (withLogo) {
      if (v.logo instanceof File) form.append('logo', v.logo, v.logo.name);
      else if (v.logo === null && profile.company?.logo) form.append('remove_logo', 'true');
    }
    return update.mutateAsync(form);
  };
  return (
    <AccountFormCard
      title={t(withLogo ? 'images.title' : 'images.titlePhoto')}
      subheader={t('images.subtitle')}
      methods={methods}
      fieldNames={['photo', 'logo']}
      onSubmit={onSubmit}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        <RHFImageUpload<ImagesValues> name="photo" label={t('images.photo')} width={160} />
        {withLogo ? (
          <RHFImageUpload<ImagesValues>
            name="logo"
            label={t('images.logo')}
            helperText={t('images.logoHelp')}
            width={160}
          />
        ) : null}
      </Box>
    </AccountFormCard>
  );
}

/* ---- Password (change_password) ---- */

/**
 * Everyone's own password (no codename needed: the spec's change_password is in effect everyone's),
 * with the current one; posted as JSON to …/user/password. The inputs are shared with the POS.
 */
export function PasswordForm({ role }: { role: string }) {
  const { t } = useTranslation('account');
  const update = useChangeOwnPassword(role);
  const methods = useOwnPasswordForm();
  return (
    <AccountFormCard
      title={t('password.title')}
      subheader={t('password.subtitle')}
      methods={methods}
      fieldNames={OWN_PASSWORD_FIELDS}
      submitText={t('password.submit')}
      onSubmit={async ({ current_password, new_password }) => {
        await update.mutateAsync({ current_password, new_password });
        methods.reset(EMPTY_OWN_PASSWORD);
      }}
    >
      <OwnPasswordFields />
      <Box component="p" sx={{ m: 0, typography: 'caption', color: 'text.secondary' }}>
        {t('password.help')}
      </Box>
    </AccountFormCard>
  );
}
