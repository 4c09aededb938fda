import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the whole app (real routes, shells, query client and toasts) at a URL, against the mocked API. */
export function renderApp(initialEntry: InitialEntry) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
