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
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { Logo } from '../../../components/logo';
import { SettingsButton } from '../../../components/settings/settings-button';
import { isApiError } from '../../../lib/api-client';
import { NotAgentError, usePosSession } from '../api/pos-session';

/** The POS sign-in: the same login API, agents only; « remember » is on by default (a seller's own device). */
export function PosLogin() {
  const { t } = useTranslation(['pos', 'auth']);
  const { signIn, expired } = usePosSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [show, setShow] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const miss = { username: !username.trim(), password: !password };
    setMissing(miss);
    if (miss.username || miss.password) {
      (miss.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await signIn({ username: username.trim(), password, remember });
    } catch (error) {
      setPending(false);
      setPassword('');
      if (error instanceof NotAgentError) setFailure(t('login.notAgent'));
      else if (isApiError(error) && (error.statusCode === 403 || error.statusCode === 429)) setFailure(error.message);
      else if (!isApiError(error) || error.statusCode === 0 || error.statusCode >= 500)
        setFailure(t('auth:serverUnavailable'));
      else setFailure(t('auth:invalidCredentials'));
      passwordRef.current?.focus();
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 2, height: 64 }}>
        <Logo size={32} />
        <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <SettingsButton />
      </Box>
      <Box
        component="main"
        sx={{ flexGrow: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center' }}
      >
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{
            width: 1,
            maxWidth: 420,
            px: 2,
            pt: { xs: 3, sm: 0 },
            pb: 4,
            display: 'flex',
            flexDirection: 'column',
            gap: 2.5,
          }}
        >
          <div>
            <Typography variant="h4" component="h1">
              {t('login.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('login.subtitle')}
            </Typography>
          </div>
          {expired && !failure ? <Alert severity="warning">{t('login.expired')}</Alert> : null}
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <FormTextField
            name="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            inputRef={usernameRef}
            label={t('auth:username')}
            autoComplete="username"
            autoFocus
            error={!!missing.username}
            helperText={missing.username ? t('auth:validation.usernameRequired') : undefined}
            inputProps={{ autoCapitalize: 'none', spellCheck: false, 'aria-required': true }}
            sx={{ minHeight: 56 }}
          />
          <FormTextField
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            inputRef={passwordRef}
            label={t('auth:password')}
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            error={!!missing.password}
            helperText={missing.password ? t('login.passwordRequired') : undefined}
            inputProps={{ 'aria-required': true }}
            sx={{ minHeight: 56 }}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={show ? t('auth:hidePassword') : t('auth:showPassword')}
                  aria-pressed={show}
                  onClick={() => setShow((v) => !v)}
                >
                  {show ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
                </IconButton>
              </InputAdornment>
            }
          />
          <FormControlLabel
            sx={{ mt: -1 }}
            label={t('auth:remember')}
            control={<Checkbox checked={remember} onChange={(_, v) => setRemember(v)} />}
          />
          <Button type="submit" size="large" variant="contained" fullWidth loading={pending} sx={{ minHeight: 52 }}>
            {t('login.submit')}
          </Button>
          <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {t('login.help')}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {t('login.backOfficeHint')} <Link href="/auth/login">{t('login.backOfficeLink')}</Link>
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
