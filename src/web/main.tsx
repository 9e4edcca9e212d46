import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startOfflineSync } from './app/offline-sync.js';
import { preloadRoute } from './app/prefetch.js';
import { queryClient } from './app/query-client.js';
import { router } from './app/router.js';
import { startSignOutSync } from './app/sign-out.js';
import { UpdatePrompt } from './app/update-prompt.js';
import { ToastHost } from './components/ui/toast.js';
import { ConfirmHost } from './components/ui/confirm-dialog.js';
import { AuthProvider } from './features/auth/index.js';
import { registerServiceWorker } from './lib/sw-register.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root ausente');

// The router has already started the current page's downloads (its loader). A signed-in user
// elsewhere is most likely to go to the dashboard next: its code is fetched once the page is idle.
const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1000));
idle(() => preloadRoute('/dashboard', { data: false }));
// Experiments saved without a connection are sent from here on.
startOfflineSync();
// Sign-outs made without a connection reach the server when it returns (docs/security.md).
startSignOutSync();

// Offline use: production builds only, so vitest and the dev server never meet a worker.
// On the very first visit the data already on screen are read again through it, to be there offline.
if (import.meta.env.PROD) registerServiceWorker(() => void queryClient.refetchQueries({ type: 'active' }));

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <ToastHost />
      <ConfirmHost />
      <UpdatePrompt />
    </QueryClientProvider>
  </StrictMode>,
);
