import type { LoginRequest } from '@borlette/shared/contracts/auth';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { type LoginErrors, type LoginField, prefetchLoginValidation, validateLogin } from './login-validation';

const EMPTY: LoginRequest = { username: '', password: '', remember: false };

/** The shared schema speaks French; these two messages of docs/spec.md §5 are shown in the user's language. */
const MESSAGE_KEYS: Record<string, string> = {
  'Le téléphone est requis': 'validation.usernameRequired',
  'Password is required': 'validation.passwordRequired',
};

/**
 * docs/spec.md §2 login form. Three fields do not justify react-hook-form's 14 kB (gzip) on the app's most
 * visited first screen; the rules are the shared zod schema, loaded lazily (see login-validation).
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login, pending } = useLogin();
  const [values, setValues] = useState<LoginRequest>(EMPTY);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  const message = (raw?: string) => (raw ? (MESSAGE_KEYS[raw] ? t(MESSAGE_KEYS[raw]) : raw) : undefined);

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    prefetchLoginValidation();
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first submit, errors follow the typing (like react-hook-form's reValidateMode).
    if (submitted)
      void validateLogin(next).then(
        (r) => setErrors(r.errors),
        () => undefined,
      );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFailure(null);
    let checked: Awaited<ReturnType<typeof validateLogin>>;
    try {
      checked = await validateLogin(values);
    } catch {
      setFailure(t('serverUnavailable'));
      return;
    }
    setErrors(checked.errors);
    if (!checked.data) {
      (checked.errors.username ? usernameRef : null)?.current?.focus();
      return;
    }
    try {
      await login(checked.data);
    } catch (error) {
      // docs/spec.md §8: the form is cleared and 'Identifiants incorrects!' is shown. A blocked account (403)
      // or throttling (429) keeps the server's own French explanation; an unreachable server says so.
      const status = isApiError(error) ? error.statusCode : 0;
      if ((status === 403 || status === 429) && isApiError(error)) setFailure(error.message);
      else if (status === 0 || status >= 500) setFailure(t('serverUnavailable'));
      else setFailure(t('invalidCredentials'));
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
      usernameRef.current?.focus();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {failure ? (
        <Alert severity="error" closeText={t('common:close')} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <FormTextField
        name="username"
        value={values.username}
        onChange={change('username')}
        inputRef={usernameRef}
        label={t('username')}
        autoComplete="username"
        autoFocus
        error={!!errors.username}
        helperText={message(errors.username)}
        inputProps={{ 'aria-required': true, autoCapitalize: 'none', spellCheck: false }}
      />

      <FormTextField
        name="password"
        value={values.password}
        onChange={change('password')}
        label={t('password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={!!errors.password}
        helperText={message(errors.password)}
        inputProps={{ 'aria-required': true }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              edge="end"
              aria-label={showPassword ? t('hidePassword') : t('showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
            </IconButton>
          </InputAdornment>
        }
      />

      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mt: -1,
        }}
      >
        <FormControlLabel
          label={t('remember')}
          control={
            <Checkbox
              name="remember"
              checked={!!values.remember}
              onChange={(_, checked) => setValues((v) => ({ ...v, remember: checked }))}
            />
          }
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setForgotOpen(true)}
          sx={{ fontWeight: 600 }}
        >
          {t('forgotPassword')}
        </Link>
      </Box>

      {forgotOpen ? (
        <Alert severity="info" closeText={t('common:close')} onClose={() => setForgotOpen(false)}>
          {t('forgotPasswordAlert')}
        </Alert>
      ) : null}

      <Button type="submit" size="large" variant="contained" fullWidth loading={pending}>
        {t('submit')}
      </Button>
    </Box>
  );
}
