import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/** Which templates count: all of them (none ticked) or the ticked ones. */
export function TemplatePicker({
  templates,
  selected,
  onChange,
}: {
  templates: readonly { templateId: string; name: string }[];
  selected: readonly string[];
  onChange: (templateIds: string[]) => void;
}) {
  const id = useId();
  // Ticked at once: the choice reaches `selected` only when the URL has changed.
  const [ticked, setTicked] = useState<readonly string[]>(selected);
  const selectedKey = selected.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the array.
  useEffect(() => setTicked(selected), [selectedKey]);
  const chosen = new Set(ticked);
  const summary =
    ticked.length === 0
      ? 'All templates'
      : ticked.length === 1
        ? (templates.find((template) => template.templateId === ticked[0])?.name ?? '1 template')
        : `${ticked.length} templates`;
  const toggle = (templateId: string) => {
    const next = new Set(chosen);
    if (next.has(templateId)) next.delete(templateId);
    else next.add(templateId);
    const ids = templates.map((template) => template.templateId).filter((templateId) => next.has(templateId));
    setTicked(ids);
    onChange(ids);
  };
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium text-gray-900">
        Templates
      </span>
      <details className="group relative mt-1.5">
        <summary
          aria-describedby={`${id}-label`}
          className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:min-w-56"
        >
          <span>Templates: {summary}</span>
          <ChevronDown className="size-4 text-gray-600 group-open:rotate-180" aria-hidden="true" />
        </summary>
        <fieldset className="absolute z-10 mt-1 max-h-72 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md bg-white p-3 shadow-lg ring-1 ring-gray-200">
          <legend className="sr-only">Templates to include</legend>
          {templates.length === 0 && <p className="text-sm text-gray-600">No survey templates yet.</p>}
          {ticked.length > 0 && (
            <button
              type="button"
              onClick={() => {
                setTicked([]);
                onChange([]);
              }}
              className="mb-2 text-sm font-semibold text-indigo-700 hover:underline"
            >
              All templates
            </button>
          )}
          <ul className="space-y-1">
            {templates.map((template) => (
              <li key={template.templateId}>
                <label className="flex items-center gap-2 text-sm text-gray-900">
                  <input
                    type="checkbox"
                    checked={chosen.has(template.templateId)}
                    onChange={() => toggle(template.templateId)}
                    className="size-4 rounded border-gray-300 text-indigo-600"
                  />
                  {template.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>
    </div>
  );
}
