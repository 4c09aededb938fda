import { useNavigate, useParams } from 'react-router';
import { ContactPage } from '@/features/contacts/components/contact-page';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { EraseRespondentButton } from '@/features/privacy/components/erase-respondent-button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /contacts: the workspace's contacts directory (decision 038). */
export function ContactsRoute() {
  useDocumentTitle('Contacts');
  return <ContactsPage />;
}

/** /contacts/{contactId}: one contact. */
export function ContactRoute() {
  useDocumentTitle('Contact');
  const contactId = useParams().contactId ?? '';
  const navigate = useNavigate();
  return (
    <ContactPage
      key={contactId}
      contactId={contactId}
      actions={
        <EraseRespondentButton
          target={{ contactId }}
          who="this contact and every survey sent to them"
          onErased={() => void navigate('/contacts')}
        />
      }
    />
  );
}
