import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Last-resort screen: typically a lazily loaded page that is gone after a new deployment. */
export function RouteErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Box sx={{ maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('routeError.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('routeError.text')}</Typography>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </Box>
    </Box>
  );
}

interface BoundaryProps {
  /** A change of this value (the path) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches render errors of the routed pages; reloading fetches the current build. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorScreen /> : this.props.children;
  }
}
