import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CasinoOutlined from '@mui/icons-material/CasinoOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { NavIcon } from '../../../config/nav';

const ICONS: Record<NavIcon, ComponentType<SvgIconProps>> = {
  dashboard: DashboardOutlined,
  tirage: EventNoteOutlined,
  tirageAuto: AutoModeOutlined,
  lotto: CasinoOutlined,
  prime: PaidOutlined,
  mariage: FavoriteBorderOutlined,
  supervisor: SupervisorAccountOutlined,
  message: CampaignOutlined,
  pays: PublicOutlined,
  company: BusinessOutlined,
  payment: PaymentsOutlined,
  generale: AccountTreeOutlined,
  agent: BadgeOutlined,
  generateAgent: GroupAddOutlined,
  limiteFiche: ReceiptLongOutlined,
  terminal: PhonelinkLockOutlined,
  resultProviders: CloudSyncOutlined,
  drawCalendar: EventRepeatOutlined,
  lots: EmojiEventsOutlined,
  blocage: BlockOutlined,
  stats: BarChartOutlined,
  alerts: NotificationImportantOutlined,
  risk: LocalFireDepartmentOutlined,
  limit: TuneOutlined,
  trace: HistoryOutlined,
  transactions: SwapHorizOutlined,
  facturation: RequestQuoteOutlined,
  succursale: StorefrontOutlined,
  report: AssessmentOutlined,
  fiche: ReceiptOutlined,
  account: AccountCircleOutlined,
  settings: SettingsOutlined,
};

export function NavItemIcon({ name, ...props }: { name: NavIcon } & SvgIconProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
