import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading, RouteError } from '../app/page-states';
import { CONSOLE_PATH, SIGN_IN_PATH } from '../app/paths';
import { RequireAuth } from '../app/require-auth';
import { loadFullSystem } from '../app/theme-store';
import SignInScreen from './sign-in/SignInScreen';

// Every console screen is its own chunk: sign-in never pulls the console, the console shell never
// pulls the form engine until a collection is opened. The sign-in screen itself is small and is
// in the initial chunk, so its form paints without another round trip.

// The shell brings the full Chakra system (every recipe) with it; sign-in has a smaller one.
const ConsoleLayout = lazy(() => Promise.all([import('./console/ConsoleLayout'), loadFullSystem()]).then(([layout]) => layout));
const WelcomeScreen = lazy(() => import('./console/WelcomeScreen'));
const CollectionScreen = lazy(() => import('./collection/CollectionScreen'));
const SettingsScreen = lazy(() => import('./settings/SettingsScreen'));
const SyncScreen = lazy(() => import('./sync/SyncScreen'));
const EventsScreen = lazy(() => import('./events/EventsScreen'));
const OrdersScreen = lazy(() => import('./orders/OrdersScreen'));
const PriceReviewScreen = lazy(() => import('./price-review/PriceReviewScreen'));
// Lazy too: it reads the current project (Firestore) and the shared package (zod), which a static
// import here would put into the sign-in screen's initial JavaScript.
const ToolScreen = lazy(() => import('./console/components/tool-screen').then((m) => ({ default: m.ToolScreen })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading standalone />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to={CONSOLE_PATH} replace /> },
      {
        path: SIGN_IN_PATH,
        element: <SignInScreen />,
      },
      {
        path: CONSOLE_PATH,
        element: (
          <RequireAuth>
            <Lazy>
              <ConsoleLayout />
            </Lazy>
          </RequireAuth>
        ),
        // The layout renders these inside its own Suspense, so the header and menu stay put.
        children: [
          { index: true, element: <WelcomeScreen /> },
          { path: 'config/:settingsId?', element: <SettingsScreen /> },
          {
            path: 'sync',
            element: (
              <ToolScreen tool="product-sync">
                <SyncScreen />
              </ToolScreen>
            ),
          },
          {
            path: 'events',
            element: (
              <ToolScreen tool="events">
                <EventsScreen />
              </ToolScreen>
            ),
          },
          { path: 'orders', element: <OrdersScreen /> },
          // Held price changes and stale overrides (issue 29): before ':collection', which would take the path.
          { path: 'price-review', element: <PriceReviewScreen /> },
          // One route for the list and the open document: changing docId keeps the list mounted.
          { path: ':collection/:docId?', element: <CollectionScreen /> },
        ],
      },
      { path: '*', element: <Navigate to={CONSOLE_PATH} replace /> },
    ],
  },
]);
