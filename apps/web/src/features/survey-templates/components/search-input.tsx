import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';

type SearchInputProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={clsx(inputClasses, 'pl-9')}
      />
    </div>
  );
}
