export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  detail: (webhookId: string) => [...webhookKeys.all, 'detail', webhookId] as const,
  deliveries: (webhookId: string, page: number) =>
    [...webhookKeys.all, 'deliveries', webhookId, page] as const,
};
