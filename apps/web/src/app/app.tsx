import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';

/** The entry builds the router in a task of its own before the first render (main.tsx). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
