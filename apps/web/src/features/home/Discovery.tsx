import { FilterOutlined } from '@ant-design/icons';
import { performerOptionSets, performerSearchSorts } from '@limelight/contracts/constants';
import { Button, Card, Empty, Flex, Input, Pagination, Select, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SearchCreatorsApiArg } from '../../shared/api/generated/performers';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { useListCountriesQuery } from '../lookups';
import { useListSearchKeywordsQuery, useRecordSearchKeywordMutation, useSearchCreatorsQuery } from '../profile';
import { CreatorGrid } from './CreatorGrid';

const filterNames = ['q', 'gender', 'country', 'age', 'hair', 'bodyType', 'ethnicity', 'isFreeSubscription', 'isOnline', 'order'] as const;
const PAGE_SIZE = 12;
const sortLabels: Record<(typeof performerSearchSorts)[number], string> = {
  popular: 'Most popular',
  newest: 'Newest',
  online: 'Online first',
};

/**
 * Search with filters and sorts that live in the URL; `browse` (the shelves) shows while nothing
 * is searched for, filtered or sorted.
 */
export function Discovery({ browse }: { browse: ReactNode }) {
  const { pathname } = useLocation();
  const { state, query, setPage, setFilter } = useTableState(filterNames, { pageSize: PAGE_SIZE });
  const { filters } = state;
  // A sort alone lists every creator in that order.
  const searching = Object.keys(filters).length > 0;
  // On a phone the filters fold behind one button, so the shelves or results start on the first screen.
  // The screen's width decides it in the style sheet (home.css), not in script: the server, which
  // knows no width, then draws what the phone draws, and nothing moves when the page hydrates.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = Object.keys(filters).filter((name) => name !== 'q').length;
  const results = useSearchCreatorsQuery(
    listArg<SearchCreatorsApiArg>({
      offset: query.offset,
      limit: query.limit,
      ...filters,
      order: undefined,
      sortBy: filters.order ?? 'popular',
    }),
    { skip: !searching },
  );
  const countries = useListCountriesQuery();
  const popularSearches = useListSearchKeywordsQuery({ sortBy: 'popular', limit: 8 });
  const [recordSearch] = useRecordSearchKeywordMutation();
  const searchFor = (value: string) => {
    const keyword = value.trim();
    setFilter('q', keyword || undefined);
    if (keyword.length >= 2) void recordSearch({ body: { keyword } });
  };
  const select = (name: (typeof filterNames)[number], placeholder: string, options: Array<{ value: string; label: string }>) => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      aria-label={placeholder}
      value={filters[name]}
      onChange={(value?: string) => setFilter(name, value)}
      options={options}
    />
  );

  const toggle = (name: 'isFreeSubscription' | 'isOnline', label: string) => (
    <Flex gap={4} align="center">
      <Switch
        size="small"
        aria-label={label}
        checked={filters[name] === 'true'}
        onChange={(on) => setFilter(name, on ? 'true' : undefined)}
      />
      {label}
    </Flex>
  );

  return (
    <section aria-label="Find creators">
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center" className="discovery-bar">
          <Input.Search
            key={filters.q ?? ''}
            defaultValue={filters.q}
            placeholder="Search creators"
            aria-label="Search creators"
            allowClear
            onSearch={searchFor}
            className="discovery-search"
          />
          <Button
            className="discovery-filters-toggle"
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={filtersOpen}
            aria-controls="creator-filters"
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
          </Button>
          <Flex id="creator-filters" gap={8} wrap align="center" className={`discovery-filters${filtersOpen ? ' open' : ''}`}>
            {select('gender', 'Gender', performerOptionSets.genders)}
            {select('country', 'Country', countries.data?.map((country) => ({ value: country.code, label: country.name })) ?? [])}
            {select('age', 'Age', performerOptionSets.ages)}
            {select('hair', 'Hair', performerOptionSets.hairs)}
            {select('bodyType', 'Body type', performerOptionSets.bodyTypes)}
            {select('ethnicity', 'Ethnicity', performerOptionSets.ethnicities)}
            {toggle('isFreeSubscription', 'Free trial')}
            {toggle('isOnline', 'Online now')}
          </Flex>
          <div className="discovery-sort">
            {select(
              'order',
              'Sort',
              performerSearchSorts.map((value) => ({ value, label: sortLabels[value] })),
            )}
          </div>
        </Flex>
        {!!popularSearches.data?.data.length && (
          <Flex gap={4} wrap align="center" style={{ marginTop: 12 }}>
            <Typography.Text type="secondary">Popular searches:</Typography.Text>
            {popularSearches.data.data.map(({ keyword }) => (
              <Tag.CheckableTag key={keyword} checked={filters.q === keyword} onChange={() => searchFor(keyword)}>
                {keyword}
              </Tag.CheckableTag>
            ))}
          </Flex>
        )}
      </Card>
      {searching ? (
        <section aria-labelledby="search-results-title">
          <Typography.Title level={2} id="search-results-title" className="shelf-title">
            {results.data
              ? // A count past the API's cap (decision 077) is said as "1,000+": counting every match would cost more than the page.
                `${results.data.total.toLocaleString('en')}${results.data.totalCapped ? '+' : ''} creator${results.data.total === 1 ? '' : 's'}`
              : 'Searching…'}
          </Typography.Title>
          <CreatorGrid
            performers={results.data?.data}
            loading={results.isFetching}
            expected={PAGE_SIZE}
            empty={
              <Empty description="No creators match. Try fewer filters.">
                <Link to={pathname} className="frame-button">
                  Clear search and filters
                </Link>
              </Empty>
            }
          />
          <Pagination
            style={{ marginTop: 16 }}
            current={state.current}
            pageSize={state.pageSize}
            total={results.data?.total}
            onChange={setPage}
            hideOnSinglePage
          />
        </section>
      ) : (
        browse
      )}
    </section>
  );
}
