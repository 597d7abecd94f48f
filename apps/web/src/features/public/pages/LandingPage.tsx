import Email from '@mui/icons-material/Email';
import Login from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { CtaBand } from '../components/CtaBand';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { LOGIN_PATH } from '../constants';
import { FaqTeaser } from './landing/FaqTeaser';
import { FeaturesSection } from './landing/FeaturesSection';
import { HeroSection } from './landing/HeroSection';
import { LotteriesBand } from './landing/LotteriesBand';
import { NumbersSection } from './landing/NumbersSection';
import { StepsSection } from './landing/StepsSection';

export default function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('landing.hero.eyebrow'));
  return (
    <>
      <HeroSection />
      <LotteriesBand />
      <FeaturesSection />
      <StepsSection />
      <NumbersSection />
      <FaqTeaser />
      <CtaBand
        title={t('landing.cta.title')}
        subtitle={t('landing.cta.subtitle')}
        primary={{ label: t('landing.cta.primary'), to: LOGIN_PATH, icon: <Login /> }}
        secondary={{ label: t('landing.cta.secondary'), to: '/contact-us', icon: <Email /> }}
      />
    </>
  );
}
