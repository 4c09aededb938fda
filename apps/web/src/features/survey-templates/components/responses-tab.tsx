import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { TabHeading } from './tab-heading';
import { useTemplateEditor } from './template-context';

/** Responses tab: the summary and list of responses fill it once surveys are sent. */
export function ResponsesTab() {
  const { version } = useTemplateEditor();
  return (
    <section>
      <TabHeading title="Responses" />
      <EmptyState icon={Inbox} title="No responses yet">
        {version.state === 'PUBLISHED'
          ? 'Responses arrive here as respondents complete the surveys sent from this template.'
          : 'Responses arrive here once the template is published and surveys are sent from it.'}
      </EmptyState>
    </section>
  );
}
