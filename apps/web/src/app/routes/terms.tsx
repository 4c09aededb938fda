import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useDocumentTitle } from '@/lib/use-document-title';

const sections = [
  {
    title: 'Your account',
    text: 'You are responsible for the activity of your account and for keeping your password secret. Tell us at once if you believe someone else has used it.',
  },
  {
    title: 'Your data',
    text: 'The surveys you create and the responses you collect belong to you. We process them only to provide the service, and we never share individual responses with other customers.',
  },
  {
    title: 'Your respondents',
    text: 'You may send surveys only to people who agreed to hear from you, and you must honour their requests to stop receiving messages.',
  },
  {
    title: 'Acceptable use',
    text: 'Do not use Graphium to send unsolicited messages, to collect data you are not allowed to collect, or to disrupt the service for others.',
  },
  {
    title: 'Changes',
    text: 'We may update these terms. When we make a significant change we will tell you before it takes effect.',
  },
];

export function TermsRoute() {
  useDocumentTitle('Terms of Service');
  return (
    <div className="min-h-dvh bg-white">
      <header className="border-b border-gray-200">
        <div className="mx-auto max-w-3xl px-4 py-3 sm:px-6">
          <Link
            to="/"
            className="inline-block rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Logo />
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Terms of Service</h1>
        <p className="mt-4 text-gray-700">
          These terms apply to every workspace on Graphium. By creating an account you agree to them.
        </p>
        {sections.map((section) => (
          <section key={section.title} className="mt-8">
            <h2 className="text-lg font-semibold text-gray-900">{section.title}</h2>
            <p className="mt-2 text-gray-700">{section.text}</p>
          </section>
        ))}
      </main>
    </div>
  );
}
