import { Input, Select } from 'antd';

/**
 * The search box above a table. Keyed by the value in the URL, so going back or following a
 * link shows that search; clearing it removes the filter.
 */
export function SearchFilter({
  value,
  onSearch,
  placeholder,
  label,
}: {
  value?: string;
  onSearch: (value?: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value}
      placeholder={placeholder}
      allowClear
      onSearch={(text) => onSearch(text.trim() || undefined)}
      style={{ maxWidth: 280 }}
      aria-label={label}
    />
  );
}

export type Option = { value: string; label: string };

/** A filter choice above a table; `values` are shown as they are, `options` with labels. */
export function SelectFilter({
  value,
  onChange,
  values,
  options,
  placeholder,
  label,
  width = 140,
}: {
  value?: string;
  onChange: (value?: string) => void;
  values?: readonly string[];
  options?: Option[];
  placeholder: string;
  label: string;
  width?: number;
}) {
  return (
    <Select
      allowClear
      placeholder={placeholder}
      value={value}
      onChange={(next?: string) => onChange(next)}
      options={options ?? values?.map((item) => ({ value: item, label: item }))}
      style={{ width }}
      aria-label={label}
    />
  );
}
