import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageFallback } from './components/page-fallback';

// Everything public is split out of the main bundle, so it does not weigh on the login page.
const MainLayout = lazy(() => import('./layout/main-layout'));
const LandingPage = lazy(() => import('./pages/landing-page'));
const AboutPage = lazy(() => import('./pages/about-page'));
const ContactPage = lazy(() => import('./pages/contact-page'));
const FaqsPage = lazy(() => import('./pages/faqs-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/**
 * Public routes: '/', '/about-us', '/contact-us', '/faqs' and '/404', inside the public layout.
 * Pages suspend inside the layout (its <Suspense> keeps header and footer on screen).
 */
export const publicRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageFallback fullScreen />}>
        <MainLayout />
      </Suspense>
    ),
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/about-us', element: <AboutPage /> },
      { path: '/contact-us', element: <ContactPage /> },
      { path: '/faqs', element: <FaqsPage /> },
      { path: '/404', element: <NotFoundPage /> },
    ],
  },
];
