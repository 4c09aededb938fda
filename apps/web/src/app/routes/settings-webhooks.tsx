import { useParams } from 'react-router';
import { useCan } from '@/features/auth/api/use-can';
import { VerifyingSignatures } from '@/features/webhooks/components/verifying-signatures';
import { WebhookDetail } from '@/features/webhooks/components/webhook-detail';
import { Webhooks } from '@/features/webhooks/components/webhooks';
import { useDocumentTitle } from '@/lib/use-document-title';

export function WebhooksRoute() {
  useDocumentTitle('Webhooks');
  return <Webhooks canManageWebhooks={useCan('admin')} />;
}

export function WebhookDetailRoute() {
  useDocumentTitle('Webhook');
  const { webhookId = '' } = useParams();
  return <WebhookDetail webhookId={webhookId} canManageWebhooks={useCan('admin')} />;
}

export function VerifyingSignaturesRoute() {
  useDocumentTitle('Verifying Webhook Signatures');
  return <VerifyingSignatures />;
}
