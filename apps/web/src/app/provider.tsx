/** Everything a screen expects around it: server state, translations, toasts and loading. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Notifications } from '../components/notifications';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

export function AppProvider({
  queryClient,
  children,
}: {
  /** Tests pass their own; the app makes one for its lifetime. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Notifications />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
