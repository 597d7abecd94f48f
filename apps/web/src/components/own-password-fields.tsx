import { accountPasswordFields, NEW_PASSWORD_MIN, NEW_PASSWORD_SAME } from '@borlette/shared/contracts/account';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RHFTextField } from './form';

/*
 * One's own password (current, new, confirmation), as « Mon compte » (back office) and the point of
 * sale both ask for it; each posts it to its role's …/user/password. Labels: `components:ownPassword.*`.
 */

/** The confirmation is checked here only (its message is the interface's language). */
const ownPasswordSchema = (mismatch: string) =>
  accountPasswordFields.extend({ confirm_password: z.string() }).superRefine((v, ctx) => {
    if (v.new_password && v.new_password === v.current_password)
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: NEW_PASSWORD_SAME });
    if (v.confirm_password !== v.new_password)
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: mismatch });
  });
export type OwnPasswordValues = z.infer<ReturnType<typeof ownPasswordSchema>>;
export const EMPTY_OWN_PASSWORD: OwnPasswordValues = { current_password: '', new_password: '', confirm_password: '' };
/** The form's inputs: a server `fields` key outside them goes to the form's general message. */
export const OWN_PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

export function useOwnPasswordForm() {
  const { t } = useTranslation('components');
  const schema = useMemo(() => ownPasswordSchema(t('ownPassword.mismatch')), [t]);
  return useForm<OwnPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_OWN_PASSWORD,
    mode: 'onTouched',
  });
}

function PasswordField({
  name,
  label,
  autoComplete,
}: {
  name: keyof OwnPasswordValues;
  label: string;
  autoComplete: string;
}) {
  const { t } = useTranslation('components');
  const [shown, setShown] = useState(false);
  return (
    <RHFTextField<OwnPasswordValues>
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      slotProps={{
        htmlInput: { maxLength: 128 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setShown((s) => !s)}
                aria-label={t(shown ? 'ownPassword.hide' : 'ownPassword.show')}
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The three inputs, inside the caller's FormProvider (its form, its submit, its errors). `stacked`: one
 * column whatever the width (a dialog); otherwise the new one and its confirmation side by side from `sm`.
 */
export function OwnPasswordFields({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation('components');
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: stacked ? '1fr' : { xs: '1fr', sm: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <PasswordField name="current_password" label={t('ownPassword.current')} autoComplete="current-password" />
      </Box>
      <Box>
        <PasswordField name="new_password" label={t('ownPassword.new')} autoComplete="new-password" />
        <Box component="p" sx={{ m: 0, mt: 0.75, ml: 1.75, typography: 'caption', color: 'text.secondary' }}>
          {t('ownPassword.rule', { count: NEW_PASSWORD_MIN })}
        </Box>
      </Box>
      <PasswordField name="confirm_password" label={t('ownPassword.confirm')} autoComplete="new-password" />
    </Box>
  );
}
