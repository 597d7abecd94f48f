import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { PageFallback } from './components/PageFallback';

// Everything public is split out of the main bundle, so it does not weigh on the login page.
const MainLayout = lazy(() => import('./layout/MainLayout'));
const LandingPage = lazy(() => import('./pages/LandingPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const ContactPage = lazy(() => import('./pages/ContactPage'));
const FaqsPage = lazy(() => import('./pages/FaqsPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

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
