import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactElement, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { Logo } from '../../../components/logo';
import { PrinterProvider } from '../../../components/printing/use-printer';
import { RouteErrorBoundary } from '../../../components/route-error';
import { SettingsButton } from '../../../components/settings/settings-button';
import { PageLoader } from '../../../components/splash-screen';
import { usePosSession, usePosUser } from '../api/pos-session';
import { PosAccountMenu } from './account/account-menu';
import { BOTTOM_NAV_HEIGHT } from './layout';
import { MessagesTab, useUnreadMessages } from './messages-tab';
import { SellTab } from './sell/sell-tab';

// The first tab (« Vendre ») comes with the POS; the others (the report's date picker, the scanner...) on first use.
const FichesTab = lazy(() => import('./fiches/fiches-tab').then((m) => ({ default: m.FichesTab })));
const PayTab = lazy(() => import('./pay/pay-tab').then((m) => ({ default: m.PayTab })));
const ReportTab = lazy(() => import('./report-tab').then((m) => ({ default: m.ReportTab })));

type TabId = 'vendre' | 'fiches' | 'payer' | 'rapport' | 'messages';

interface TabDef {
  id: TabId;
  icon: ReactElement;
  perm?: string;
}

const TABS: TabDef[] = [
  { id: 'vendre', icon: <PointOfSaleOutlinedIcon />, perm: 'pos_sell' },
  { id: 'fiches', icon: <ReceiptLongOutlinedIcon /> },
  { id: 'payer', icon: <PaymentsOutlinedIcon />, perm: 'pos_pay' },
  { id: 'rapport', icon: <AssessmentOutlinedIcon />, perm: 'pos_report' },
  { id: 'messages', icon: <CampaignOutlinedIcon /> },
];

function TabContent({ tab }: { tab: TabId }) {
  switch (tab) {
    case 'vendre':
      return <SellTab />;
    case 'fiches':
      return <FichesTab />;
    case 'payer':
      return <PayTab />;
    case 'rapport':
      return <ReportTab />;
    default:
      return <MessagesTab />;
  }
}

/** The signed-in POS: top bar (company, agent, settings, the agent's menu: password, sign-out) and five tabs (bottom bar on a phone). */
export default function PosApp() {
  const { t } = useTranslation('pos');
  const user = usePosUser();
  const { signOut } = usePosSession();
  const confirm = useConfirm();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const tabs = useMemo(() => {
    const perms = new Set(user.perms.map((p) => p.codename));
    return TABS.filter((d) => !d.perm || perms.has(d.perm));
  }, [user.perms]);
  const wanted = params.get('tab');
  const tab = tabs.find((d) => d.id === wanted)?.id ?? tabs[0]?.id ?? 'fiches';
  const unread = useUnreadMessages(user.id, tab === 'messages');

  const go = (id: TabId) => setParams(id === tabs[0]?.id ? {} : { tab: id }, { replace: true });

  // Alt+1…5 switches tabs from the keyboard.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const n = Number(event.key);
      const target = Number.isInteger(n) && n >= 1 ? tabs[n - 1] : undefined;
      if (target) {
        event.preventDefault();
        setParams(target.id === tabs[0]?.id ? {} : { tab: target.id }, { replace: true });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tabs, setParams]);

  const onSignOut = async () => {
    if (await confirm({ title: t('signOutTitle'), message: t('signOutText'), confirmText: t('signOut') }))
      await signOut();
  };

  const label = (d: TabDef) => t(`tabs.${d.id}`);
  const icon = (d: TabDef) =>
    d.id === 'messages' && unread > 0 ? (
      <Badge color="error" badgeContent={unread}>
        {d.icon}
      </Badge>
    ) : (
      d.icon
    );
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;

  return (
    <PrinterProvider company={user.company?.companyname ?? user.companyname ?? ''}>
      <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1.25, px: { xs: 1.5, sm: 2 } }}>
            <Logo size={32} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="subtitle2" noWrap component="p">
                {user.company?.companyname ?? user.companyname}
              </Typography>
              <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                {name}
              </Typography>
            </Box>
            <SettingsButton />
            <PosAccountMenu user={user} onSignOut={() => void onSignOut()} />
          </Toolbar>
          {desktop ? (
            <Tabs value={tab} onChange={(_, v: TabId) => go(v)} sx={{ px: 2 }} aria-label={t('tabsLabel')}>
              {tabs.map((d, i) => (
                <Tab
                  key={d.id}
                  value={d.id}
                  icon={icon(d)}
                  iconPosition="start"
                  label={label(d)}
                  title={`Alt+${i + 1}`}
                  sx={{ minHeight: 52 }}
                />
              ))}
            </Tabs>
          ) : null}
        </AppBar>
        <Container
          component="main"
          maxWidth="lg"
          sx={{
            pt: { xs: 2, md: 3 },
            px: { xs: 1.5, sm: 3 },
            pb: { xs: `calc(${BOTTOM_NAV_HEIGHT + 24}px + env(safe-area-inset-bottom))`, md: 6 },
          }}
        >
          <Typography variant="h5" component="h1" sx={{ mb: 2, display: { xs: 'none', md: 'block' } }}>
            {t(`tabs.${tab}`)}
          </Typography>
          {/* A tab whose code cannot be fetched (offline, a new deployment) fails alone: « Vendre » keeps working. */}
          <RouteErrorBoundary resetKey={tab}>
            <Suspense fallback={<PageLoader />}>
              <TabContent tab={tab} />
            </Suspense>
          </RouteErrorBoundary>
        </Container>
        {desktop ? null : (
          <Paper
            elevation={8}
            sx={{
              position: 'fixed',
              left: 0,
              right: 0,
              bottom: 0,
              zIndex: 'appBar',
              pb: 'env(safe-area-inset-bottom)',
            }}
          >
            <BottomNavigation
              showLabels
              value={tab}
              onChange={(_, v: TabId) => go(v)}
              sx={{ height: BOTTOM_NAV_HEIGHT }}
              component="nav"
              aria-label={t('tabsLabel')}
            >
              {tabs.map((d) => (
                <BottomNavigationAction
                  key={d.id}
                  value={d.id}
                  label={label(d)}
                  icon={icon(d)}
                  sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: 12 } }}
                />
              ))}
            </BottomNavigation>
          </Paper>
        )}
      </Box>
    </PrinterProvider>
  );
}
