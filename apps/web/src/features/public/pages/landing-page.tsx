import Email from '@mui/icons-material/Email';
import Login from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { CtaBand } from '../components/cta-band';
import { useDocumentTitle } from '../components/use-document-title';
import { LOGIN_PATH } from '../constants';
import { FaqTeaser } from './landing/faq-teaser';
import { FeaturesSection } from './landing/features-section';
import { HeroSection } from './landing/hero-section';
import { LotteriesBand } from './landing/lotteries-band';
import { NumbersSection } from './landing/numbers-section';
import { StepsSection } from './landing/steps-section';

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
