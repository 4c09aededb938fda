import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';

const toastAutoCloseMs = 5000;

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Bottom left: page actions (Publish, Edit, Save) sit at the top right and at the bottom
          right of dialogs, and a dialog's close button at its top right (docs/decisions/015). */}
      <ToastContainer
        position="bottom-left"
        autoClose={toastAutoCloseMs}
        closeOnClick
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
      />
    </QueryClientProvider>
  );
}
