import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';

const toastAutoCloseMs = 5000;

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={toastAutoCloseMs}
        closeOnClick
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
      />
    </QueryClientProvider>
  );
}
