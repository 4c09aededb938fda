import { embedQueryKey } from '@graphium/shared';

/** The snippets another site pastes to show a link's survey (decision 024). */
export function embedSnippets(url: string, slug: string) {
  const origin = new URL(url).origin;
  return {
    iframe: `<iframe src="${url}?${embedQueryKey}=inline" title="Survey" style="width:100%;height:640px;border:0"></iframe>`,
    inline: `<script src="${origin}/embed.js" data-link="${slug}" data-mode="inline" async></script>`,
    popup: `<script src="${origin}/embed.js" data-link="${slug}" data-mode="popup" data-button-text="Take the survey" async></script>`,
  };
}
