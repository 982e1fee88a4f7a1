import { roleOf, type StudioRole } from '@efir/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '../components/toasts.tsx';
import { problemOf, queryClient } from '../lib/api.ts';
import { LoginPage } from '../features/session/login-page.tsx';
import { sessionEnded, useSession } from '../features/session/use-session.ts';
import { createStudioRouter } from './router.tsx';
import { Loading } from '../components/loaded.tsx';

// A call answered 401 anywhere means the session ended: back to signing in.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
});
queryClient.getMutationCache().subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'error') sessionEnded(event.action.error);
});

function Signed({ role }: { role: StudioRole | undefined }) {
  // The role decides the screens: a new role, a new router.
  const router = useMemo(() => createStudioRouter(role), [role]);
  return <RouterProvider router={router} />;
}

function Gate() {
  const session = useSession();
  if (session.isPending) {
    return (
      <div style={{ padding: '2rem' }}>
        <Loading what="Загрузка студии…" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <main className="login">
        <p className="alert" role="alert">
          {problemOf(session.error)}
        </p>
      </main>
    );
  }
  return session.data === null ? <LoginPage /> : <Signed role={roleOf(session.data.user.role)} />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Gate />
      </ToastProvider>
    </QueryClientProvider>
  );
}
