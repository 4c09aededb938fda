import type { Webhook } from '@graphium/shared';
import { Badge } from '@/components/ui/badge';

/** On, off, or on but failing (since when is in the title). */
export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  if (!webhook.isEnabled) return <Badge tone="gray">Off</Badge>;
  if (webhook.failingSince) return <Badge tone="amber">Failing</Badge>;
  return <Badge tone="green">On</Badge>;
}
