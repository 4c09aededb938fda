import type { PublicLink } from '@graphium/shared';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { qrCodeUrl } from '../api/qr-code-url';
import { CopyField } from './copy-field';
import { embedSnippets } from './embed-snippets';

function limitsOf(link: PublicLink): string[] {
  const limits: string[] = [];
  if (link.closesAt) limits.push(`Closes ${new Date(link.closesAt).toLocaleString()}`);
  if (link.maxCompletedResponses !== null) limits.push(`At most ${link.maxCompletedResponses} completed`);
  if (link.hourlyCap !== null) limits.push(`At most ${link.hourlyCap} surveys an hour`);
  if (link.onePerBrowser) limits.push('One response per browser');
  if (link.onePerContact) limits.push('One response per contact');
  if (link.frameOrigins.length > 0) limits.push(`Embeddable on ${link.frameOrigins.join(', ')}`);
  return limits;
}

function isLinkClosed(link: PublicLink, now = Date.now()): boolean {
  return (
    (link.closesAt !== null && new Date(link.closesAt).getTime() <= now) ||
    (link.maxCompletedResponses !== null && link.counts.completed >= link.maxCompletedResponses)
  );
}

type LinkCardProps = {
  link: PublicLink;
  hiddenFieldKeys: string[];
  editReason: string | undefined;
  onEdit: () => void;
  onDelete: () => void;
};

/** One link: its address, counts, QR code, embed snippets and (for editors) Edit and Delete. */
export function LinkCard({ link, hiddenFieldKeys, editReason, onEdit, onDelete }: LinkCardProps) {
  const snippets = embedSnippets(link.url, link.slug);
  const limits = limitsOf(link);
  const example =
    hiddenFieldKeys.length > 0 ? `${link.url}?${hiddenFieldKeys.map((key) => `${key}=…`).join('&')}` : '';
  return (
    <article
      aria-labelledby={`link-${link.publicLinkId}`}
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={`link-${link.publicLinkId}`} className="text-base font-semibold text-gray-900">
            {link.name}
          </h3>
          <p className="mt-1">
            {isLinkClosed(link) ? <Badge tone="gray">Closed</Badge> : <Badge tone="green">Open</Badge>}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            disabledReason={editReason}
            aria-label={`Edit ${link.name}`}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onDelete}
            disabledReason={editReason}
            aria-label={`Delete ${link.name}`}
          >
            Delete
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center sm:max-w-md">
        {(
          [
            ['Visits', link.counts.visits],
            ['Started', link.counts.started],
            ['Completed', link.counts.completed],
          ] as const
        ).map(([label, count]) => (
          <div key={label} className="rounded-md bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-lg font-semibold text-gray-900">{count}</dd>
          </div>
        ))}
      </dl>
      {limits.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          {limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_auto]">
        <div className="space-y-4">
          <CopyField label="Link" value={link.url} />
          {example && <p className="text-sm text-gray-600">{`Hidden fields: ${example}`}</p>}
          <CopyField label="Embed inline (script)" value={snippets.inline} rows={2} />
          <CopyField label="Embed as a pop-up (script)" value={snippets.popup} rows={2} />
          <CopyField label="Embed in an iframe" value={snippets.iframe} rows={2} />
        </div>
        <figure className="flex flex-col items-center gap-2">
          <img
            src={qrCodeUrl(link.publicLinkId, 'svg', link.updatedAt)}
            alt={`QR code for ${link.url}`}
            className="size-40 rounded bg-white ring-1 ring-gray-200"
          />
          <figcaption className="flex gap-2">
            <a
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              href={qrCodeUrl(link.publicLinkId, 'png', link.updatedAt)}
              download
              aria-label={`Download PNG QR code of ${link.name}`}
            >
              Download PNG
            </a>
            <a
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              href={qrCodeUrl(link.publicLinkId, 'svg', link.updatedAt)}
              download
              aria-label={`Download SVG QR code of ${link.name}`}
            >
              Download SVG
            </a>
          </figcaption>
        </figure>
      </div>
    </article>
  );
}
