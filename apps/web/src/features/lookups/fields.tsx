import { Select, type SelectProps } from 'antd';
import { useListCountriesQuery } from './api';

/** The one country picker (sign-up, account, banking): names to choose from, the two-letter code as value. */
export function CountrySelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const countries = useListCountriesQuery();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="Choose"
      {...props}
      loading={countries.isLoading}
      options={countries.data?.map((entry) => ({ value: entry.code, label: entry.name }))}
    />
  );
}
