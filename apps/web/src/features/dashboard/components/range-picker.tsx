import { useEffect, useId, useState } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { customRangeProblem, type RangePreset, type RangeState, rangePresets } from './date-range';

/** The date range: a preset, or two dates applied as soon as they make a range. */
export function RangePicker({
  range,
  onPreset,
  onCustom,
}: {
  range: RangeState;
  onPreset: (preset: Exclude<RangePreset, 'custom'>) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const id = useId();
  // The choice shows at once; `range` follows when the URL has changed.
  const [preset, setPreset] = useState<RangePreset>(range.preset);
  const isCustom = preset === 'custom';
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  useEffect(() => {
    setPreset(range.preset);
    setFrom(range.from);
    setTo(range.to);
  }, [range.preset, range.from, range.to]);
  const problem = isCustom ? customRangeProblem(from, to) : undefined;
  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (!customRangeProblem(nextFrom, nextTo)) onCustom(nextFrom, nextTo);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-preset`} className="block text-sm font-medium text-gray-900">
          Date range
        </label>
        <select
          id={`${id}-preset`}
          value={preset}
          onChange={(event) => {
            const value = event.target.value as RangePreset;
            setPreset(value);
            if (value !== 'custom') onPreset(value);
          }}
          className={`${inputClasses} mt-1.5`}
        >
          {rangePresets.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      {isCustom && (
        <fieldset
          className="flex flex-wrap items-end gap-3"
          aria-describedby={problem ? `${id}-problem` : undefined}
        >
          <legend className="sr-only">Custom range</legend>
          <div>
            <label htmlFor={`${id}-from`} className="block text-sm font-medium text-gray-900">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => change(event.target.value, to)}
              className={`${inputClasses} mt-1.5`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-sm font-medium text-gray-900">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => change(from, event.target.value)}
              className={`${inputClasses} mt-1.5`}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} className="w-full text-sm text-red-700">
              {problem}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
