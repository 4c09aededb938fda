import { BarChart3, Bell, ClipboardList, KeyRound, List, Send } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useAuthStatus } from '@/features/auth/api/get-startup';
import { useDocumentTitle } from '@/lib/use-document-title';

const features = [
  {
    icon: ClipboardList,
    title: 'Survey templates',
    text: 'Build surveys with scales, ratings, choices and free text, or start from a base template.',
  },
  {
    icon: Send,
    title: 'Send by email or text',
    text: 'Reach participants where they are, with reminders for those who have not answered yet.',
  },
  {
    icon: BarChart3,
    title: 'Responses and benchmarks',
    text: 'Follow scores as responses arrive and compare them with the benchmark.',
  },
  {
    icon: Bell,
    title: 'Alerts',
    text: 'Be told by email or Slack when an answer needs your attention.',
  },
  { icon: List, title: 'Lists', text: 'Keep the lookup data your surveys ask about in one place.' },
  { icon: KeyRound, title: 'API access', text: 'Read your survey data from your own systems with API keys.' },
];

export function LandingRoute() {
  useDocumentTitle('');
  const auth = useAuthStatus();
  const isSignedIn = auth.status === 'authenticated';

  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-gray-200">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            {isSignedIn ? (
              <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
            ) : (
              <>
                <ButtonLink to="/sign-in" variant="ghost">
                  Sign In
                </ButtonLink>
                <ButtonLink to="/sign-up">Sign Up</ButtonLink>
              </>
            )}
          </nav>
        </div>
      </header>
      <main>
        <section className="bg-linear-to-b from-indigo-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
            <h1 className="text-4xl font-bold tracking-tight text-gray-900 sm:text-5xl">
              Welcome to Graphium
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700">
              Create surveys, send them to your customers by email or text message, and turn their answers
              into scores, benchmarks and alerts your whole team can act on.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              {isSignedIn ? (
                <ButtonLink to="/dashboard" size="lg">
                  Go to Dashboard
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to="/sign-up" size="lg">
                    Sign Up
                  </ButtonLink>
                  <ButtonLink to="/sign-in" size="lg" variant="secondary">
                    Sign In
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
        </section>
        <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6 lg:px-8">
          <h2 id="features-heading" className="text-center text-2xl font-bold tracking-tight text-gray-900">
            Everything you need to listen to your customers
          </h2>
          <ul className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl p-6 ring-1 ring-gray-200">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-base font-semibold text-gray-900">{title}</h3>
                <p className="mt-2 text-sm text-gray-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t border-gray-200 py-8 text-center text-sm text-gray-600">
        © {new Date().getFullYear()} Graphium ·{' '}
        <a href="/terms" className="underline hover:text-gray-900">
          Terms of Service
        </a>
      </footer>
    </div>
  );
}
